import { DEV_ALLOWED_ORIGINS } from '@airlock/protocol';

/**
 * Parses the frame deployment's allowed parent origins (docs/integration.md):
 * a comma-separated list of origin patterns with `*` wildcards (spec §5), e.g.
 * `https://app.example.com,http://localhost:*`. Blank entries are dropped.
 * An empty or missing value gives {@link DEV_ALLOWED_ORIGINS}.
 * @param raw the value of `import.meta.env.VITE_AIRLOCK_ALLOWED_ORIGINS`.
 */
export function parseAllowedOrigins(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : [...DEV_ALLOWED_ORIGINS];
}

/** The allowlist this build was made with (`VITE_AIRLOCK_ALLOWED_ORIGINS`, default DEV_ALLOWED_ORIGINS). */
export const allowedOrigins: readonly string[] = parseAllowedOrigins(
  import.meta.env.VITE_AIRLOCK_ALLOWED_ORIGINS as string | undefined,
);

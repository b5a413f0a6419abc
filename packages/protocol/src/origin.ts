/**
 * Origin allowlist matching with wildcards (spec §5 'Origin check supports
 * wildcards; origin must be in the project's allowed list').
 *
 * Patterns are full origins (`https://app.example.com`) where `*` matches any
 * run of characters except `/`: `https://*.example.com`, `http://localhost:*`.
 * A bare `*` allows every origin.
 */

/** Turns an origin pattern into an anchored RegExp. */
export function originPatternToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${escaped}$`);
}

/**
 * True when `origin` (scheme://host[:port], as in `MessageEvent.origin`)
 * matches one of `patterns`. `null` and the opaque origin `'null'` never match.
 */
export function isOriginAllowed(origin: string | null | undefined, patterns: readonly string[]): boolean {
  if (!origin || origin === 'null') return false;
  return patterns.some((p) => p === '*' || originPatternToRegExp(p).test(origin));
}

/** The dev default allowlist (issue 2): any port on localhost and 127.0.0.1. */
export const DEV_ALLOWED_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'] as const;

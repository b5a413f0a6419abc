import { createApiClient, type ApiClient } from '../api/client.ts';
import { checkRemoteOrigin, ORIGINS_TIMEOUT_MS } from '../api/remote.ts';
import { resolveBoot, type Boot, type BootEnvironment } from './boot.ts';
import { parseConfig } from './parseConfig.ts';

/**
 * Boot with the provider API (issue 4, spec §5): when FrameConfig.apiUrl is
 * set, the claimed parent origin is checked against the project's allowed
 * origins from GET /projects/v1/origins (wildcards) — that list replaces the
 * build-time allowlist; when the API refuses the frame's own origin the boot
 * fails with 'Invalid App Configuration'; when the API is absent, down or
 * slower than `timeoutMs`, the build-time allowlist (`env.allowlist`) is the
 * offline fallback. The other checks of {@link resolveBoot} (config, ancestor
 * origin, referrer) always apply. penpal may connect only after an `ok` result.
 * Never throws.
 * @param makeClient builds the API client from the parsed config (tests pass a fake)
 */
export async function resolveBootWithApi(
  env: BootEnvironment,
  makeClient: (config: { apiUrl: string; projectId: string; sdkVersion?: string | undefined }) => ApiClient = (c) =>
    createApiClient({ baseUrl: c.apiUrl, projectId: c.projectId, sdkVersion: c.sdkVersion }),
  timeoutMs = ORIGINS_TIMEOUT_MS,
): Promise<Boot> {
  const parsed = parseConfig(env.search);
  if (!parsed.ok || !parsed.config.apiUrl) return resolveBoot(env);
  const { apiUrl, projectId, sdkVersion, parentOrigin } = parsed.config;
  const remote = await checkRemoteOrigin(makeClient({ apiUrl, projectId, sdkVersion }), parentOrigin, timeoutMs);
  if (remote.kind === 'refused') {
    return { ok: false, problem: { kind: 'origin', message: `The provider API refused this widget: ${remote.message}` } };
  }
  if (remote.kind === 'remote') return resolveBoot({ ...env, allowlist: remote.allowedOrigins });
  return resolveBoot(env);
}

import { AllowedOriginsResponseSchema, isOriginAllowed } from '@airlock/protocol';
import { ApiError, type ApiClient } from './client.ts';

/**
 * The project's allowed origins from the provider API (spec §5, §7
 * `GET /projects/v1/origins`), used by the boot check (config/).
 */

/** Timeout of the allowed-origins call before the frame falls back to its configured list, ms. */
export const ORIGINS_TIMEOUT_MS = 2_000;

/** The result of the remote origin check. */
export type RemoteOriginCheck =
  /** The project's list answered; `allowed` says whether the parent is on it. */
  | { kind: 'remote'; allowed: boolean; allowedOrigins: string[] }
  /** The API refused this frame's origin: 'Unauthorized: origin not allowed' (spec §8 Invalid App Configuration). */
  | { kind: 'refused'; message: string }
  /** No API, or it failed or timed out: use the configured list (offline fallback). */
  | { kind: 'fallback'; error?: unknown };

/**
 * Checks `parentOrigin` against the project's allowed origins from
 * GET /projects/v1/origins (wildcards, spec §5). One attempt bounded by
 * `timeoutMs` (the penpal connection waits for it); anything but an answer or
 * an origin refusal gives `fallback`. Never throws.
 */
export async function checkRemoteOrigin(
  client: ApiClient | null,
  parentOrigin: string,
  timeoutMs = ORIGINS_TIMEOUT_MS,
): Promise<RemoteOriginCheck> {
  if (!client) return { kind: 'fallback' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<RemoteOriginCheck>((done) => {
    timer = setTimeout(() => done({ kind: 'fallback', error: new ApiError(0, 'Request timed out') }), timeoutMs);
  });
  const request = client
    .call({ path: '/projects/v1/origins', timeoutMs, schema: AllowedOriginsResponseSchema })
    .then((body): RemoteOriginCheck => {
      const list = body.allowedOrigins;
      return { kind: 'remote', allowed: isOriginAllowed(parentOrigin, list), allowedOrigins: list };
    })
    .catch((error: unknown): RemoteOriginCheck => {
      if (error instanceof ApiError && error.message.includes('Unauthorized: origin not allowed')) {
        return { kind: 'refused', message: error.message };
      }
      return { kind: 'fallback', error };
    });
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

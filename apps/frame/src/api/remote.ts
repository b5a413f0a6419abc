import { create } from 'zustand';
import { isOriginAllowed, type Features } from '@airlock/protocol';
import { ApiError, type ApiClient } from './client.ts';
import { reportApiError } from './alerts.ts';

/**
 * Remote project configuration (spec §1, §4 'Remote features are then fetched',
 * §7 GET /appkit/v1/config and /projects/v1/origins).
 */

/** The local defaults (spec §1 'Default local features: receive, send, analytics, all-wallets'). */
export const DEFAULT_LOCAL_FEATURES: Features = { receive: true, send: true, analytics: true, allWallets: true, activity: true };

/** The features with everything remote off (spec §1 'In basic mode all remote features are off'). */
export const BASIC_MODE_REMOTE_OFF: Features = {
  swaps: false,
  onramp: false,
  email: false,
  socials: false,
  activity: false,
  multiWallet: false,
};

/** Timeout of the allowed-origins call before the frame falls back to its configured list, ms. */
export const ORIGINS_TIMEOUT_MS = 2_000;

/** Features store: the effective features and where they came from. */
export type FeaturesState = {
  /** Effective feature flags (spec §1). */
  features: Features;
  /** `local` (config / defaults, also when the API failed) or `remote` (from /appkit/v1/config). */
  source: 'local' | 'remote';
};

/** Features store (zustand). */
export const useFeaturesStore = create<FeaturesState>(() => ({ features: { ...DEFAULT_LOCAL_FEATURES }, source: 'local' }));

/** The local features: defaults overlaid with FrameConfig.features. */
export function localFeatures(configured: Features | undefined): Features {
  return { ...DEFAULT_LOCAL_FEATURES, ...(configured ?? {}) };
}

/**
 * Merges the remote features (spec §1): when remote configuration loads, the
 * local feature settings are ignored (a console warning says so when the dapp
 * set any); in basic mode all remote features are off. `receive`, `send` and
 * `allWallets` keep their defaults unless the remote sets them.
 */
export function mergeFeatures(remote: Features, configured: Features | undefined, basic = false): Features {
  if (configured && Object.keys(configured).length > 0) {
    console.warn('[airlock] Remote project configuration loaded: local feature settings are ignored (spec §1).');
  }
  const merged: Features = { ...DEFAULT_LOCAL_FEATURES, ...remote };
  return basic ? { ...merged, ...BASIC_MODE_REMOTE_OFF } : merged;
}

/**
 * Loads /appkit/v1/config into the features store. Without a client, or when
 * the call fails, the local features stand (spec §1) and the failure's §8
 * alert (if any) is shown. Never throws.
 */
export async function loadRemoteFeatures(client: ApiClient | null, configured: Features | undefined, basic = false): Promise<void> {
  const local = localFeatures(configured);
  useFeaturesStore.setState({ features: basic ? { ...local, ...BASIC_MODE_REMOTE_OFF } : local, source: 'local' });
  if (!client) return;
  try {
    const body = await client.call<{ features?: Features }>({ path: '/appkit/v1/config' });
    if (!body.features || typeof body.features !== 'object') return;
    useFeaturesStore.setState({ features: mergeFeatures(body.features, configured, basic), source: 'remote' });
  } catch (error) {
    reportApiError(error);
  }
}

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
    .call<{ allowedOrigins?: unknown }>({ path: '/projects/v1/origins', timeoutMs })
    .then((body): RemoteOriginCheck => {
      const list = Array.isArray(body.allowedOrigins) ? body.allowedOrigins.filter((o): o is string => typeof o === 'string') : [];
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

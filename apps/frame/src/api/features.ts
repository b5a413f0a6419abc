import { RemoteConfigResponseSchema, type Features } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import { reportApiError, showAlert } from './alerts.ts';
import { ApiError } from './client.ts';

/**
 * Remote project features (spec §1, §4 'Remote features are then fetched', §7
 * `GET /appkit/v1/config`).
 */

/** The local defaults (spec §1 'Default local features: receive, send, analytics, all-wallets'). */
export const DEFAULT_LOCAL_FEATURES: Features = {
  receive: true,
  send: true,
  analytics: true,
  allWallets: true,
  activity: true,
};

/** The features with everything remote off (spec §1 'In basic mode all remote features are off'). */
export const BASIC_MODE_REMOTE_OFF: Features = {
  swaps: false,
  onramp: false,
  email: false,
  socials: false,
  activity: false,
  multiWallet: false,
  reownBranding: false,
};

/**
 * The local features: defaults overlaid with FrameConfig.features, without `reownBranding`
 * (the branding footer is the operator's switch, spec §1 remote features). Pure.
 */
export function localFeatures(configured: Features | undefined): Features {
  const { reownBranding: _, ...local } = configured ?? {};
  return { ...DEFAULT_LOCAL_FEATURES, ...local };
}

/**
 * Merges the remote features (spec §1): when remote configuration loads, the local
 * feature settings are ignored (a console warning says so when the dapp set any); in
 * basic mode all remote features are off.
 */
export function mergeFeatures(remote: Features, configured: Features | undefined, basic = false): Features {
  if (configured && Object.keys(configured).length > 0) {
    console.warn('[airlock] Remote project configuration loaded: local feature settings are ignored (spec §1).');
  }
  const merged: Features = { ...DEFAULT_LOCAL_FEATURES, ...remote };
  return basic ? { ...merged, ...BASIC_MODE_REMOTE_OFF } : merged;
}

/**
 * Loads `/appkit/v1/config` (validated) into the frame's `features`. Without an API,
 * or when the call fails, the local features stand (spec §1) and the failure's §8
 * alert shows; when no answer came at all (network error, timeout), the 'Provider API
 * unreachable' alert says what is missing (email and social login, the wallet directory)
 * and what still works. Never throws.
 */
export async function loadRemoteFeatures(frame: Frame): Promise<void> {
  const { features: configured, basic } = frame.config;
  const local = localFeatures(configured);
  frame.store.setState({
    features: { features: basic ? { ...local, ...BASIC_MODE_REMOTE_OFF } : local, source: 'local' },
  });
  if (!frame.api) return;
  try {
    const body = await frame.api.call({ path: '/appkit/v1/config', schema: RemoteConfigResponseSchema });
    if (!body.features) return;
    frame.store.setState({
      features: { features: mergeFeatures(body.features, configured, basic === true), source: 'remote' },
    });
  } catch (error) {
    if (!reportApiError(frame, error) && error instanceof ApiError && error.status === 0) {
      void import('./unreachable.ts').then((m) => showAlert(frame, m.API_UNREACHABLE));
    }
  }
}

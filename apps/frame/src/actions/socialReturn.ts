import type { Frame } from '../store/frame.ts';
import type { SocialLoginState } from '../store/state.ts';
import { cancelled } from '@airlock/protocol';
import { connect } from './connect.ts';
import { loginShownError } from '../i18n/loginErrors.ts';

/**
 * Back on the dapp page after a social login in redirect mode (docs/embedded-wallet.md
 * "Social login, redirect mode"): the host took `result_uri` off the address and handed it over
 * as `FrameConfig.resultUri` (untrusted: anyone who links to the page chooses it). An http(s)
 * value opens the modal on ConnectingSocial ('Finishing the sign-in…') and goes to the secure
 * frame (CONNECT_SOCIAL `{ uri }`), which accepts only its own API's result URL and finishes
 * the flow with its device key. Connected: the modal closes. Refused or failed: the error shows
 * with 'Back to Connect', and whatever was connected before stays connected. Any other value
 * (a Telegram `tg://` return link, say) is not a social login result: nothing happens.
 */
export async function finishSocialReturn(frame: Frame): Promise<void> {
  const uri = frame.config.resultUri;
  const connector = frame.connectors.embedded;
  if (!uri || !connector || !/^https?:\/\//i.test(uri)) return;
  const setSocial = (social: SocialLoginState | null) =>
    frame.store.setState((s) => ({ embedded: { ...s.embedded, social } }));
  frame.store.setState((s) => ({
    embedded: { ...s.embedded, social: { provider: null, pending: true, error: null } },
    modal: { open: true, shake: false, stack: [{ view: 'Connect' }, { view: 'ConnectingSocial' }] },
  }));
  const running = () => {
    const social = frame.store.getState().embedded.social;
    return social?.provider === null && social.pending;
  };
  const outcome = await connect(frame, connector, {
    session: async ({ caipNetworkId }) => {
      const result = await connector.connectSocial({ uri }, caipNetworkId);
      if (!running()) return cancelled('aborted'); // cancelled, or another login started meanwhile
      if (result.ok) setSocial(null);
      return result;
    },
  });
  if (outcome.type === 'connected' || (outcome.type === 'cancelled' && outcome.reason === 'aborted')) return;
  setSocial({ provider: null, pending: false, error: loginShownError(outcome.error) });
}

import { cancelled, type SocialProvider } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import { pushed, topRoute } from '../store/routes.ts';
import type { SocialLoginState } from '../store/state.ts';
import { connect } from './connect.ts';
import { goBack } from './modal.ts';
import { loginShownError } from '../i18n/loginErrors.ts';

/**
 * The social login as the widget frame sees it (docs/embedded-wallet.md "Social
 * login"): the provider buttons are the secure frame's (a click there opens the
 * popup); when it reports `socialStarted`, ConnectingSocial ('Continue in the popup')
 * shows and CONNECT_SOCIAL waits (120 s) for the outcome: connected (the modal
 * closes) or the failure's message ('Popup closed', 'Failed to initiate social
 * connection', …) in the view.
 */

const setSocial = (frame: Frame, social: SocialLoginState | null) =>
  frame.store.setState((s) => ({ embedded: { ...s.embedded, social } }));

/** Shows ConnectingSocial for `provider` and waits for the login C's popup runs. */
export async function waitForSocialLogin(frame: Frame, provider: SocialProvider): Promise<void> {
  const connector = frame.connectors.embedded;
  if (!connector) return;
  frame.store.setState((s) => ({
    embedded: { ...s.embedded, social: { provider, pending: true, error: null } },
    modal: {
      ...s.modal,
      stack:
        topRoute(s.modal.stack).view === 'ConnectingSocial'
          ? s.modal.stack
          : pushed(s.modal.stack, { view: 'ConnectingSocial' }),
    },
  }));
  const running = () => {
    const social = frame.store.getState().embedded.social;
    return social?.provider === provider && social.pending;
  };
  const outcome = await connect(frame, connector, {
    session: async ({ caipNetworkId }) => {
      const result = await connector.connectSocial(provider, caipNetworkId);
      if (!running()) return cancelled('aborted'); // cancelled or replaced meanwhile
      if (result.ok) setSocial(frame, null);
      return result;
    },
  });
  if (outcome.type === 'connected' || (outcome.type === 'cancelled' && outcome.reason === 'aborted')) return;
  setSocial(frame, { provider, pending: false, error: loginShownError(outcome.error) });
}

/** Cancel or Back on ConnectingSocial: C closes its popup, a late answer is ignored, the view pops. */
export function cancelSocialLogin(frame: Frame): void {
  if (frame.store.getState().embedded.social?.pending) frame.connectors.embedded?.abortSocial();
  setSocial(frame, null);
  goBack(frame);
}

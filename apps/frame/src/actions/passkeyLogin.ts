import { cancelled } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import { pushed, topRoute } from '../store/routes.ts';
import { connect } from './connect.ts';
import { shakeModal } from './modal.ts';
import { loginShownError } from '../i18n/loginErrors.ts';

/**
 * The passkey login as the widget frame sees it (docs/embedded-wallet.md "Passkeys"): the
 * buttons are the secure frame's (a click there runs WebAuthn on its own origin, in the frame or
 * its window); when it reports `passkeyStarted`, the wait view shows (ConnectingSocial, without
 * a provider: 'Finishing the sign-in…', with Cancel, which aborts it in C) and connectPasskey
 * waits (120 s): connected (the modal closes) or the failure's message in the view.
 */
export async function waitForPasskeyLogin(frame: Frame): Promise<void> {
  const connector = frame.connectors.embedded;
  if (!connector) return;
  const social = { provider: null, pending: true, error: null };
  frame.store.setState((s) => ({
    embedded: { ...s.embedded, social },
    modal: {
      ...s.modal,
      stack:
        topRoute(s.modal.stack).view === 'ConnectingSocial'
          ? s.modal.stack
          : pushed(s.modal.stack, { view: 'ConnectingSocial' }),
    },
  }));
  const outcome = await connect(frame, connector, {
    session: async ({ caipNetworkId }) => {
      const result = await connector.connectPasskey(caipNetworkId);
      if (frame.store.getState().embedded.social !== social) return cancelled('aborted'); // cancelled or replaced meanwhile
      if (result.ok) frame.store.setState((s) => ({ embedded: { ...s.embedded, social: null } }));
      return result;
    },
  });
  if (outcome.type === 'connected' || (outcome.type === 'cancelled' && outcome.reason === 'aborted')) return;
  frame.store.setState((s) => ({
    embedded: { ...s.embedded, social: { ...social, pending: false, error: loginShownError(outcome.error) } },
  }));
  shakeModal(frame);
}

import type { Frame } from '../store/frame.ts';
import { pushed, topRoute } from '../store/routes.ts';
import { recordConnection } from './connection.ts';
import { shakeModal } from './modal.ts';

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
  const result = await connector.connectPasskey(frame.store.getState().connection.caipNetworkId);
  if (frame.store.getState().embedded.social !== social) return; // cancelled or replaced meanwhile
  if (result.ok) {
    frame.store.setState((s) => ({ embedded: { ...s.embedded, social: null } }));
    recordConnection(frame, connector, result.value, { silent: false });
    return;
  }
  frame.store.setState((s) => ({
    embedded: { ...s.embedded, social: { ...social, pending: false, error: result.error.message } },
  }));
  shakeModal(frame);
}

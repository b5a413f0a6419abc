import { Message, type CaipNetworkId, type EmbeddedUser } from '@airlock/protocol';
import type { EmbeddedHooks } from '../connectors/embedded/connector.ts';
import { LOAD_FAILED_ALERT } from '../connectors/embedded/text.ts';
import type { Frame } from '../store/frame.ts';
import { pushed, topRoute, type Route } from '../store/routes.ts';
import { accountTypeOf } from '../connectors/embedded/session.ts';
import { endApproval, showApproval } from './embeddedApproval.ts';
import { forgetLoginData } from './embeddedLogin.ts';
import { waitForSocialLogin } from './socialLogin.ts';
import { waitForPasskeyLogin } from './passkeyLogin.ts';
import { showToast } from './toast.ts';
import { loadSmartAccountNetworks } from './accountType.ts';
import { withUpdated } from '../store/connectionsCore.ts';
import type { ConnectionsState } from '../store/connectionTypes.ts';
import { EMBEDDED_CONNECTOR_ID } from '../connectors/embedded/id.ts';
import { syncThemeOf } from '../ui/themeRuntime.ts';
import { approvalLayoutChanged, socialsLayoutChanged } from '../store/embeddedWrites.ts';

/** Spec §9 'error message delay 300 ms': an unknown method's message shows this long after the rejection, ms. */
export const UNSUPPORTED_MESSAGE_DELAY_MS = 300;

/**
 * Spec §4 'an unknown method is rejected with a message shown after 300 ms' (embedded
 * wallet): the dapp already got 4200; 300 ms later the visitor sees 'Requested RPC call
 * is not allowed' as an error toast, and the console says 'Action not allowed: {method}' (spec §8
 * 'Requested RPC call is not allowed' / 'Action not allowed' (also logged to console)). Only while the embedded wallet is the connected one.
 */
export function reportUnsupportedMethod(frame: Frame, method: string): void {
  if (frame.connectors.active()?.type !== 'AUTH') return;
  console.error(`[airlock] ${Message.ActionNotAllowed}: ${method.slice(0, 128)}`);
  setTimeout(() => showToast(frame, Message.MethodNotAllowed, 'error'), UNSUPPORTED_MESSAGE_DELAY_MS);
}

/**
 * Spec §2 network switching rule for the auth connector: SwitchNetwork shows while the
 * secure frame switches (the modal opens on it when closed). Returns the function that
 * undoes exactly that on success (pops the view or closes the modal it opened); on
 * failure SwitchNetwork stays with its error and 'Try again'.
 */
function showSwitch(frame: Frame, caipNetworkId: CaipNetworkId): (ok: boolean) => void {
  const route: Route = { view: 'SwitchNetwork', caipNetworkId };
  const { modal } = frame.store.getState();
  const top = topRoute(modal.stack);
  if (modal.open && top.view === 'SwitchNetwork' && top.caipNetworkId === caipNetworkId) return () => {};
  const opened = !modal.open;
  frame.store.setState((s) => ({
    modal: opened ? { open: true, shake: false, stack: [route] } : { ...s.modal, stack: pushed(s.modal.stack, route) },
  }));
  return (ok) => {
    if (!ok) return;
    const now = frame.store.getState().modal;
    const last = topRoute(now.stack);
    if (!now.open || last.view !== 'SwitchNetwork' || last.caipNetworkId !== caipNetworkId) return;
    frame.store.setState((s) => ({
      modal:
        opened || s.modal.stack.length <= 1
          ? { open: false, shake: false, stack: [{ view: 'Connect' }] }
          : { ...s.modal, stack: s.modal.stack.slice(0, -1) },
    }));
  };
}

/**
 * What the core does with the embedded connector's reports: one store change each
 * (`embedded` slice), and the ApproveTransaction view for unsafe requests.
 * `pending` is the frame's set of requests waiting in an approval (app/connectors.ts
 * owns it and aborts those whose view leaves the stack).
 */
export function embeddedHooks(frame: Frame, pending: Set<string>): EmbeddedHooks {
  return {
    onStatus(status) {
      frame.store.setState((s) => ({
        embedded: {
          ...s.embedded,
          status,
          alert: status === 'failed' ? LOAD_FAILED_ALERT : status === 'initialized' ? null : s.embedded.alert,
          layout: status === 'initialized' || status === 'ready' ? s.embedded.layout : null,
          socialsLayout: status === 'initialized' || status === 'ready' ? s.embedded.socialsLayout : null,
        },
      }));
    },
    onUser(user: EmbeddedUser | null) {
      frame.store.setState((s) => ({
        embedded: {
          ...s.embedded,
          user,
          email: user ? user.email : s.embedded.email,
          // Spec §4: the preferred account type falls back to EOA.
          preferredAccountType: user?.preferredAccountType ?? 'eoa',
        },
        // The connection's eip155 account has the user's account type (smart account or EOA); the
        // connected wallet's name is the login email (connectedWalletInfo): it follows an email update.
        connections: user
          ? withUpdated(named(s.connections, user.email), EMBEDDED_CONNECTOR_ID, 'eip155', (c) => ({
              ...c,
              accounts: c.accounts.map((a) => ({ ...a, type: accountTypeOf(user) })),
            }))
          : s.connections,
      }));
      if (user && frame.store.getState().embedded.smartAccountEnabledNetworks.length === 0)
        void loadSmartAccountNetworks(frame);
    },
    onLayout(layout) {
      approvalLayoutChanged(frame, layout);
    },
    onSocialsLayout(socialsLayout) {
      socialsLayoutChanged(frame, socialsLayout);
    },
    onSocialStarted: (provider) => void waitForSocialLogin(frame, provider),
    onPasskeyStarted: () => void waitForPasskeyLogin(frame),
    onApprovalStart(requestId, method) {
      pending.add(requestId);
      showApproval(frame, requestId, method);
    },
    onApprovalEnd(requestId) {
      pending.delete(requestId);
      endApproval(frame, requestId);
    },
    onSignedOut: () => forgetLoginData(frame),
    onSwitch: (caipNetworkId) => showSwitch(frame, caipNetworkId),
    dappData: () => ({
      projectId: frame.config.projectId,
      dappOrigin: frame.parentOrigin,
      ...(frame.config.metadata ? { metadata: frame.config.metadata } : {}),
      sdkVersion: frame.config.sdkVersion ?? '0.0.0',
      sdkType: 'airlock',
    }),
    theme: () => syncThemeOf(frame.store.getState().theme),
    watchTheme: (onChange) => frame.store.subscribe((state, previous) => state.theme !== previous.theme && onChange()),
  };
}

/** The embedded wallet's connections (every namespace) named `email`, the login email (unchanged without one). Pure. */
function named(connections: ConnectionsState, email: string | null | undefined): ConnectionsState {
  if (!email || !connections.list.some((c) => c.connectorId === EMBEDDED_CONNECTOR_ID && c.name !== email))
    return connections;
  return {
    ...connections,
    list: connections.list.map((c) => (c.connectorId === EMBEDDED_CONNECTOR_ID ? { ...c, name: email } : c)),
  };
}

import {
  cancelled,
  cancelReason,
  chainNamespaceOf,
  err,
  ErrorCode,
  Message,
  type CancelReason,
  type Result,
  type RpcErrorShape,
} from '@airlock/protocol';
import type { ConnectEntry, ConnectOptions, Connector, ConnectorSession } from '../connectors/types.ts';
import { recentKey } from './wallets.ts';
import type { OneClickSignIn } from '../connectors/walletconnect/authenticate.ts';
import type { Frame } from '../store/frame.ts';
import { networkOn } from '../store/networks.ts';
import { recordConnection } from './connection.ts';
import { shakeModal, showRoute } from './modal.ts';
import { connectSettled, connectStarted } from '../store/connectionWrites.ts';
import { connectionOf } from '../store/connection.ts';

/**
 * The one connect of the frame (spec §4 'On connect'), for every connector: the connect flows
 * (a page wallet, a WalletConnect pairing, the email, social and Farcaster logins) each show
 * their own steps and call {@link connect} for the part they share.
 */

/** A step a connect reports while it runs: the wallet is asked (`wallet`), or a pairing URI is ready to show (`uri`). */
export type ConnectStep = { type: 'wallet' } | { type: 'uri'; uri: string };

/**
 * How a connect ended: `connected` (recorded), `cancelled` (the visitor said no in the wallet,
 * 4001; closed the modal; or the attempt was aborted — see `CancelReason`) or `failed` (the
 * wallet or the transport failed; `error` keeps the wallet's code and message).
 */
export type ConnectOutcome =
  | { type: 'connected'; session: ConnectorSession }
  | { type: 'cancelled'; reason: CancelReason; error: RpcErrorShape }
  | { type: 'failed'; error: RpcErrorShape };

/** Options of {@link connect}. */
export type ConnectActionOptions = {
  /**
   * The chain namespace (CAIP-2) to connect on; default: the active network's when the connector
   * serves it, else the connector's first. The connection starts on the active network when it
   * is of that namespace, else on the first configured network of it.
   */
  namespace?: string | undefined;
  /** Aborts the attempt: the connector stops, the outcome is `cancelled` `aborted`, the status goes back. */
  signal?: AbortSignal | undefined;
  /** Receives the steps the view shows ({@link ConnectStep}); nothing after the attempt was aborted or replaced. */
  onStep?: ((step: ConnectStep) => void) | undefined;
  /**
   * The call that yields the session, when it is not the connector's `connect` (the email login's
   * code or device step, a social or Farcaster login); it gets the network to connect on.
   */
  session?: ((options: ConnectOptions) => Promise<Result<ConnectorSession>>) | undefined;
  /** WalletConnect one-click sign-in, passed to `connect` (docs/siwx.md). */
  siwx?: OneClickSignIn | undefined;
  /** The name to show instead of the session's (the listing wallet the visitor picked). */
  name?: string | undefined;
  /** The id to list under 'Recent' (rdns, listing id, a bridged wallet's `recentKey`). */
  recent?: string | undefined;
  /** The rdns to show (EIP-6963 rdns or the listing id); default {@link recent}. Given (undefined) for a wallet without one. */
  rdns?: string | undefined;
  /** The listing id of the wallet the visitor picked in the wallet listing (spec §3 Connector `explorerId`). */
  explorerId?: string | undefined;
};

/** The namespace a connect runs on: `wanted`, else the active network's when `connector` serves it, else its first. */
function namespaceOf(frame: Frame, connector: Connector, wanted: string | undefined): string {
  if (wanted) return wanted;
  const active = chainNamespaceOf(connectionOf(frame.store.getState()).caipNetworkId);
  return connector.namespaces.includes(active) ? active : (connector.namespaces[0] ?? active);
}

/** Status back to what it was before the attempt (connected when a wallet still is), with `error` when given. */
const settle = connectSettled;

/**
 * Connects `connector` (spec §4 'On connect'): `connecting` while the wallet is asked (a
 * connected wallet stays connected meanwhile), then ONE state change to connected (address,
 * wallet, network, remembered connector; the modal closes, app/events.ts tells the dapp).
 * A newer connect, `cancelConnect` or `signal` aborts it: its late answer changes nothing.
 * A rejection (4001, `cancelled('rejected')`) stores 'Connection rejected', rejects pending
 * `eth_requestAccounts` with 4001 and shakes the modal; a failure stores the wallet's error and
 * shakes it (spec §2). Never rejects.
 */
export async function connect(
  frame: Frame,
  connector: Connector,
  options: ConnectActionOptions = {},
): Promise<ConnectOutcome> {
  frame.runtime.connecting?.abort();
  const controller = new AbortController();
  frame.runtime.connecting = controller;
  const id = ++frame.runtime.connectAttempt;
  const live = () => id === frame.runtime.connectAttempt && !controller.signal.aborted;
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort, { once: true });
  if (options.signal?.aborted) abort();
  const onAbort = () => {
    connector.cancel();
    // Aborted without a newer attempt: the status goes back (a newer attempt owns it otherwise).
    if (id === frame.runtime.connectAttempt && frame.store.getState().active.connecting) settle(frame, null);
  };
  controller.signal.addEventListener('abort', onAbort, { once: true });
  const aborted = (): ConnectOutcome => {
    const { error } = cancelled('aborted') as { error: RpcErrorShape };
    return { type: 'cancelled', reason: 'aborted', error };
  };
  if (controller.signal.aborted) return aborted();
  connectStarted(frame);
  const namespace = namespaceOf(frame, connector, options.namespace);
  const caipNetworkId = networkOn(frame.config, namespace, connectionOf(frame.store.getState()).caipNetworkId);
  options.onStep?.({ type: 'wallet' });
  const connectOptions: ConnectOptions = {
    caipNetworkId,
    onUri: (uri) => live() && options.onStep?.({ type: 'uri', uri }),
    siwx: options.siwx,
  };
  const result = await (options.session ?? ((o) => connector.connect(o)))(connectOptions);
  options.signal?.removeEventListener('abort', abort);
  controller.signal.removeEventListener('abort', onAbort);
  if (frame.runtime.connecting === controller) frame.runtime.connecting = null;
  if (!live()) return aborted();
  if (!result.ok) {
    const reason = cancelReason(result.error);
    if (reason === 'aborted') {
      settle(frame, null);
      return { type: 'cancelled', reason, error: result.error };
    }
    if (reason) {
      const message = reason === 'closed' ? Message.ModalClosed : Message.ConnectionRejected;
      settle(frame, { code: ErrorCode.UserRejected, message });
      shakeModal(frame);
      frame.waiters.settleAccounts(err(ErrorCode.UserRejected, message));
      return { type: 'cancelled', reason, error: result.error };
    }
    settle(frame, result.error);
    shakeModal(frame);
    return { type: 'failed', error: result.error };
  }
  const session = options.name ? { ...result.value, name: options.name } : result.value;
  const rdns = 'rdns' in options ? options.rdns : options.recent;
  recordConnection(frame, connector, session, {
    silent: false,
    recent: options.recent,
    rdns,
    explorerId: options.explorerId,
  });
  return { type: 'connected', session };
}

export { cancelConnect } from './cancelConnect.ts';

/**
 * Connects the page wallet of a Connect-list entry (an EIP-6963 wallet, or a bridged Solana,
 * Bitcoin, Cosmos or Polkadot wallet): shows ConnectingExternal ('Continue in <wallet>', then
 * 'Connection rejected' or 'Failed to connect' with 'Try again') and runs {@link connect} with its
 * connector; it is remembered under 'Recent' by {@link recentKey} and shows its rdns only when it
 * has one (EIP-6963). An entry whose wallet left the page fails with 'Failed to connect'.
 */
export async function connectInjected(frame: Frame, wallet: ConnectEntry): Promise<ConnectOutcome> {
  showRoute(frame, { view: 'ConnectingExternal', wallet });
  const connector = frame.connectors.forEntry(wallet);
  if (!connector) {
    const error = { code: ErrorCode.InternalError, message: `${wallet.name} is no longer on the page` };
    settle(frame, error);
    shakeModal(frame);
    return { type: 'failed', error };
  }
  return connect(frame, connector, { recent: recentKey(wallet), rdns: wallet.rdns });
}

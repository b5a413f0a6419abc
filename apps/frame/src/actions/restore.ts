import { chainNamespaceOf, eip155NetworkId, type ConnectorRef } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import type { Connector, ConnectorSession } from '../connectors/types.ts';
import { findNetwork, networkOn } from '../store/networks.ts';
import type { FramePreferences } from '../store/persisted.ts';
import { rememberedConnectors, restoredWalletIds } from '../store/rememberedConnectors.ts';
import { recordDisconnection } from './disconnection.ts';
import { recordConnection } from './connection.ts';
import { refreshWallets } from './wallets.ts';
import { connectSettled, restoreStarted } from '../store/connectionWrites.ts';
import { connectionOf } from '../store/connection.ts';

/** How long a reload waits for a remembered page wallet to be announced on the page, ms. */
export const RESTORE_WAIT_MS = 1_500;

/**
 * Restores the session after a reload (spec §4 'Reconnect'; after wagmi's `reconnect`): tries
 * the remembered connectors most recent first, each found through the registry whatever its
 * kind (a page wallet is waited for up to {@link RESTORE_WAIT_MS}; WalletConnect has its stored
 * session; the embedded wallet the secure frame's session: IS_CONNECTED then GET_USER, no
 * code), and reconnects silently (no prompt, no modal) with the first that has an authorised
 * session, on the active network when the connector serves its namespace. Status is
 * `connecting` meanwhile (without an address). None, no account or a failure: disconnected,
 * and the remembered connector is forgotten (spec §4 'A negative or failed connection check
 * clears the cache'). A connect the visitor started meanwhile wins. With the dapp's
 * `enableReconnect: false` nothing is restored: the remembered connections are ended instead
 * (see `endRemembered`). Settles `frame.runtime.restored`. Never rejects.
 */
export async function restoreSession(frame: Frame): Promise<void> {
  try {
    const { preferences, features } = frame.store.getState();
    const connection = connectionOf(frame.store.getState());
    const refs = rememberedConnectors(preferences, chainNamespaceOf(connection.caipNetworkId));
    if (refs.length === 0) {
      await refreshWallets(frame);
      return;
    }
    if (frame.config.enableReconnect === false) {
      await endRemembered(frame, refs);
      return;
    }
    restoreStarted(frame);
    await refreshWallets(frame);
    const attempt = frame.runtime.connectAttempt;
    const overtaken = () => attempt !== frame.runtime.connectAttempt;
    // With the multiWallet feature every connection its connector can restore silently comes
    // back, the most recent last (so it is the one shown); without it, the first that can.
    const all = features.features.multiWallet === true;
    const restored: [Connector, ConnectorSession][] = [];
    for (const ref of refs) {
      const connector = await frame.connectors.find(ref, RESTORE_WAIT_MS);
      if (overtaken() || (!all && connectionOf(frame.store.getState()).status === 'connected')) return;
      if (!connector) continue;
      const session = await connector.restore(restoreNetwork(frame, connector, all ? preferences.connections : []));
      if (overtaken() || (!all && connectionOf(frame.store.getState()).status === 'connected')) return;
      if (!session) continue;
      restored.push([connector, all ? withChosenAccount(session, connector.id, preferences.connections) : session]);
      if (!all) break;
    }
    // The wallet's rdns and listing id as before the reload (persisted with the connection).
    for (const [connector, session] of restored.reverse()) {
      const namespace = chainNamespaceOf(session.caipNetworkId ?? eip155NetworkId(session.chainId ?? 0));
      const ids = restoredWalletIds(preferences, connector, namespace);
      recordConnection(frame, connector, session, { silent: true, ...ids });
    }
    if (restored.length > 0) return;
    if (connectionOf(frame.store.getState()).status === 'connecting') recordDisconnection(frame, { keepModal: true });
    else if (frame.store.getState().active.connecting) connectSettled(frame, null);
  } catch {
    recordDisconnection(frame, { keepModal: true });
  } finally {
    frame.runtime.settleRestore();
  }
}

/**
 * Spec §4 'On start: […] otherwise they are disconnected' (the dapp's `enableReconnect: false`): the
 * remembered connectors are forgotten at once (the status stays disconnected, nothing is shown), then
 * each one that still holds a session ends it as a disconnect would (WalletConnect deletes the
 * session with the wallet, the embedded wallet signs out, a page wallet is asked to revoke the
 * page's permission). A connect the visitor starts meanwhile stops the rest.
 */
async function endRemembered(frame: Frame, refs: ConnectorRef[]): Promise<void> {
  recordDisconnection(frame, { keepModal: true });
  await refreshWallets(frame);
  const attempt = frame.runtime.connectAttempt;
  for (const ref of refs) {
    const connector = await frame.connectors.find(ref, RESTORE_WAIT_MS);
    if (attempt !== frame.runtime.connectAttempt) return;
    if (!connector || !(await connector.restore())) continue;
    if (attempt !== frame.runtime.connectAttempt) return;
    await connector.disconnect();
  }
}

/**
 * The network `connector` restores on: its persisted connection's network (spec §3; given with the
 * multiWallet feature only, one connection restores on the active network as before), else the
 * active network when the connector serves its namespace, else the first configured network of
 * the connector's first namespace.
 */
function restoreNetwork(frame: Frame, connector: Connector, persisted: FramePreferences['connections']) {
  const active = connectionOf(frame.store.getState()).caipNetworkId;
  const namespace = connector.namespaces.includes(chainNamespaceOf(active))
    ? chainNamespaceOf(active)
    : connector.namespaces[0];
  const own = persisted.find((c) => c.connectorId === connector.id && c.chainNamespace === namespace);
  if (own && findNetwork(frame.config, own.caipNetworkId)) return own.caipNetworkId;
  return namespace ? networkOn(frame.config, namespace, active) : active;
}

/**
 * `session` with the account the visitor last made the one in use for this connection first (the
 * persisted connection's first account, spec §3 'connections'; `switchConnection` to another
 * account of the same wallet), when the wallet still authorises it; otherwise the wallet's own
 * order. Pure.
 */
export function withChosenAccount(
  session: ConnectorSession,
  connectorId: string,
  persisted: FramePreferences['connections'],
): ConnectorSession {
  const chainNamespace = chainNamespaceOf(session.caipNetworkId ?? eip155NetworkId(session.chainId ?? 0));
  const chosen = persisted.find((c) => c.connectorId === connectorId && c.chainNamespace === chainNamespace)
    ?.accounts[0]?.address;
  if (!chosen || session.accounts[0] === chosen || !session.accounts.includes(chosen)) return session;
  return { ...session, accounts: [chosen, ...session.accounts.filter((a) => a !== chosen)] };
}

import { chainNamespaceOf, type ConnectorRef, type Preferences } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import { networkOn } from '../store/networks.ts';
import { recordConnection, recordDisconnection } from './connection.ts';
import { refreshWallets } from './wallets.ts';

/** How long a reload waits for a remembered page wallet to be announced on the page, ms. */
export const RESTORE_WAIT_MS = 1_500;

/** The remembered connectors, most recent first (spec §3 'connected connectors'). Pure. */
export function rememberedConnectors(preferences: Preferences): ConnectorRef[] {
  return preferences.connectedConnector ? [preferences.connectedConnector] : [];
}

/**
 * Restores the session after a reload (spec §4 'Reconnect'; after wagmi's `reconnect`): tries
 * the remembered connectors most recent first, each found through the registry whatever its
 * kind (a page wallet is waited for up to {@link RESTORE_WAIT_MS}; WalletConnect has its stored
 * session; the embedded wallet the secure frame's session: IS_CONNECTED then GET_USER, no
 * code), and reconnects silently (no prompt, no modal) with the first that has an authorised
 * session, on the active network when the connector serves its namespace. Status is
 * `connecting` meanwhile (without an address). None, no account or a failure: disconnected,
 * and the remembered connector is forgotten (spec §4 'A negative or failed connection check
 * clears the cache'). A connect the visitor started meanwhile wins. Settles
 * `frame.runtime.restored`. Never rejects.
 */
export async function restoreSession(frame: Frame): Promise<void> {
  try {
    const refs = rememberedConnectors(frame.store.getState().preferences);
    if (refs.length === 0) {
      await refreshWallets(frame);
      return;
    }
    frame.store.setState((s) => ({ connection: { ...s.connection, status: 'connecting' } }));
    await refreshWallets(frame);
    const attempt = frame.runtime.connectAttempt;
    const overtaken = () =>
      attempt !== frame.runtime.connectAttempt || frame.store.getState().connection.status === 'connected';
    for (const ref of refs) {
      const connector = await frame.connectors.find(ref, RESTORE_WAIT_MS);
      if (overtaken()) return;
      if (!connector) continue;
      const active = frame.store.getState().connection.caipNetworkId;
      const namespace = connector.namespaces.includes(chainNamespaceOf(active))
        ? chainNamespaceOf(active)
        : connector.namespaces[0];
      const session = await connector.restore(namespace ? networkOn(frame.config, namespace, active) : active);
      if (overtaken()) return;
      if (session) {
        recordConnection(frame, connector, session, { silent: true, rdns: connector.rdns });
        return;
      }
    }
    if (frame.store.getState().connection.status === 'connecting') recordDisconnection(frame, { keepModal: true });
  } catch {
    recordDisconnection(frame, { keepModal: true });
  } finally {
    frame.runtime.settleRestore();
  }
}

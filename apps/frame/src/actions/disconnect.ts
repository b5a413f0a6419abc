import type { Connector } from '../connectors/types.ts';
import type { Frame } from '../store/frame.ts';
import { cancelConnect } from './cancelConnect.ts';
import { recordDisconnection } from './disconnection.ts';

/**
 * Disconnects (spec §4): one state change to disconnected (account, balance and
 * connectors cleared, no silent reconnect, the modal closed; a network that is not
 * configured falls back to a configured one). The dapp gets `accountsChanged []` and
 * `disconnect` (4900) from that change. Every connection's connector ends its side
 * (WalletConnect deletes the session with the wallet), each once.
 */
export function disconnect(frame: Frame): void {
  const connectors = connectorsInUse(frame);
  cancelConnect(frame);
  recordDisconnection(frame);
  for (const connector of connectors) void connector.disconnect();
}

/** The active connector and those of the other connections (the multiWallet feature), each once. */
function connectorsInUse(frame: Frame): Connector[] {
  const ids = new Set(frame.store.getState().connections.list.map((c) => c.connectorId));
  const active = frame.connectors.active();
  if (active) ids.add(active.id);
  return [...ids].flatMap((id) => frame.connectors.byId(id) ?? []);
}

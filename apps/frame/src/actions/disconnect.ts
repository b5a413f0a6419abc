import type { Frame } from '../store/frame.ts';
import { cancelConnect } from './cancelConnect.ts';
import { recordDisconnection } from './connection.ts';

/**
 * Disconnects (spec §4): one state change to disconnected (account, balance and
 * connector cleared, no silent reconnect, the modal closed; a network that is not
 * configured falls back to a configured one). The dapp gets `accountsChanged []` and
 * `disconnect` (4900) from that change. The connector ends its side (WalletConnect
 * deletes the session with the wallet).
 */
export function disconnect(frame: Frame): void {
  const connector = frame.connectors.active();
  cancelConnect(frame);
  recordDisconnection(frame);
  if (connector) void connector.disconnect();
}

import {
  Alert,
  chainNamespaceOf,
  err,
  ErrorCode,
  noConnectionFor,
  ok,
  type ChainNamespace,
  type Connection,
  type DeleteConnectionArgs,
  type Result,
  type SwitchConnectionArgs,
} from '@airlock/protocol';
import { showAlert } from '../api/alerts.ts';
import type { Frame } from '../store/frame.ts';
import type { FrameState } from '../store/state.ts';
import { disconnect } from './disconnect.ts';

/**
 * Multi-wallet connection management (spec §1, §6; protocol `getConnections`,
 * `switchConnection`, `deleteConnection`), kept thin over the store's connection: today the
 * store holds one connection, which appears as the one active {@link Connection} of its
 * namespace; when the store holds several, {@link connectionsOf} is the one place to read them
 * and the three actions keep their contract. Every action needs the `multiWallet` feature; with
 * it off each answers an empty result (`[]`, or `null` with nothing done) and shows the info
 * alert 'Multi-Wallet Not Enabled' (spec §6).
 */

/** True when the effective features (spec §1, remote or local) turn multi-wallet on. Pure. */
export function multiWalletEnabled(state: FrameState): boolean {
  return state.features.features.multiWallet === true;
}

/**
 * Every connection of `state` in `chainNamespace`, the active one marked `active`. Today at most
 * one: the connected wallet (connector id, name and icon as the modal shows them), its network and
 * its account, whose type is the embedded wallet's (`embedded.accountType`, set only while the
 * embedded wallet is the connection) or `eoa`. Pure; ignores the `multiWallet` feature.
 */
export function connectionsOf(state: FrameState, chainNamespace: ChainNamespace): Connection[] {
  const { status, wallet, address, caipAddress, caipNetworkId } = state.connection;
  if (status !== 'connected' || !wallet || !address || !caipAddress) return [];
  if (chainNamespaceOf(caipNetworkId) !== chainNamespace) return [];
  return [
    {
      connectorId: wallet.connectorId,
      name: wallet.name,
      icon: wallet.icon,
      chainNamespace,
      caipNetworkId,
      accounts: [{ caipAddress, address, type: state.embedded.accountType ?? 'eoa' }],
      active: true,
    },
  ];
}

/** Every connection of `state` in any namespace (see {@link connectionsOf}). Pure. */
function allConnections(state: FrameState): Connection[] {
  const { caipNetworkId } = state.connection;
  return connectionsOf(state, chainNamespaceOf(caipNetworkId));
}

/** The feature gate of the three actions: true when on; otherwise shows 'Multi-Wallet Not Enabled' and returns false. */
function gate(frame: Frame): boolean {
  if (multiWalletEnabled(frame.store.getState())) return true;
  showAlert(frame, Alert.MultiWalletNotEnabled);
  return false;
}

/**
 * The connections of `chainNamespace` (protocol `getConnections`), the active one marked.
 * With the `multiWallet` feature off: `[]` and the info alert (spec §6). Never throws.
 */
export function listConnections(frame: Frame, chainNamespace: ChainNamespace): Connection[] {
  return gate(frame) ? connectionsOf(frame.store.getState(), chainNamespace) : [];
}

/**
 * Makes the connection of `connectorId` with the account `address` (its address or CAIP-10 id;
 * hex addresses compare without case) the active one of its namespace (protocol
 * `switchConnection`). The active connection's own account: nothing to do, `ok(null)`. With the
 * `multiWallet` feature off: `ok(null)`, nothing done, and the info alert (spec §6).
 * @returns `err(4100, 'No connector found for connection: {id}')` when no connection of that
 *   connector exists (spec §8), `err(4100, …)` naming the address when the connection has no such account.
 */
export async function switchConnection(frame: Frame, args: SwitchConnectionArgs): Promise<Result<null>> {
  if (!gate(frame)) return ok(null);
  const connection = allConnections(frame.store.getState()).find((c) => c.connectorId === args.connectorId);
  if (!connection) return err(ErrorCode.Unauthorized, noConnectionFor(args.connectorId));
  const wanted = args.address.toLowerCase();
  const account = connection.accounts.find(
    (a) => a.address === args.address || a.caipAddress === args.address || a.address.toLowerCase() === wanted,
  );
  if (!account) return err(ErrorCode.Unauthorized, `No account ${args.address} in connection: ${args.connectorId}`);
  // Today the only connection is the active one and holds one account: nothing to switch.
  return ok(null);
}

/**
 * Ends the connection of `connectorId` (protocol `deleteConnection`, spec §4 disconnect: the
 * connector ends its side, no silent reconnect for it). Today that is the only connection, so
 * the status becomes disconnected and the modal closes. With the `multiWallet` feature off:
 * `ok(null)`, nothing done, and the info alert (spec §6).
 * @returns `err(4100, 'No connector found for connection: {id}')` when no connection of that connector exists (spec §8).
 */
export function deleteConnection(frame: Frame, args: DeleteConnectionArgs): Result<null> {
  if (!gate(frame)) return ok(null);
  const found = allConnections(frame.store.getState()).some((c) => c.connectorId === args.connectorId);
  if (!found) return err(ErrorCode.Unauthorized, noConnectionFor(args.connectorId));
  disconnect(frame);
  return ok(null);
}

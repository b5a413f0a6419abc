import type { CaipNetworkId, EmbeddedUser } from '@airlock/protocol';
import type { ConnectorType } from '../connectors/types.ts';

// The shapes of the connections slice (types only; store/connections.ts holds its selectors and
// transitions), apart so that store/state.ts can name them without a circle.

/** Account type (spec §6): externally owned account or smart account. */
export type AccountType = EmbeddedUser['preferredAccountType'];

/** An account of a connection: its address (EIP-55 or base58) and account type (spec §3 Account `type`). */
export type ConnectionAccount = { address: string; type: AccountType };

/** One connection: a connector's accounts on one chain namespace. */
export type WalletConnection = {
  /** The connector's id (`Connector.id`). */
  connectorId: string;
  /** The connector's type (spec §3 Connector). */
  type: ConnectorType;
  /** The chain namespace (CAIP-2) it holds accounts on. */
  chainNamespace: string;
  /** Display name (the wallet's, its session peer's, or the login email). */
  name: string;
  /** Icon as a `data:image` URI. */
  icon: string;
  /** EIP-6963 rdns or the listing id of the wallet, when known. */
  rdns?: string | undefined;
  /** The wallet's id in the wallet listing (spec §3 Connector `explorerId`), when the visitor picked it there. */
  explorerId?: string | undefined;
  /** Its accounts, first = the one in use; never empty. */
  accounts: ConnectionAccount[];
  /** The network it is on (CAIP-2, of {@link chainNamespace}). */
  caipNetworkId: CaipNetworkId;
};

/** The connections slice. */
export type ConnectionsState = {
  /** Every connection, most recent first; at most one per connector and namespace. */
  list: WalletConnection[];
  /** The active connection's connector id per chain namespace. */
  active: Record<string, string>;
};

import type { CaipNetworkId, ChainNamespace, ConnectorRef, Network, Result, RpcRequest } from '@airlock/protocol';
import type { OneClickSignIn } from './walletconnect/authenticate.ts';

/**
 * The connector interface (after wagmi's `createConnector`): every way of reaching a
 * wallet — a page wallet through the host (EIP-6963), a WalletConnect session, later
 * the embedded wallet and Solana — implements it. A connector reports its wallet's
 * events through the {@link ConnectorEvents} the core gives it; it never imports actions.
 */

/** What the core learns from a connector's wallet, reported by the connector itself. */
export type ConnectorEvents = {
  /** The wallet's accounts changed (EIP-1193 `accountsChanged`; Wallet Standard `change`): EIP-55 or base58 addresses, [] = disconnected. */
  onAccountsChanged(accounts: string[]): void;
  /** The wallet's chain changed (EIP-1193 `chainChanged`), as a decimal chain id. */
  onChainChanged(chainId: number): void;
  /** The wallet ended the connection (EIP-1193 `disconnect`, WalletConnect `session_delete`). */
  onDisconnect(): void;
};

/**
 * A wallet's answer to connect or restore: its accounts (non-empty), its chain, and how to show it.
 * An eip155 wallet gives EIP-55 accounts and a decimal `chainId`; a wallet of another namespace its
 * accounts (base58 for Solana, Bitcoin addresses) and `caipNetworkId` (its network as CAIP-2), no `chainId`.
 */
export type ConnectorSession = {
  /** Authorised accounts, first = the one used. */
  accounts: string[];
  /** The wallet's chain as a decimal EIP-155 id; absent when `caipNetworkId` names a network of another namespace. */
  chainId?: number | undefined;
  /** The session's network as CAIP-2 when it is not eip155 (Solana, Bitcoin). */
  caipNetworkId?: CaipNetworkId | undefined;
  /** Display name (a WalletConnect wallet's peer name). */
  name: string;
  /** Icon as a `data:image` URI. */
  icon: string;
  /** The accounts' type (spec §3 Account `type`): `smartAccount` when the wallet says so; absent = `eoa`. */
  accountType?: 'eoa' | 'smartAccount' | undefined;
};

/** Options of {@link Connector.connect}. */
export type ConnectOptions = {
  /** The network to prefer when the wallet offers several (CAIP-2). */
  caipNetworkId?: CaipNetworkId | undefined;
  /** WalletConnect: receives the `wc:` pairing URI to show as a QR code / deep link. */
  onUri?: ((uri: string) => void) | undefined;
  /** WalletConnect: one-click sign-in (`wc_sessionAuthenticate`) when sign-in is on (docs/siwx.md). */
  siwx?: OneClickSignIn | undefined;
};

/** Connector type (spec §3 Connector): a page wallet, a WalletConnect session, or `AUTH`, the embedded (email) wallet. */
export type ConnectorType = 'ANNOUNCED' | 'WALLET_CONNECT' | 'AUTH';

/** One connector instance (built with `defineConnector`, connectors/define.ts). */
export type Connector = {
  /** Stable id: the EIP-6963 uuid of a page wallet, `walletConnect` for WalletConnect, `embedded` for the email wallet. */
  readonly id: string;
  /** Display name (the page wallet's, 'WalletConnect', 'Email'). */
  readonly name: string;
  /** Icon as a `data:image` URI. */
  readonly icon: string;
  /** Connector type (spec §3 Connector): `AUTH` is the embedded (email) wallet. */
  readonly type: ConnectorType;
  /** The page wallet's EIP-6963 rdns (spec §3 connectedWalletInfo), when it has one. */
  readonly rdns?: string | undefined;
  /** The preference this connector is remembered by for silent reconnect (spec §3 'connected connectors'). */
  readonly ref: ConnectorRef;
  /** The chain namespaces (CAIP-2) it can connect on, the first being the one it connects on by default. */
  readonly namespaces: readonly string[];
  /**
   * The account this connection has on `chainNamespace` (spec §4 per-namespace), null when none;
   * absent = only the connected network's namespace (a WalletConnect session may hold several).
   */
  accountOn?(chainNamespace: string): string | null;
  /** Asks the wallet for accounts (a prompt). Errors keep the wallet's code (4001 / 5000 rejected). */
  connect(options?: ConnectOptions): Promise<Result<ConnectorSession>>;
  /** Silent reconnect (no prompt): the authorised session, or null when there is none. Never rejects. */
  restore(caipNetworkId?: CaipNetworkId): Promise<ConnectorSession | null>;
  /** Ends the connection with the wallet where the protocol has a way (WalletConnect deletes the session). Never rejects. */
  disconnect(): Promise<void>;
  /** Sends a dapp request on chain `caipNetworkId`. Errors keep the wallet's code and data. */
  request(request: RpcRequest, caipNetworkId: CaipNetworkId): Promise<Result<unknown>>;
  /** Switches the wallet to `network` (EIP-3326, adding it per EIP-3085 on 4902 where the wallet supports it). */
  switchNetwork(network: Network): Promise<Result<null>>;
  /** Stops a running `connect` (the visitor left the view): it resolves with the `aborted` cancellation (`cancelled('aborted')`). */
  cancel(): void;
};

/**
 * A page wallet as the Connect view lists it, in the connector's own terms (not EIP-6963's): its
 * connector id (an EIP-6963 wallet's uuid, a bridged wallet's host-given id), name, `data:image`
 * icon and the chain namespaces it serves; `rdns` only for an EIP-6963 wallet (a Solana, Bitcoin,
 * Cosmos or Polkadot wallet has none).
 */
export type ConnectEntry = {
  /** The connector's id. */
  id: string;
  /** Display name. */
  name: string;
  /** Icon as a `data:image` URI. */
  icon: string;
  /** The chain namespaces its connector serves (CAIP-2). */
  namespaces: readonly ChainNamespace[];
  /** The EIP-6963 rdns, for an EIP-6963 wallet only. */
  rdns?: string | undefined;
};

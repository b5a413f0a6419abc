import type { WalletKitTypes } from '@reown/walletkit';
import type { ProposalTypes } from '@walletconnect/types';
import type { Result, RpcErrorShape } from '@airlock/protocol';
import type { HDAccount } from 'viem/accounts';
import type { DevWalletConfig } from './config.ts';
import type { NamespaceSummary } from './namespaces.ts';
import type { RequestSummary } from './requests.ts';
import type { PendingAuthentication } from './authenticate.ts';
import type { WalletKitClient, WalletStorage } from './walletKit.ts';

// The Dev Wallet's public shapes (wallet.ts holds its logic and re-exports them).

/** A session proposal waiting for `Approve` / `Reject`. */
export type PendingProposal = {
  /** JSON-RPC id of the `wc_sessionPropose` request. */
  id: number;
  /** The proposal as received (`requiredNamespaces`, `optionalNamespaces`, `proposer`, `pairingTopic`, …). */
  params: ProposalTypes.Struct;
  /** The dapp's metadata (`name`, `url`, `description`, `icons`) as the dapp claims it (not verified). */
  dapp: { name: string; url: string; description: string };
  /** Required then optional namespaces, for display. */
  namespaces: NamespaceSummary[];
};

/** A session request waiting for `Approve` / `Reject`. */
export type PendingRequest = {
  /** JSON-RPC id of the request. */
  id: number;
  /** Session topic it arrived on. */
  topic: string;
  /** EIP-1193 method, e.g. `personal_sign`. */
  method: string;
  /** The method's params as sent. */
  params: unknown;
  /** CAIP-2 network the dapp addressed, e.g. `eip155:31337`. */
  caipNetworkId: string;
  /** The dapp's name (session peer metadata). */
  dappName: string;
  /** Readable summary for the `Request` dialog. */
  summary: RequestSummary;
};

/** An active session as listed in the UI. */
export type SessionSummary = {
  /** Session topic (hex). */
  topic: string;
  /** Dapp name and url from the session's peer metadata. */
  dappName: string;
  dappUrl: string;
  /** The session's current account on {@link caipNetworkId} (checksummed, account 0 when it is in the session). */
  address: string;
  /** The session's current network (CAIP-2): the last `chainChanged`, else the first approved chain. */
  caipNetworkId: string;
  /** Configured name of that network, or its CAIP-2 id. */
  networkName: string;
  /** Expiry, seconds since the epoch. */
  expiry: number;
};

/** Options of {@link createDevWallet}. */
export type DevWalletOptions = {
  /** Relay, project id and networks (`window.AIRLOCK_DEV_WALLET_CONFIG`). */
  config: DevWalletConfig;
  /** Metadata shown to dapps; default name `Airlock Dev Wallet`, url `location.origin` in a browser. */
  metadata?: WalletKitTypes.Metadata;
  /** Storage of sessions and keys; default WalletConnect's (IndexedDB in a browser). Tests pass a memory one. */
  storage?: WalletStorage;
  /** Storage key prefix; two wallets in one process need different ones. */
  customStoragePrefix?: string;
  /** pino level of the WalletConnect logger; default `error`. */
  logger?: string;
  /** Signing accounts; default anvil accounts 0 and 1 (`createDevAccounts`). */
  accounts?: HDAccount[];
  /** A dapp proposed a session (also called at start for proposals still pending in storage). */
  onProposal?: (proposal: PendingProposal) => void;
  /** A dapp sent a request the wallet implements (also called at start for requests still pending). */
  onRequest?: (request: PendingRequest) => void;
  /** A request for a method the wallet does not implement was answered with `error` (4200) without asking. */
  onRefusedRequest?: (request: PendingRequest, error: RpcErrorShape) => void;
  /** A pending proposal or request (by JSON-RPC id) expired and can no longer be answered. */
  onExpired?: (id: number) => void;
  /** The list of sessions changed (approved, deleted by either side, chain switched). */
  onSessionsChange?: (sessions: SessionSummary[]) => void;
  /**
   * Answer one-click authentication (`session_authenticate`); default true. False = the wallet does
   * not listen for it, so the dapp's fallback session proposal arrives instead (a wallet without it).
   */
  oneClick?: boolean;
  /** A dapp asked for one-click sign-in (`wc_sessionAuthenticate`), see `authenticate.ts`. */
  onAuthenticate?: (pending: PendingAuthentication) => void;
};

/** A running Dev Wallet, see {@link createDevWallet}. */
export type DevWallet = {
  /** The underlying `@reown/walletkit` client. */
  walletkit: WalletKitClient;
  /** The signing accounts (account 0 first). */
  accounts: HDAccount[];
  /**
   * Pairs with a dapp's `wc:` URI; the proposal then arrives through `onProposal`.
   * @throws Error 'Not a WalletConnect URI' when `uri` does not start with `wc:`; walletkit's error
   *   for a malformed or already used URI.
   */
  pair: (uri: string) => Promise<void>;
  /**
   * Approves with every supported chain the dapp asked for, both accounts, the supported methods
   * and events (`buildApprovedNamespaces`). Resolves once the dapp acknowledged.
   * @throws Error when the dapp requires a chain, method or event the wallet lacks (the proposal is
   *   then rejected with `UNSUPPORTED_CHAINS`, code 5100).
   */
  approveProposal: (proposal: PendingProposal) => Promise<SessionSummary>;
  /** Rejects a proposal with `getSdkError('USER_REJECTED')` (code 5000 'User rejected.'). */
  rejectProposal: (proposal: PendingProposal) => Promise<void>;
  /**
   * Executes the request and sends the result, or the error (`executeRequest` codes) to the dapp.
   * @returns what was sent: `{ ok: true, value }` or `{ ok: false, error }`.
   */
  approveRequest: (request: PendingRequest) => Promise<Result<unknown>>;
  /** Answers 4001 'User rejected the request.' (EIP-1193). */
  rejectRequest: (request: PendingRequest) => Promise<void>;
  /** Signs the sign-in message(s) with account 0 and approves; the session opens too. */
  approveAuthentication: (pending: PendingAuthentication) => Promise<void>;
  /** Rejects a sign-in request (5000 'User rejected.'). */
  rejectAuthentication: (pending: PendingAuthentication) => Promise<void>;
  /** Ends a session with `getSdkError('USER_DISCONNECTED')` (6000); the dapp gets `session_delete`. */
  disconnect: (topic: string) => Promise<void>;
  /** Active sessions, newest expiry first. */
  getSessions: () => SessionSummary[];
  /** Stops the heartbeat and closes the relay socket (tests, page unload). Never throws. */
  close: () => Promise<void>;
};

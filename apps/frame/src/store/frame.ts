import type { CaipAddress, CaipNetworkId, FrameConfig } from '@airlock/protocol';
import type { ApiClient } from '../api/client.ts';
import type { BlockchainCaches } from '../api/blockchain.ts';
import type { ChainClient } from '../chain/balance.ts';
import type { Deployment } from '../config/deployment.ts';
import type { Connectors } from '../connectors/registry.ts';
import type { HostClient } from '../host/client.ts';
import type { ImageCache } from '../listing/images.ts';
import type { SecretStorage } from '../storage/secrets.ts';
import type { FrameState } from './state.ts';
import type { FrameStore } from './store.ts';
import type { Waiters } from './waiters.ts';

// The bottom of the frame: the `Frame` type every action, handler and view receives. Types only:
// this file imports no implementation, so nothing that depends on `Frame` can close a circle
// through it. The instance is built by the composition root (app/frame.ts).

/**
 * The frame instance: everything one widget holds, created once at boot and passed
 * to actions and handlers. No module of the frame keeps state of its own.
 */
export type Frame = {
  /** The dapp's verified configuration (FrameConfig). */
  readonly config: FrameConfig;
  /** The verified parent origin (the dapp page). */
  readonly parentOrigin: string;
  /** The services this frame's deployment trusts (API, relay), never from the page. */
  readonly deployment: Deployment;
  /** The one store. */
  readonly store: FrameStore;
  /** The client of the host's methods (outbound). */
  readonly host: HostClient;
  /** Secret storage (widget origin only). */
  readonly secrets: SecretStorage;
  /** The provider-API client, null when the deployment has no API. */
  readonly api: ApiClient | null;
  /** Spec §9 caches (balances, identity, retry guard). */
  readonly caches: BlockchainCaches;
  /** Wallet image preload results (spec §9). */
  readonly images: ImageCache;
  /** The connectors (page wallets, WalletConnect). */
  readonly connectors: Connectors;
  /** Pending `open()` and `eth_requestAccounts` calls. */
  readonly waiters: Waiters;
  /** The chain client (viem), loaded on first use. */
  chain(): Promise<ChainClient>;
  /** Mutable run state of actions (sequence numbers, timers), owned by this instance. */
  readonly runtime: FrameRuntime;
  /** Stops subscriptions and timers. */
  destroy(): void;
};

/** Counters and timers the actions keep per frame. */
export type FrameRuntime = {
  /** Incremented by each connect attempt; a late result of an older attempt is ignored. */
  connectAttempt: number;
  /** Aborts the running connect attempt (actions/connect.ts), null when none runs. */
  connecting: AbortController | null;
  /** Incremented by each WalletConnect pairing run. */
  pairingRun: number;
  /** Aborts the running WalletConnect pairing (actions/walletConnect.ts), null when none runs. */
  pairing: AbortController | null;
  /** Incremented by each balance read. */
  balanceRead: number;
  /** Resolves once the silent reconnect after a reload has finished. */
  restored: Promise<void>;
  /**
   * Settles once the theme runs (ui/themeRuntime.ts `startTheme`: the config's theme applied, the OS
   * scheme followed). Its code loads beside the first state, not in the initial JS; the UI waits for it.
   */
  themeStarted: Promise<void>;
  /** Settles {@link restored}. */
  settleRestore: () => void;
  /** Toast timers. */
  toastTimers: { hide?: ReturnType<typeof setTimeout>; swap?: ReturnType<typeof setTimeout> };
  /** True once the analytics 403 alert was shown. */
  analyticsForbiddenShown: boolean;
  /** The provider API's `GET /getAnalyticsConfig` answer (`isAnalyticsEnabled`), asked once per frame; null until asked or after a failed ask. */
  analyticsConfig: Promise<boolean> | null;
  /** Functions to call on destroy. */
  cleanups: (() => void)[];
  /** Sign-in checks the core asks on connect and close, installed when sign-in is on (siwx/watch.ts); null otherwise. */
  siwx: SiwxHooks | null;
  /** The dapp's multichain session (CAIP-25, multichain/), with the stop of its notifications; null when none. */
  multichain: (MultichainGrant & { stop: () => void }) | null;
};

/** What a scope of the multichain session granted: its methods and notifications (the accounts are read live). */
export type ScopeGrant = { methods: string[]; notifications: string[] };

/** A granted multichain session (CAIP-25) as the frame keeps it, in memory for the frame's life. */
export type MultichainGrant = {
  /** The granted scopes by CAIP-2 id. */
  scopes: Record<CaipNetworkId, ScopeGrant>;
  /** The dapp's `sessionProperties`, echoed back (CAIP-25). */
  sessionProperties: Record<string, unknown>;
};

/** What the core asks the sign-in module (spec §4 sign-in flow, §2 closing rule). */
export type SiwxHooks = {
  /** True when this account on this network must sign in now (supported network, no live session). */
  pending(state: FrameState, caipAddress: CaipAddress, caipNetworkId: CaipNetworkId): boolean;
  /** True when the modal must stay open: SIWXSignMessage on top, sign-in required, no session. */
  locked(state: FrameState): boolean;
};

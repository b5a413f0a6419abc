import type { CaipAddress, CaipNetworkId, FrameConfig } from '@airlock/protocol';
import type { Deployment } from '../config/deployment.ts';
import { createApiClient, type ApiClient } from '../api/client.ts';
import { createBlockchainCaches, type BlockchainCaches } from '../api/blockchain.ts';
import { localFeatures } from '../api/features.ts';
import type { HostClient } from '../host/client.ts';
import type { ChainClient } from '../chain/balance.ts';
import { createImageCache, type ImageCache } from '../listing/images.ts';
import { preferencesKey, storagePrefix } from '../storage/keys.ts';
import { createPreferenceStorage, type PreferenceStorage } from '../storage/preferences.ts';
import { createSecretStorage, type SecretStorage } from '../storage/secrets.ts';
import type { SecureFrameLink } from '../connectors/embedded/link.ts';
import { createConnectors, type Connectors } from './connectors.ts';
import {
  disconnectedOn,
  initialEmbedded,
  initialTheme,
  initialPortfolio,
  initialPreferences,
  initialSend,
  initialWalletConnect,
  type FrameState,
} from './state.ts';
import { createFrameStore, type FrameStore } from './store.ts';
import { createWaiters, type Waiters } from './waiters.ts';

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
  /** Incremented by each WalletConnect pairing run. */
  pairingRun: number;
  /** Incremented by each balance read. */
  balanceRead: number;
  /** Resolves once the silent reconnect after a reload has finished. */
  restored: Promise<void>;
  /** Settles {@link restored}. */
  settleRestore: () => void;
  /** Toast timers. */
  toastTimers: { hide?: ReturnType<typeof setTimeout>; swap?: ReturnType<typeof setTimeout> };
  /** True once the analytics 403 alert was shown. */
  analyticsForbiddenShown: boolean;
  /** Functions to call on destroy. */
  cleanups: (() => void)[];
  /** Sign-in checks the core asks on connect and close, installed when sign-in is on (siwx/watch.ts); null otherwise. */
  siwx: SiwxHooks | null;
};

/** What the core asks the sign-in module (spec §4 sign-in flow, §2 closing rule). */
export type SiwxHooks = {
  /** True when this account on this network must sign in now (supported network, no live session). */
  pending(state: FrameState, caipAddress: CaipAddress, caipNetworkId: CaipNetworkId): boolean;
  /** True when the modal must stay open: SIWXSignMessage on top, sign-in required, no session. */
  locked(state: FrameState): boolean;
};

/** What {@link createFrame} needs. */
export type CreateFrameOptions = {
  config: FrameConfig;
  parentOrigin: string;
  deployment: Deployment;
  host: HostClient;
  /** The provider-API client; default: one for `deployment.apiUrl` (null without). */
  api?: ApiClient | null;
  /** Storage overrides (tests): the frame's localStorage (null = denied), a secret or preference storage. */
  storage?: { local?: Storage | null; secrets?: SecretStorage; preferences?: PreferenceStorage };
  /** The link to the embedded wallet's secure frame (tests: a double); default: from the deployment. */
  embeddedLink?: SecureFrameLink;
};

/** The initial state of a frame for `config`: disconnected on the first configured network, modal closed on Connect. */
export function initialState(config: FrameConfig): FrameState {
  const first = (config.networks[0]?.caipNetworkId ?? 'eip155:1') as FrameState['connection']['caipNetworkId'];
  return {
    connection: disconnectedOn(first),
    modal: { open: false, shake: false, stack: [{ view: 'Connect' }] },
    wallets: [],
    solanaWallets: [],
    preferences: initialPreferences,
    walletConnect: initialWalletConnect,
    secrets: { mode: 'memory', canRequest: false },
    send: initialSend,
    portfolio: initialPortfolio,
    toast: { open: false, message: '', variant: 'success' },
    features: { features: localFeatures(config.features), source: 'local' },
    apiAlert: null,
    names: {},
    siwx: { enabled: !!config.siwx, sessions: {}, lastCaipNetworkId: null, status: 'idle', error: null },
    embedded: initialEmbedded,
    theme: initialTheme(config.themeMode ?? null),
  };
}

/**
 * Creates the frame instance. Nothing talks to the host until `start` (see
 * core/start.ts) runs after the penpal handshake.
 */
export function createFrame(options: CreateFrameOptions): Frame {
  const { config, parentOrigin, deployment, host } = options;
  const local = options.storage?.local;
  const secrets =
    options.storage?.secrets ?? createSecretStorage(storagePrefix(parentOrigin), local !== undefined ? { local } : {});
  const preferences =
    options.storage?.preferences ?? createPreferenceStorage(host, local !== undefined ? local : undefined);
  const store = createFrameStore(initialState(config), preferences, preferencesKey(parentOrigin));
  store.setState({ secrets: { mode: secrets.mode, canRequest: secrets.canRequestAccess } });
  let settleRestore = () => {};
  const runtime: FrameRuntime = {
    connectAttempt: 0,
    pairingRun: 0,
    balanceRead: 0,
    restored: new Promise<void>((resolve) => (settleRestore = resolve)),
    settleRestore: () => settleRestore(),
    toastTimers: {},
    analyticsForbiddenShown: false,
    cleanups: [],
    siwx: null,
  };
  let chain: Promise<ChainClient> | null = null;
  const frame: Frame = {
    config,
    parentOrigin,
    deployment,
    store,
    host,
    secrets,
    api:
      options.api !== undefined
        ? options.api
        : deployment.apiUrl
          ? createApiClient({ baseUrl: deployment.apiUrl, projectId: config.projectId, sdkVersion: config.sdkVersion })
          : null,
    caches: createBlockchainCaches(),
    images: createImageCache(),
    connectors: undefined as unknown as Connectors,
    waiters: createWaiters(store),
    chain: () => {
      chain ??= import('../chain/balance.ts').then((m) => m.createChainClient());
      return chain;
    },
    runtime,
    destroy: () => {
      frame.waiters.stop();
      runtime.cleanups.splice(0).forEach((cleanup) => cleanup());
      clearTimeout(runtime.toastTimers.hide);
      clearTimeout(runtime.toastTimers.swap);
    },
  };
  (frame as { connectors: Connectors }).connectors = createConnectors(frame, { embeddedLink: options.embeddedLink });
  runtime.cleanups.push(
    secrets.subscribe(() => store.setState({ secrets: { mode: secrets.mode, canRequest: secrets.canRequestAccess } })),
  );
  return frame;
}

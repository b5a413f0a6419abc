import type { FrameConfig } from '@airlock/protocol';
import { createApiClient, type ApiClient } from '../api/client.ts';
import { createBlockchainCaches } from '../api/blockchain.ts';
import { localFeatures } from '../api/features.ts';
import type { ChainClient } from '../chain/balance.ts';
import type { Deployment } from '../config/deployment.ts';
import type { SecureFrameLink } from '../connectors/embedded/link.ts';
import type { HostClient } from '../host/client.ts';
import { createImageCache } from '../listing/images.ts';
import { preferencesKey, storagePrefix } from '../storage/keys.ts';
import { createPreferenceStorage, type PreferenceStorage } from '../storage/preferences.ts';
import { createSecretStorage, type SecretStorage } from '../storage/secrets.ts';
import type { Frame, FrameRuntime } from '../store/frame.ts';
import {
  idleOn,
  initialEmbedded,
  initialTheme,
  initialPortfolio,
  initialPreferences,
  initialSend,
  initialWalletConnect,
  type FrameState,
} from '../store/state.ts';
import { initialConnections } from '../store/connectionsCore.ts';
import { createFrameStore } from '../store/store.ts';
import { createWaiters } from '../store/waiters.ts';
import { createConnectors } from './connectors.ts';

// The composition root: builds one frame instance from the layers below it (store, storage,
// API, connectors). Nothing under store/ imports this file.

export type { Frame } from '../store/frame.ts';

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
  const first = (config.networks[0]?.caipNetworkId ?? 'eip155:1') as FrameState['active']['caipNetworkId'];
  return {
    active: idleOn(first),
    connections: initialConnections,
    modal: { open: false, shake: false, stack: [{ view: 'Connect' }] },
    wallets: [],
    solanaWallets: [],
    bitcoinWallets: [],
    cosmosWallets: [],
    polkadotWallets: [],
    preferences: initialPreferences,
    walletConnect: initialWalletConnect,
    secrets: { mode: 'memory', canRequest: false },
    send: initialSend,
    portfolio: initialPortfolio,
    toast: { open: false, message: '', variant: 'success' },
    features: { features: localFeatures(config.features), source: 'local' },
    apiAlert: null,
    names: {},
    profileImages: {},
    siwx: { enabled: !!config.siwx, sessions: {}, lastCaipNetworkId: null, status: 'idle', error: null },
    embedded: initialEmbedded,
    theme: initialTheme(config.themeMode ?? null),
  };
}

/**
 * Creates the frame instance. Nothing talks to the host until `start` (see
 * app/start.ts) runs after the penpal handshake.
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
    connecting: null,
    pairingRun: 0,
    pairing: null,
    balanceRead: 0,
    restored: new Promise<void>((resolve) => (settleRestore = resolve)),
    themeStarted: Promise.resolve(),
    settleRestore: () => settleRestore(),
    toastTimers: {},
    analyticsForbiddenShown: false,
    analyticsConfig: null,
    cleanups: [],
    siwx: null,
    multichain: null,
  };
  let chain: Promise<ChainClient> | null = null;
  let destroyed = false;
  // `frame` is read by the connectors only when an event arrives, after this function returned.
  const connectors = createConnectors(
    { config, parentOrigin, deployment, host, secrets, store, frame: () => frame },
    { embeddedLink: options.embeddedLink },
  );
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
    connectors,
    waiters: createWaiters(store),
    chain: () => {
      // Chain reads go through the deployment's API (its RPC proxy) when there is one, never a page's API.
      chain ??= import('../chain/balance.ts').then((m) =>
        m.createChainClient(deployment.apiUrl ? { apiUrl: deployment.apiUrl, projectId: config.projectId } : null),
      );
      return chain;
    },
    runtime,
    destroy: () => {
      destroyed = true;
      frame.waiters.stop();
      runtime.cleanups.splice(0).forEach((cleanup) => cleanup());
      clearTimeout(runtime.toastTimers.hide);
      clearTimeout(runtime.toastTimers.swap);
    },
  };
  // The theme's code (colour parsing, the contrast rule, the OS scheme) is not needed for the first state:
  // it loads beside it (its own chunk), and the UI renders once it runs (app/render.tsx).
  runtime.themeStarted = import('../ui/themeRuntime.ts').then((m) => {
    if (!destroyed) runtime.cleanups.push(m.startTheme(frame));
  });
  runtime.cleanups.push(
    secrets.subscribe(() => store.setState({ secrets: { mode: secrets.mode, canRequest: secrets.canRequestAccess } })),
  );
  return frame;
}

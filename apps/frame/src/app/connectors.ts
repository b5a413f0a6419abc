import type { FrameConfig } from '@airlock/protocol';
import { accountsChanged, chainChanged, walletDisconnected } from '../actions/connectorEvents.ts';
import type { Deployment } from '../config/deployment.ts';
import type { EmbeddedConnector } from '../connectors/embedded/connector.ts';
import { createLazyEmbeddedConnector } from '../connectors/embedded/lazy.ts';
import type { SecureFrameLink } from '../connectors/embedded/link.ts';
import { createInjectedConnector, type InjectedConnector } from '../connectors/injected/connector.ts';
import type { Connectors } from '../connectors/registry.ts';
import { createLazySolanaConnector, type SolanaConnector } from '../connectors/solana/lazy.ts';
import type { Connector, ConnectorEvents } from '../connectors/types.ts';
import { createLazyWalletConnectConnector } from '../connectors/walletconnect/lazy.ts';
import { createWalletConnectStorage } from '../connectors/walletconnect/storage.ts';
import type { HostClient } from '../host/client.ts';
import type { Frame } from '../store/frame.ts';
import type { FrameStore } from '../store/store.ts';
import { walletConnectPrefix } from '../storage/keys.ts';
import type { SecretStorage } from '../storage/secrets.ts';

export type { Connectors } from '../connectors/registry.ts';

/**
 * What the connectors are built from: the parts of the frame that exist before it, and
 * `frame()`, the finished instance, read only when a connector event arrives or the embedded
 * wallet's implementation loads (never while the registry is built).
 */
export type ConnectorsContext = {
  config: FrameConfig;
  parentOrigin: string;
  deployment: Deployment;
  host: HostClient;
  secrets: SecretStorage;
  store: FrameStore;
  frame: () => Frame;
};

/** Options of {@link createConnectors}. */
export type ConnectorsOptions = {
  /** The link to the secure frame (tests: a double); default: an iframe on the deployment's `secureFrameOrigin`. */
  embeddedLink?: SecureFrameLink | undefined;
};

/**
 * Creates the connectors of a frame and gives each its events callback: events of a
 * connector that is not the active one are ignored.
 */
export function createConnectors(context: ConnectorsContext, options: ConnectorsOptions = {}): Connectors {
  const { config, parentOrigin, deployment, host, store } = context;
  const injected = new Map<string, InjectedConnector>();
  const solana = new Map<string, SolanaConnector>();
  const isActive = (connector: Connector) => {
    const { status, wallet } = store.getState().connection;
    return status === 'connected' && wallet?.connectorId === connector.id;
  };
  const eventsOf = (get: () => Connector): ConnectorEvents => ({
    onAccountsChanged: (accounts) => isActive(get()) && accountsChanged(context.frame(), accounts),
    onChainChanged: (chainId) => isActive(get()) && chainChanged(context.frame(), chainId),
    onDisconnect: () => isActive(get()) && walletDisconnected(context.frame()),
  });
  const walletConnect: Connector = createLazyWalletConnectConnector(
    {
      projectId: config.projectId,
      relayUrl: deployment.relayUrl,
      networks: config.networks,
      metadata: {
        name: config.metadata?.name || 'Airlock dapp',
        description: config.metadata?.description ?? '',
        url: parentOrigin,
        icons: config.metadata?.icons ?? [],
      },
      customStoragePrefix: walletConnectPrefix(parentOrigin),
      storage: createWalletConnectStorage(context.secrets),
      verify: deployment.walletConnectVerify,
    },
    eventsOf(() => walletConnect),
  );
  const embedded = createEmbedded(context, options, eventsOf);
  const connectors: Connectors = {
    walletConnect,
    embedded,
    injected(wallet) {
      let connector = injected.get(wallet.uuid);
      if (!connector || connector.wallet.rdns !== wallet.rdns) {
        const created: InjectedConnector = createInjectedConnector(
          wallet,
          host,
          eventsOf(() => created),
        );
        injected.set(wallet.uuid, created);
        connector = created;
      }
      return connector;
    },
    solana(wallet) {
      let connector = solana.get(wallet.id);
      if (!connector || connector.wallet.name !== wallet.name) {
        const created: SolanaConnector = createLazySolanaConnector(
          wallet,
          host,
          eventsOf(() => created),
        );
        solana.set(wallet.id, created);
        connector = created;
      }
      return connector;
    },
    byId: (id) =>
      id === walletConnect.id
        ? walletConnect
        : embedded && id === embedded.id
          ? embedded
          : (injected.get(id) ?? solana.get(id)),
    active() {
      const { status, wallet } = store.getState().connection;
      return status === 'connected' && wallet ? (connectors.byId(wallet.connectorId) ?? null) : null;
    },
    hostEvent(event) {
      if (event.type === 'solanaChange') {
        if (store.getState().solanaWallets.some((w) => w.id === event.id))
          solana.get(event.id)?.receive(event.accounts);
        return;
      }
      if (!store.getState().wallets.some((w) => w.uuid === event.uuid)) return;
      injected.get(event.uuid)?.receive(event);
    },
  };
  return connectors;
}

/** The embedded connector (null without a secure frame); its implementation loads on first use. */
function createEmbedded(
  context: ConnectorsContext,
  options: ConnectorsOptions,
  eventsOf: (get: () => Connector) => ConnectorEvents,
): EmbeddedConnector | null {
  if (!options.embeddedLink && !context.deployment.secureFrameOrigin) return null;
  const connector: EmbeddedConnector = createLazyEmbeddedConnector(() =>
    import('./embedded.ts').then((m) =>
      m.createFrameEmbeddedConnector(
        context.frame(),
        eventsOf(() => connector),
        options.embeddedLink,
      ),
    ),
  );
  return connector;
}

import type { SolanaWallet, WalletAnnouncement, WalletEvent } from '@airlock/protocol';
import { createLazySolanaConnector, type SolanaConnector } from '../connectors/solana/lazy.ts';
import { accountsChanged, chainChanged, walletDisconnected } from '../actions/connectorEvents.ts';
import type { EmbeddedConnector } from '../connectors/embedded/connector.ts';
import { createLazyEmbeddedConnector } from '../connectors/embedded/lazy.ts';
import type { SecureFrameLink } from '../connectors/embedded/link.ts';
import { createInjectedConnector, type InjectedConnector } from '../connectors/injected/connector.ts';
import type { Connector, ConnectorEvents } from '../connectors/types.ts';
import { createLazyWalletConnectConnector } from '../connectors/walletconnect/lazy.ts';
import { walletConnectPrefix } from '../storage/keys.ts';
import { createWalletConnectStorage } from '../connectors/walletconnect/storage.ts';
import type { Frame } from './frame.ts';

/** The connectors of a frame. */
export type Connectors = {
  /** The WalletConnect connector (one per frame; its implementation and provider load on first use). */
  readonly walletConnect: Connector;
  /**
   * The embedded (email) wallet's connector, null when the deployment has no secure
   * frame (`secureFrameOrigin`). Its iframe loads on first use only.
   */
  readonly embedded: EmbeddedConnector | null;
  /** The connector of an announced page wallet (one per uuid). */
  injected(wallet: WalletAnnouncement): InjectedConnector;
  /** The connector of a Wallet Standard (Solana) page wallet (one per host-given id). */
  solana(wallet: SolanaWallet): SolanaConnector;
  /** The connector with this id, if one was created. */
  byId(id: string): Connector | undefined;
  /** The connector of the current connection, null while not connected. */
  active(): Connector | null;
  /**
   * A page-wallet event from the host (`walletEvent`): delivered only to the injected
   * connector of that uuid (or the Solana connector of that id), and only when the host
   * announced (registered) it. The
   * WalletConnect connector never receives it (its events come from its session).
   */
  hostEvent(event: Exclude<WalletEvent, { type: 'announced' }>): void;
};

/** Options of {@link createConnectors}. */
export type ConnectorsOptions = {
  /** The link to the secure frame (tests: a double); default: an iframe on the deployment's `secureFrameOrigin`. */
  embeddedLink?: SecureFrameLink | undefined;
};

/**
 * Creates the connectors of `frame` and gives each its events callback: events of a
 * connector that is not the active one are ignored.
 */
export function createConnectors(frame: Frame, options: ConnectorsOptions = {}): Connectors {
  const injected = new Map<string, InjectedConnector>();
  const solana = new Map<string, SolanaConnector>();
  const isActive = (connector: Connector) => {
    const { status, wallet } = frame.store.getState().connection;
    return status === 'connected' && wallet?.connectorId === connector.id;
  };
  const eventsOf = (get: () => Connector): ConnectorEvents => ({
    onAccountsChanged: (accounts) => isActive(get()) && accountsChanged(frame, accounts),
    onChainChanged: (chainId) => isActive(get()) && chainChanged(frame, chainId),
    onDisconnect: () => isActive(get()) && walletDisconnected(frame),
  });
  const { config, parentOrigin, deployment } = frame;
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
      storage: createWalletConnectStorage(frame.secrets),
      verify: frame.deployment.walletConnectVerify,
    },
    eventsOf(() => walletConnect),
  );
  const embedded = createEmbedded(frame, options, eventsOf);
  const connectors: Connectors = {
    walletConnect,
    embedded,
    injected(wallet) {
      let connector = injected.get(wallet.uuid);
      if (!connector || connector.wallet.rdns !== wallet.rdns) {
        const created: InjectedConnector = createInjectedConnector(
          wallet,
          frame.host,
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
          frame.host,
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
      const { status, wallet } = frame.store.getState().connection;
      return status === 'connected' && wallet ? (connectors.byId(wallet.connectorId) ?? null) : null;
    },
    hostEvent(event) {
      if (event.type === 'solanaChange') {
        if (frame.store.getState().solanaWallets.some((w) => w.id === event.id))
          solana.get(event.id)?.receive(event.accounts);
        return;
      }
      if (!frame.store.getState().wallets.some((w) => w.uuid === event.uuid)) return;
      injected.get(event.uuid)?.receive(event);
    },
  };
  return connectors;
}

/** The embedded connector of `frame` (null without a secure frame); its implementation loads on first use. */
function createEmbedded(
  frame: Frame,
  options: ConnectorsOptions,
  eventsOf: (get: () => Connector) => ConnectorEvents,
): EmbeddedConnector | null {
  if (!options.embeddedLink && !frame.deployment.secureFrameOrigin) return null;
  const connector: EmbeddedConnector = createLazyEmbeddedConnector(() =>
    import('./embedded.ts').then((m) =>
      m.createFrameEmbeddedConnector(
        frame,
        eventsOf(() => connector),
        options.embeddedLink,
      ),
    ),
  );
  return connector;
}

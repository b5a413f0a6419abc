import type { FrameConfig } from '@airlock/protocol';
import { accountsChanged, chainChanged, walletDisconnected } from '../actions/connectorEvents.ts';
import type { Deployment } from '../config/deployment.ts';
import type { ConnectorContext, ConnectorFamily } from '../connectors/context.ts';
import { bitcoinFamily } from '../connectors/bitcoin/index.ts';
import { cosmosFamily } from '../connectors/cosmos/index.ts';
import { embeddedFamily } from '../connectors/embedded/index.ts';
import type { SecureFrameLink } from '../connectors/embedded/link.ts';
import { injectedFamily } from '../connectors/injected/index.ts';
import type { Connectors } from '../connectors/registry.ts';
import { polkadotFamily } from '../connectors/polkadot/index.ts';
import { solanaFamily } from '../connectors/solana/index.ts';
import type { Connector, ConnectorEvents } from '../connectors/types.ts';
import type { ListedEvent } from '../actions/connections.ts';
import { walletConnectFamily } from '../connectors/walletconnect/index.ts';
import type { HostClient } from '../host/client.ts';
import type { Frame } from '../store/frame.ts';
import type { FrameStore } from '../store/store.ts';
import type { SecretStorage } from '../storage/secrets.ts';
import { connectionOf } from '../store/connection.ts';

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
 * Creates the connectors of a frame from the list of connector kinds — adding a connector is a
 * folder under connectors/ and one line in that list — and wires each connector's wallet events
 * to the store: the shown connection's events go to the actions the dapp's providers derive
 * from (actions/connectorEvents.ts); those of another listed connection change only that
 * connection (actions/listedConnectionEvents.ts, multi-wallet); a connector without a connection
 * is not listened to.
 */
export function createConnectors(context: ConnectorsContext, options: ConnectorsOptions = {}): Connectors {
  const { store } = context;
  const events = (get: () => Connector): ConnectorEvents => {
    // The shown connection's events go to the actions the dapp's providers derive from; those of
    // another listed connection (multi-wallet), and a shown wallet's end while others stay,
    // change only that connection, with the multi-wallet actions loaded then (the events keep their order).
    const on = (event: ListedEvent, own: () => void) => {
      const connector = get();
      const { connections } = store.getState();
      const connection = connectionOf(store.getState());
      const mine = (c: { connectorId: string } | null | undefined) => c?.connectorId === connector.id;
      if (
        connection.status === 'connected' &&
        mine(connection.wallet) &&
        (event.type !== 'end' || connections.list.every(mine))
      )
        own();
      else if (connections.list.some(mine))
        void import('../actions/connections.ts').then((m) => m.listedEvent(context.frame(), connector, event));
    };
    const end = () => on({ type: 'end' }, () => walletDisconnected(context.frame()));
    return {
      onAccountsChanged: (accounts) =>
        accounts.length > 0
          ? on({ type: 'accounts', accounts }, () => accountsChanged(context.frame(), accounts))
          : end(),
      onChainChanged: (chainId) => on({ type: 'chain', chainId }, () => chainChanged(context.frame(), chainId)),
      onDisconnect: end,
    };
  };
  const kindContext: ConnectorContext = { ...context, events };
  const injected = injectedFamily(kindContext);
  const walletConnect = walletConnectFamily(kindContext);
  const embedded = embeddedFamily(kindContext, embeddedLoader(context, options));
  // The registry: one line per kind, in the order the core tries them.
  const kinds: readonly ConnectorFamily[] = [
    injected,
    solanaFamily(kindContext),
    bitcoinFamily(kindContext),
    cosmosFamily(kindContext),
    polkadotFamily(kindContext),
    walletConnect,
    embedded,
  ];
  const all = () => kinds.flatMap((kind) => kind.list());
  const connectors: Connectors = {
    list: all,
    byId: (id) => all().find((c) => c.id === id),
    active() {
      const { status, wallet } = connectionOf(store.getState());
      return status === 'connected' && wallet ? (connectors.byId(wallet.connectorId) ?? null) : null;
    },
    find: async (ref, waitMs) => (await kinds.find((kind) => kind.type === ref.type)?.find(ref, waitMs)) ?? null,
    forEntry(entry) {
      for (const kind of kinds) {
        const connector = kind.forEntry?.(entry);
        if (connector) return connector;
      }
      return null;
    },
    hostEvent(event) {
      for (const kind of kinds) kind.hostEvent?.(event);
    },
    walletConnect: walletConnect.connector,
    embedded: embedded.connector,
    injected: injected.of,
  };
  return connectors;
}

/** How the embedded connector's implementation is made, wired to the frame; null without a secure frame. */
function embeddedLoader(context: ConnectorsContext, options: ConnectorsOptions) {
  if (!options.embeddedLink && !context.deployment.secureFrameOrigin) return null;
  return (events: ConnectorEvents) =>
    import('./embedded.ts').then((m) => m.createFrameEmbeddedConnector(context.frame(), events, options.embeddedLink));
}

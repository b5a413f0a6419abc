import type { ConnectorContext, ConnectorFamily } from '../context.ts';
import { defineConnector } from '../define.ts';
import type { Connector } from '../types.ts';
import { walletConnectPrefix } from '../../storage/keys.ts';
import { WALLETCONNECT_ICON } from './icon.ts';
import { WALLETCONNECT_CONNECTOR_ID } from './id.ts';
import type { WalletConnectConnectorOptions } from './connector.ts';

/** The WalletConnect kind: one connector per frame. */
export type WalletConnectFamily = ConnectorFamily & {
  /** The frame's WalletConnect connector. */
  readonly connector: Connector;
};

/**
 * The WalletConnect connector as the core holds it from the start: its implementation
 * (`connector.ts`, its session parsing and namespaces, and later
 * `@walletconnect/universal-provider`) loads with `import()` the first time it is used — when the
 * visitor picks WalletConnect, or the silent reconnect finds a remembered WalletConnect
 * connector. Nothing of WalletConnect is in the initial JS. `options` are made then too. `disconnect()` before it was ever
 * loaded has no session to end and resolves at once.
 */
export function walletConnectConnector(
  options: () => Promise<WalletConnectConnectorOptions>,
  events: ReturnType<ConnectorContext['events']>,
): Connector {
  return defineConnector({
    id: WALLETCONNECT_CONNECTOR_ID,
    name: 'WalletConnect',
    icon: WALLETCONNECT_ICON,
    type: 'WALLET_CONNECT',
    ref: { type: 'walletConnect' },
    // A session may hold accounts on each (the proposal asks for the configured networks of each).
    namespaces: ['eip155', 'solana', 'bip122', 'cosmos', 'polkadot'],
    load: async () => (await import('./connector.ts')).createWalletConnectConnector(await options(), events),
  });
}

/** The WalletConnect kind of a frame: its one connector, with the dapp's metadata and the origin-scoped storage. */
export function walletConnectFamily(context: ConnectorContext): WalletConnectFamily {
  const { config, deployment, parentOrigin } = context;
  const connector: Connector = walletConnectConnector(
    async () => ({
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
      storage: (await import('./storage.ts')).createWalletConnectStorage(context.secrets),
      verify: deployment.walletConnectVerify,
    }),
    context.events(() => connector),
  );
  return {
    type: 'walletConnect',
    connector,
    list: () => [connector],
    find: async (ref) => (ref.type === 'walletConnect' ? connector : null),
  };
}

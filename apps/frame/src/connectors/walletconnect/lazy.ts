import { cancelled, errorResult } from '@airlock/protocol';
import type { Connector, ConnectorEvents } from '../types.ts';
import type { WalletConnectConnectorOptions } from './connector.ts';
import { WALLETCONNECT_CONNECTOR_ID } from './id.ts';

/**
 * The WalletConnect connector as the core holds it from the start: a thin object with the
 * connector interface whose methods load the implementation (`connector.ts`, its session
 * parsing and namespaces, and later `@walletconnect/universal-provider`) with `import()`
 * the first time they run: when the visitor picks WalletConnect, or the silent reconnect
 * finds a stored WalletConnect preference. Nothing of WalletConnect is in the initial JS.
 *
 * `cancel()` before the implementation arrived cancels the `connect` waiting for it (it
 * resolves with `cancelled('aborted')`); `disconnect()` before it was ever loaded has no session
 * to end and resolves at once. A failed load answers like a failed provider (the error's
 * code and message) and is retried on the next call.
 */
export function createLazyWalletConnectConnector(
  options: WalletConnectConnectorOptions,
  events: ConnectorEvents,
): Connector {
  let loading: Promise<Connector> | null = null;
  let loaded: Connector | null = null;
  let attempt = 0;
  const load = () => {
    loading ??= import('./connector.ts').then(
      (m) => (loaded = m.createWalletConnectConnector(options, events)),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    id: WALLETCONNECT_CONNECTOR_ID,
    type: 'WALLET_CONNECT',
    ref: { type: 'walletConnect' },
    async connect(connectOptions) {
      const id = ++attempt;
      try {
        const connector = await load();
        if (id !== attempt) return cancelled('aborted');
        return await connector.connect(connectOptions);
      } catch (error) {
        return errorResult(error);
      }
    },
    async restore(caipNetworkId) {
      try {
        return await (await load()).restore(caipNetworkId);
      } catch {
        return null;
      }
    },
    async disconnect() {
      attempt++;
      if (loading) await (await loading.catch(() => null))?.disconnect();
    },
    async request(request, caipNetworkId) {
      try {
        return await (await load()).request(request, caipNetworkId);
      } catch (error) {
        return errorResult(error);
      }
    },
    async switchNetwork(network) {
      try {
        return await (await load()).switchNetwork(network);
      } catch (error) {
        return errorResult(error);
      }
    },
    cancel() {
      attempt++;
      loaded?.cancel();
    },
    // The session's namespaces and accounts (eip155, solana), once the implementation is loaded.
    get namespaces() {
      return loaded?.namespaces ?? [];
    },
    accountOn: (chainNamespace) => loaded?.accountOn?.(chainNamespace) ?? null,
  };
}

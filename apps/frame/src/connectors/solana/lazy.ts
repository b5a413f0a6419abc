import { cancelled, errorResult, isSolanaAddress, ok, type SolanaWallet } from '@airlock/protocol';
import type { HostClient } from '../../host/client.ts';
import type { Connector, ConnectorEvents } from '../types.ts';
import type { createSolanaConnector } from './connector.ts';

/** A Solana page-wallet connector plus the entry for its wallet's account changes (`solanaChange`). */
export type SolanaConnector = Connector & {
  /** The Wallet Standard wallet it talks to. */
  readonly wallet: SolanaWallet;
  /** The wallet's `change` accounts as the host reported them; anything but base58 addresses is ignored. */
  receive(accounts: string[]): void;
};

/**
 * The Solana page-wallet connector as the core holds it: its methods load the implementation
 * (connector.ts, with the base58 codec) with `import()` on first use, so nothing of it is in the
 * frame's initial JS. `cancel()` makes a running `connect` resolve with `cancelled('aborted')`.
 */
export function createLazySolanaConnector(
  wallet: SolanaWallet,
  host: HostClient,
  events: ConnectorEvents,
): SolanaConnector {
  let loading: Promise<ReturnType<typeof createSolanaConnector>> | null = null;
  let attempt = 0;
  const load = () => {
    loading ??= import('./connector.ts').then(
      (m) => m.createSolanaConnector(wallet, host),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    id: wallet.id,
    type: 'ANNOUNCED',
    ref: { type: 'solana', name: wallet.name },
    namespaces: ['solana'],
    wallet,
    async connect(options) {
      const id = ++attempt;
      try {
        const result = await (await load()).connect(options);
        return id === attempt ? result : cancelled('aborted');
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
      await loading?.then((c) => c.disconnect()).catch(() => {});
    },
    async request(request, caipNetworkId) {
      try {
        return await (await load()).request(request, caipNetworkId);
      } catch (error) {
        return errorResult(error);
      }
    },
    switchNetwork: async () => ok(null),
    cancel() {
      attempt++;
    },
    receive(accounts) {
      if (accounts.every((a) => isSolanaAddress(a))) events.onAccountsChanged(accounts);
    },
  };
}

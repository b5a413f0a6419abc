import type { HostMethods, WalletEvent } from '@airlock/protocol';
import { err, ok } from '@airlock/protocol/result';
import type { EIP6963ProviderDetail } from './discovery.ts';
import { forwardsToWallet } from './methodPolicy.ts';

/**
 * The host's `wallets` methods (HostMethods in `@airlock/protocol`): the frame's only
 * way to reach the page's EIP-6963 wallets. The page's wallets never talk to the frame directly.
 *
 * - `list()` → `{ ok: true, value: [{ uuid, name, icon, rdns }, …] }`, the announced infos
 *   (copied field by field, so nothing else crosses the channel).
 * - `request(uuid, { method, params })`:
 *   - `method` not forwarded (`hostForward` in the method-policy table, see `forwardsToWallet`) → `{ ok: false, error: { code: 4200 } }` (EIP-1193 unsupported method);
 *   - no wallet with that uuid → `{ ok: false, error: { code: 4900 } }` (EIP-1193 disconnected);
 *   - otherwise the wallet's `provider.request(...)` → `{ ok: true, value }`, or its error's
 *     `code` (5000, spec §8 default, when it has none), `message` and `data` copied into `{ ok: false, error }`.
 *   The first time a wallet is asked, its `accountsChanged`, `chainChanged` and `disconnect`
 *   events are subscribed and forwarded with `walletEvent(…)`.
 *
 * @param wallets - uuid → EIP-6963 detail, from `discoverWallets`.
 * @param send - sends a WalletEvent to the frame's `walletEvent()`.
 * @returns the methods and `stop()`, which unsubscribes from every wallet's events.
 */
export const createWalletBridge = (
  wallets: Map<string, EIP6963ProviderDetail>,
  send: (event: WalletEvent) => void,
): HostMethods['wallets'] & { stop: () => void } => {
  const offs: (() => void)[] = [];
  const used = new Set<string>();
  const sub = (uuid: string, { provider: p }: EIP6963ProviderDetail) => {
    const on = <D>(type: WalletEvent['type'], f: (d: D) => object) => {
      const l = (d: D) => send({ type, uuid, ...f(d) } as WalletEvent);
      p.on?.(type, l);
      offs.push(() => p.removeListener?.(type, l));
    };
    on('accountsChanged', (accounts: string[]) => ({ accounts }));
    on('chainChanged', (chainId: string) => ({ chainId }));
    on('disconnect', () => ({}));
  };
  return {
    list: async () =>
      ok([...wallets.values()].map(({ info: { uuid, name, icon, rdns } }) => ({ uuid, name, icon, rdns }))),
    request: async (uuid, r) => {
      if (!forwardsToWallet(r.method)) return err(4200, 'Requested RPC call is not allowed');
      const w = wallets.get(uuid);
      if (!w) return err(4900, 'No wallet');
      if (!used.has(uuid)) used.add(uuid), sub(uuid, w);
      try {
        return ok(await w.provider.request(r));
      } catch (e) {
        const x = e as { code?: number; message?: string; data?: unknown };
        return err(x?.code ?? 5000, x?.message ?? String(e), x?.data); // ErrorCode.Default
      }
    },
    stop: () => offs.forEach((f) => f()),
  };
};

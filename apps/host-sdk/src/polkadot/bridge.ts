import type { HostMethods } from '@airlock/protocol';
import type { PolkadotWalletEvent, PolkadotWalletRequest } from '@airlock/protocol/polkadotWallets';
import { err, guarded, ok } from '../pageWallets.ts';

/** The allow-listed methods (`POLKADOT_WALLET_METHODS` of the protocol). */
const METHODS = /^(enable|accounts\.get|signer\.sign(Payload|Raw))$/;

/** Sends the account change the frame learns next (and `announced`). */
export type PolkadotSend = (event: PolkadotWalletEvent | { type: 'announced' }) => void;

/**
 * Injected extensions (`window.injectedWeb3[name]`, the protocol polkadot-js, Talisman and
 * SubWallet speak) and the host's `polkadot` methods (`polkadotHostMethods` of
 * `@airlock/protocol/polkadotWallets`). An extension counts when `injectedWeb3` is an own
 * property of `window`, its name an own property of it (`[\w.-]`, up to 64) and its `enable` a function.
 * - `list()` → `[{ id, version }]`;
 * - `request(id, { method, params })`: `enable` `[originName]` calls the extension's `enable`
 *   and keeps the answer (its `accounts.subscribe` changes are sent as `{ type:
 *   'polkadotChange', id, accounts }`); `accounts.get`, `signer.signPayload`, `signer.signRaw`
 *   call the kept answer (4100 before `enable`). 4200 for a method that is not allow-listed or
 *   that the extension lacks (untouched), 4900 for an unknown id, else its answer or its own
 *   error code (5000 when it has none).
 * @returns the methods and `stop()`, which ends every subscription.
 */
export const createPolkadotBridge = (
  send: PolkadotSend,
): NonNullable<HostMethods['polkadot']> & { stop: () => void } => {
  const enabled = new Map<string, any>();
  const offs: (() => void)[] = [];
  const all = (): Record<string, any> => {
    const w = Object.hasOwn(globalThis, 'injectedWeb3') && (globalThis as any).injectedWeb3;
    return w && typeof w == 'object' ? w : {};
  };
  const find = (id: string) => {
    const x = /^[\w.-]{1,64}$/.test(id) && Object.hasOwn(all(), id) ? all()[id] : undefined;
    return typeof x?.enable == 'function' ? x : undefined;
  };
  return {
    list: async () =>
      ok(
        Object.keys(all())
          .filter(find)
          .map((id) => ({ id, version: String(all()[id].version ?? '').slice(0, 64) })),
      ),
    request: async (id, { method, params }: PolkadotWalletRequest) => {
      if (!METHODS.test(method)) return err(4200, 'Unsupported');
      if (!find(id)) return err(4900, 'No wallet');
      const [head, name] = method.split('.') as [string, string?];
      if (!name)
        return guarded(async () => {
          const injected = await find(id).enable(String(params[0] ?? ''));
          if (!enabled.has(id)) {
            const off = injected?.accounts?.subscribe?.((list: { address: string }[]) =>
              send({ type: 'polkadotChange', id, accounts: list.map((a) => a.address) }),
            );
            if (typeof off == 'function') offs.push(off);
          }
          enabled.set(id, injected);
          return null;
        });
      const part = enabled.get(id)?.[head];
      if (!enabled.has(id)) return err(4100, 'Not enabled');
      if (typeof part?.[name] != 'function') return err(4200, 'Unsupported');
      return guarded(async () => part[name](...params));
    },
    stop: () => offs.forEach((f) => f()),
  };
};

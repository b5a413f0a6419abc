import type { HostMethods } from '@airlock/protocol';
import type { CosmosWalletEvent, CosmosWalletRequest } from '@airlock/protocol/cosmosWallets';
import { err, guarded, ok } from '../pageWallets.ts';

/** The allow-listed Keplr methods (`COSMOS_WALLET_METHODS` of the protocol). */
const METHODS = /^(enable|getKey|sign(Direct|Amino|Arbitrary)|experimentalSuggestChain)$/;

/** The Keplr-shaped wallets looked for: `window` property → name in the modal. */
const WALLETS = { keplr: 'Keplr', leap: 'Leap' } as const;

/** Sends the Cosmos key change the frame learns next (and `announced`). */
export type CosmosSend = (event: CosmosWalletEvent | { type: 'announced' }) => void;

/**
 * Keplr-shaped page wallets and the host's `cosmos` methods (`cosmosHostMethods` of
 * `@airlock/protocol/cosmosWallets`): `window.keplr` and `window.leap`, each only as an own
 * property of `window` with an `enable` function, looked up at each call (a wallet injected late
 * is found then).
 * - `list()` → `[{ id: 'keplr' | 'leap', name }]`;
 * - `request(id, { method, params })` → `wallet[method](...params)`: 4200 for a method that is
 *   not allow-listed or that the wallet lacks (the wallet untouched), 4900 for a wallet that is
 *   not on the page, else its answer or its own error code (5000 when it has none).
 * Each wallet's `<id>_keystorechange` window event is sent as `{ type: 'cosmosChange', id }`.
 * @returns the methods and `stop()`, which removes the listeners.
 */
export const createCosmosBridge = (send: CosmosSend): NonNullable<HostMethods['cosmos']> & { stop: () => void } => {
  const find = (id: string): any => {
    const w = Object.hasOwn(WALLETS, id) && Object.hasOwn(globalThis, id) ? (globalThis as any)[id] : undefined;
    return typeof w?.enable == 'function' ? w : undefined;
  };
  const offs = Object.keys(WALLETS).map((id) => {
    const changed = () => send({ type: 'cosmosChange', id: id as CosmosWalletEvent['id'] });
    addEventListener(`${id}_keystorechange`, changed);
    return () => removeEventListener(`${id}_keystorechange`, changed);
  });
  return {
    list: async () => ok(Object.entries(WALLETS).flatMap(([id, name]) => (find(id) ? [{ id, name } as never] : []))),
    request: async (id, { method, params }: CosmosWalletRequest) => {
      const w = find(id);
      if (!METHODS.test(method) || (w && typeof w[method] != 'function')) return err(4200, 'Unsupported');
      if (!w) return err(4900, 'No wallet');
      return guarded(async () => w[method](...(Array.isArray(params) ? params : [])));
    },
    stop: () => offs.forEach((f) => f()),
  };
};

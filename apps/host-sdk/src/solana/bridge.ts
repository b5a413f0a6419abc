import type { HostMethods, SolanaFeatureRequest, WalletEvent } from '@airlock/protocol';
import type { Wallet } from '@wallet-standard/base';
import type { WalletAccount } from '@wallet-standard/base';
import { err, guarded, ok, walletStandard } from '../pageWallets.ts';

export type { WalletsApi } from '../pageWallets.ts';

/** The allow-listed features (anything else: 4200); each one's method is the name after the colon. */
const ALLOWED = /^(standard:(dis)?connect|solana:sign(Message|Transaction|AndSendTransaction|In))$/;

/**
 * A Wallet Standard account as plain data (its getters read; postMessage copies the bytes and
 * arrays): `{ address, publicKey, chains, features }`.
 */
const account = ({ address, publicKey, chains, features }: WalletAccount) => ({ address, publicKey, chains, features });

/**
 * A feature's output as plain data for postMessage: `{ accounts }` (connect) with plain accounts,
 * or the outputs array (sign*), an `account` in it (signIn) made plain.
 */
const plain = (v: any): unknown =>
  v?.accounts
    ? { accounts: v.accounts.map(account) }
    : v?.map?.((o: any) => (o.account ? { ...o, account: account(o.account) } : o));

/**
 * Wallet Standard discovery and the host's `solana` methods (HostMethods in `@airlock/protocol`),
 * on the shared discovery of `../pageWallets.ts`: keeps the wallets with a `solana:` chain, each
 * under a UUID of this page load; `self` (Airlock's own wallet) is never listed. A new wallet is
 * reported like an EIP-6963 one, with `send({ type: 'announced' })`.
 *
 * - `list()` → `[{ id, name, icon, chains, features }]` (feature names only);
 * - `request(id, { feature, input })` → the feature's output as plain data: 4200 for a feature
 *   that is not allow-listed or that the wallet lacks, 4900 for an unknown id, else the wallet's
 *   error code (5000 when it has none; an address that is none of its accounts reaches it as
 *   `account: undefined`, which it refuses).
 * Each wallet's `standard:events` `change` with accounts is forwarded as `solanaChange` (addresses).
 *
 * @returns the methods and `stop()`, which removes the listener and every subscription.
 */
export const createSolanaBridge = (
  self: Wallet,
  send: (event: WalletEvent) => void,
): NonNullable<HostMethods['solana']> & { stop: () => void } => {
  const [wallets, stop] = walletStandard(/solana:/, 'solanaChange', send as never, self);
  return {
    list: async () =>
      ok(
        [...wallets].map(([id, { name, icon, chains, features }]) => ({
          id,
          name,
          icon,
          chains: chains as string[],
          features: Object.keys(features),
        })),
      ),
    request: async (id, { feature, input }: SolanaFeatureRequest) => {
      const w = wallets.get(id);
      const f = (w?.features as any)?.[feature];
      if (!ALLOWED.test(feature) || (w && !f)) return err(4200, 'Unsupported');
      if (!w) return err(4900, 'No wallet');
      const { address, ...rest } = input as { address?: string };
      return guarded(async () => {
        const account = w.accounts.find((a) => a.address == address);
        return plain(await f[feature.split(':')[1]!](address ? { ...rest, account } : rest));
      });
    },
    stop,
  };
};

import type { HostMethods, SolanaFeatureRequest, WalletEvent } from '@airlock/protocol';
import type { Wallet, WalletAccount } from '@wallet-standard/base';

/** The Wallet Standard app API (`wallet-standard:app-ready` detail): `register(...wallets)` → unregister. */
export type WalletsApi = { register(...wallets: Wallet[]): () => void };

const ok = <T>(value: T) => ({ ok: true as const, value });
const err = (code: number, message: string) => ({ ok: false as const, error: { code, message } });

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
 * Wallet Standard discovery and the host's `solana` methods (HostMethods in `@airlock/protocol`):
 * listens for `wallet-standard:register-wallet`, dispatches `wallet-standard:app-ready`, and keeps
 * the wallets with a `solana:` chain, each under a UUID of this page load (`crypto.randomUUID`, a
 * secure context: https or localhost); `self` (Airlock's own
 * wallet) is never listed. A new wallet is reported like an EIP-6963 one, with `send({ type: 'announced' })`.
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
  const wallets = new Map<string, Wallet>();
  const offs: (() => void)[] = [];
  const api: WalletsApi = {
    register: (...list) => {
      const ids = list.map((w) => {
        if (w == self || [...wallets.values()].includes(w) || !/solana:/.test(w.chains as never)) return;
        const id = crypto.randomUUID();
        wallets.set(id, w);
        const off = (w.features as any)['standard:events']?.on(
          'change',
          (c: { accounts?: readonly WalletAccount[] }) => {
            if (c.accounts) send({ type: 'solanaChange', id, accounts: c.accounts.map((a) => a.address) });
          },
        );
        if (off) offs.push(off);
        send({ type: 'announced' });
        return id;
      });
      return () => ids.forEach((id) => id && wallets.delete(id));
    },
  };
  const onRegister = (e: Event) => (e as CustomEvent<(api: WalletsApi) => void>).detail?.(api);
  const r = 'wallet-standard:register-wallet';
  addEventListener(r, onRegister);
  dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));
  offs.push(() => removeEventListener(r, onRegister));
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
      try {
        const a = w.accounts.find((a) => a.address == address);
        return ok(plain(await f[feature.split(':')[1]!](address ? { ...rest, account: a } : rest)));
      } catch (e) {
        const x = e as { code?: number; message?: string };
        return err(x?.code ?? 5000, String(x?.message ?? e));
      }
    },
    stop: () => offs.forEach((f) => f()),
  };
};

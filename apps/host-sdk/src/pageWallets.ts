/**
 * What the opt-in namespace entries (`@airlock/host-sdk/solana`, `/bitcoin`, `/cosmos`,
 * `/polkadot`) share to bridge the page's wallets: the `{ ok, value }` / `{ ok, error }` answers
 * of the host methods, a guarded call that turns a wallet's throw into an answer, and Wallet
 * Standard discovery. Never imported by the core host script (each entry bundles its own copy).
 */
import type { Wallet, WalletAccount } from '@wallet-standard/base';

/** The Wallet Standard app API (`wallet-standard:app-ready` detail): `register(...wallets)` → unregister. */
export type WalletsApi = { register(...wallets: Wallet[]): () => void };

/** A host method's success answer. */
export const ok = <T>(value: T) => ({ ok: true as const, value });
/** A host method's error answer (EIP-1193 code and message). */
export const err = (code: number, message: string) => ({ ok: false as const, error: { code, message } });

/**
 * Runs a call into a page wallet (`call` is an async function, so whatever it throws rejects):
 * its value as {@link ok}, or what it threw as {@link err} with the wallet's own code (5000 when
 * it has none).
 */
export const guarded = <T>(call: () => Promise<T>) =>
  // 5000: ErrorCode.Default of @airlock/protocol (spec §8), written out to keep the code table out of the host.
  call().then(ok, (e: { code?: number; message?: string }) => err(e?.code ?? 5000, String(e?.message ?? e)));

/**
 * The two sides of the Wallet Standard's handshake: listens for `on` (each event's detail goes to
 * `handle`) and then dispatches `fire` with `detail` once. The app side listens for
 * `wallet-standard:register-wallet` and fires `wallet-standard:app-ready`; a wallet the reverse.
 * @returns the function that stops listening.
 */
export const handshake = (on: string, handle: (detail: any) => unknown, fire: string, detail: unknown) => {
  const listener = (e: Event) => handle((e as CustomEvent).detail);
  addEventListener(on, listener);
  dispatchEvent(new CustomEvent(fire, { detail }));
  return () => removeEventListener(on, listener);
};

/**
 * Wallet Standard discovery: listens for `wallet-standard:register-wallet`, dispatches
 * `wallet-standard:app-ready`, and keeps the wallets with a chain `chain` matches, never `self`
 * nor one twice, each under
 * a UUID of this page load (`crypto.randomUUID`, a secure context). Each kept wallet's
 * `standard:events` `change` with accounts is sent as `{ type: change, id, accounts }` (addresses),
 * and each new wallet as `{ type: 'announced' }` (like an EIP-6963 one).
 * @returns `[wallets, stop]`: the kept wallets by id, and `stop()`, which removes the listener and every subscription.
 */
export const walletStandard = (
  chain: RegExp,
  change: string,
  send: (event: { type: string; id?: string; accounts?: string[] }) => void,
  self?: Wallet,
) => {
  const wallets = new Map<string, Wallet>();
  const offs: (() => void)[] = [];
  const api: WalletsApi = {
    register: (...list) => {
      const ids = list.map((w) => {
        if (w == self || [...wallets.values()].includes(w) || !chain.test(w.chains as never)) return;
        const id = crypto.randomUUID();
        wallets.set(id, w);
        const off = (w.features as any)['standard:events']?.on(
          'change',
          (c: { accounts?: readonly WalletAccount[] }) =>
            c.accounts && send({ type: change, id, accounts: c.accounts.map((a) => a.address) }),
        );
        if (off) offs.push(off);
        send({ type: 'announced' });
        return id;
      });
      return () => ids.map((id) => wallets.delete(id!));
    },
  };
  offs.push(
    handshake(
      'wallet-standard:register-wallet',
      (register: (api: WalletsApi) => void) => register?.(api),
      'wallet-standard:app-ready',
      api,
    ),
  );
  return [wallets, () => offs.forEach((f) => f())] as const;
};

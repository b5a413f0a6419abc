import type { HostMethods, WalletEvent } from '@airlock/protocol';
import type { Bip122Wallet, Bip122WalletEvent, Bip122WalletRequest } from '@airlock/protocol/bip122Wallets';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import type { WalletsApi } from '../solana/bridge.ts';
import { satsConnectProviders } from './satsConnect.ts';

const ok = <T>(value: T) => ({ ok: true as const, value });
const err = (code: number, message: string) => ({ ok: false as const, error: { code, message } });

/** The allow-listed Wallet Standard features (`BIP122_WALLET_FEATURES` of the protocol); each one's method is the name after the colon. */
const FEATURES = /^(bitcoin:(connect|signMessage|signTransaction|signAndSendTransaction)|standard:(dis)?connect)$/;
/** The allow-listed sats-connect methods (`SATS_CONNECT_METHODS`). */
const METHODS = /^(getAccounts|signMessage|signPsbt|sendTransfer)$/;

/** A Wallet Standard account as plain data for postMessage (its getters read). */
const account = ({ address, publicKey, chains, features }: WalletAccount) => ({ address, publicKey, chains, features });

/** Sends `walletEvent`s: the protocol's, and the Bitcoin account change the frame learns next. */
export type Bip122Send = (event: WalletEvent | Bip122WalletEvent) => void;

/**
 * Bitcoin page-wallet discovery and the host's `bitcoin` methods (HostMethods in
 * `@airlock/protocol`, specs in `bitcoinHostMethods`):
 * - Wallet Standard: listens for `wallet-standard:register-wallet`, dispatches
 *   `wallet-standard:app-ready`, keeps the wallets with a `bitcoin:` chain;
 * - sats-connect: the providers `window.btc_providers` lists, read at each `list()`.
 * Each wallet gets a UUID of this page load (`crypto.randomUUID`); a new one is reported with
 * `send({ type: 'announced' })`.
 *
 * - `list()` → `[{ id, kind, name, icon, chains, features }]`;
 * - `request(id, { feature, input })` (Wallet Standard) or `request(id, { method, params })`
 *   (sats-connect) → the answer as plain data: 4200 for a feature or method that is not
 *   allow-listed, that the wallet lacks, or of the other kind; 4900 for an unknown id; else the
 *   wallet's own error code (5000 when it has none). Accounts are named by address; the wallet
 *   gets its own account objects (`account: undefined` for an address it does not hold, which it refuses).
 * A Wallet Standard wallet's `standard:events` `change` with accounts is sent as
 * `{ type: 'bitcoinChange', id, accounts }` (addresses).
 * @returns the methods and `stop()`, which removes the listener and every subscription.
 */
export const createBitcoinBridge = (send: Bip122Send): NonNullable<HostMethods['bitcoin']> & { stop: () => void } => {
  const wallets = new Map<string, Wallet>();
  const offs: (() => void)[] = [];
  const api: WalletsApi = {
    register: (...list) => {
      const ids = list.map((w) => {
        if ([...wallets.values()].includes(w) || !/bitcoin:/.test(w.chains as never)) return;
        const id = crypto.randomUUID();
        wallets.set(id, w);
        const off = (w.features as any)['standard:events']?.on(
          'change',
          (c: { accounts?: readonly WalletAccount[] }) => {
            if (c.accounts) send({ type: 'bitcoinChange', id, accounts: c.accounts.map((a) => a.address) });
          },
        );
        if (off) offs.push(off);
        send({ type: 'announced' });
        return id;
      });
      return () => ids.forEach((id) => id && wallets.delete(id));
    },
  };
  const sats = satsConnectProviders(() => send({ type: 'announced' }));
  const onRegister = (e: Event) => (e as CustomEvent<(api: WalletsApi) => void>).detail?.(api);
  const r = 'wallet-standard:register-wallet';
  addEventListener(r, onRegister);
  dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }));
  offs.push(() => removeEventListener(r, onRegister));
  return {
    list: async () =>
      ok([
        ...[...wallets].map(
          ([id, { name, icon, chains, features }]): Bip122Wallet => ({
            id,
            kind: 'wallet-standard',
            name,
            icon,
            chains: chains as string[],
            features: Object.keys(features),
          }),
        ),
        ...sats.list(),
      ]),
    request: async (id, request: Bip122WalletRequest) => {
      const w = wallets.get(id);
      const p = sats.get(id);
      try {
        if ('method' in request) {
          if (!METHODS.test(request.method) || w) return err(4200, 'Unsupported');
          if (!p) return err(4900, 'No wallet');
          const answer = await p.request(request.method, request.params);
          if (answer?.error) return err(answer.error.code ?? 5000, String(answer.error.message));
          return ok(answer?.result);
        }
        const { feature, input } = request;
        const f = (w?.features as any)?.[feature];
        if (!FEATURES.test(feature) || p || (w && !f)) return err(4200, 'Unsupported');
        if (!w) return err(4900, 'No wallet');
        const find = (address: string) => w.accounts.find((a) => a.address == address);
        const { address, inputsToSign, ...rest } = input as any;
        const arg = {
          ...rest,
          ...(address ? { account: find(address) } : {}),
          ...(inputsToSign
            ? { inputsToSign: inputsToSign.map(({ address: a, ...s }: any) => ({ ...s, account: find(a) })) }
            : {}),
        };
        const out = await f[feature.split(':')[1]!](arg);
        return ok(out?.accounts ? { accounts: out.accounts.map(account) } : out);
      } catch (e) {
        const x = e as { code?: number; message?: string };
        return err(x?.code ?? 5000, String(x?.message ?? e));
      }
    },
    stop: () => offs.forEach((f) => f()),
  };
};

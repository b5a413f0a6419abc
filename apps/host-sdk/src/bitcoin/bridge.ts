import type { HostMethods, WalletEvent } from '@airlock/protocol';
import type { Bip122Wallet, Bip122WalletEvent, Bip122WalletRequest } from '@airlock/protocol/bip122Wallets';
import type { WalletAccount } from '@wallet-standard/base';
import { err, guarded, ok, walletStandard } from '../pageWallets.ts';
import { SATS_METHODS, satsConnectProviders } from './satsConnect.ts';

/** A Wallet Standard account as plain data for postMessage (its getters read). */
const account = ({ address, publicKey, chains, features }: WalletAccount) => ({ address, publicKey, chains, features });

/** The allow-listed Wallet Standard features (`BIP122_WALLET_FEATURES` of the protocol); each one's method is the name after the colon. */
const FEATURES = /^(bitcoin:(connect|signMessage|signTransaction|signAndSendTransaction)|standard:(dis)?connect)$/;

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
  const [wallets, stop] = walletStandard(/bitcoin:/, 'bitcoinChange', send as never);
  const sats = satsConnectProviders(() => send({ type: 'announced' }));
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
      if ('method' in request) {
        if (!SATS_METHODS.includes(request.method) || w) return err(4200, 'Unsupported');
        if (!p) return err(4900, 'No wallet');
        return guarded(async () => {
          const answer = await p.request(request.method, request.params);
          if (answer?.error) throw answer.error; // the provider's { code, message }
          return answer?.result;
        });
      }
      const { feature, input } = request;
      const f = (w?.features as any)?.[feature];
      if (!FEATURES.test(feature) || p || (w && !f)) return err(4200, 'Unsupported');
      if (!w) return err(4900, 'No wallet');
      return guarded(async () => {
        const find = (address: string) => w.accounts.find((a) => a.address == address);
        const { address, inputsToSign, ...rest } = input as any;
        const out = await f[feature.split(':')[1]!]({
          ...rest,
          ...(address ? { account: find(address) } : {}),
          ...(inputsToSign
            ? { inputsToSign: inputsToSign.map(({ address: a, ...s }: any) => ({ ...s, account: find(a) })) }
            : {}),
        });
        return out?.accounts ? { accounts: out.accounts.map(account) } : out;
      });
    },
    stop,
  };
};

import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { AIRLOCK_ICON as ICON } from '../icon.ts';
import { fromBase58 } from './codec.ts';
import { handshake, type WalletsApi } from '../pageWallets.ts';
import type { SolanaProvider } from './provider.ts';

/** The Wallet Standard chains Airlock's wallet names (the Solana wallet adapters pick one from the RPC endpoint). */
export const AIRLOCK_WALLET_CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const;

/** The name Airlock registers under in the Wallet Standard. */
export const AIRLOCK_WALLET_NAME = 'Airlock';

const v = '1.0.0' as const;
const TX = ['legacy', 0] as const;

/**
 * Airlock as a Wallet Standard wallet (name `Airlock`): `standard:connect` (silent: the account the
 * widget already has, no modal), `standard:disconnect`, `standard:events` (`change` with the
 * accounts), `solana:signMessage`, `solana:signTransaction`, `solana:signAndSendTransaction`
 * (legacy and version 0), all through `provider`. Registered with
 * `wallet-standard:register-wallet` and again to every app that dispatches
 * `wallet-standard:app-ready`, so `@wallet-standard/app`'s `getWallets()` (and the Solana wallet
 * adapters built on it) find it.
 * @returns the wallet, `changed()` (call when the provider's account changes) and `stop()`.
 */
export const registerAirlockWallet = (
  provider: () => SolanaProvider,
): { wallet: Wallet; changed: () => void; stop: () => void } => {
  const listeners = new Set<(p: { accounts: readonly WalletAccount[] }) => void>();
  const unregister: (() => void)[] = [];
  const accounts = (): WalletAccount[] => {
    const a = provider().publicKey?.toBase58();
    return a
      ? [
          {
            address: a,
            publicKey: fromBase58(a),
            chains: AIRLOCK_WALLET_CHAINS,
            features: Object.keys(wallet.features).slice(3) as `${string}:${string}`[], // the solana:sign* features below
          },
        ]
      : [];
  };
  const all =
    <I, O>(f: (input: I) => Promise<O>) =>
    (...inputs: I[]) =>
      Promise.all(inputs.map(f));
  const wallet: Wallet = {
    version: v,
    name: AIRLOCK_WALLET_NAME,
    icon: ICON as Wallet['icon'],
    chains: AIRLOCK_WALLET_CHAINS,
    get accounts() {
      return accounts();
    },
    features: {
      'standard:connect': {
        version: v,
        connect: async (input?: { silent?: boolean }) => (
          input?.silent || (await provider().connect()), { accounts: accounts() }
        ),
      },
      'standard:disconnect': { version: v, disconnect: () => provider().disconnect() },
      'standard:events': {
        version: v,
        on: (_: 'change', l: (p: { accounts: readonly WalletAccount[] }) => void) => (
          listeners.add(l), () => listeners.delete(l)
        ),
      },
      'solana:signMessage': {
        version: v,
        signMessage: all(async ({ message }: { message: Uint8Array }) => ({
          signedMessage: message,
          signature: (await provider().signMessage(message)).signature,
        })),
      },
      'solana:signTransaction': {
        version: v,
        supportedTransactionVersions: TX,
        signTransaction: all(async ({ transaction }: { transaction: Uint8Array }) => ({
          signedTransaction: await provider().signTransaction(transaction),
        })),
      },
      'solana:signAndSendTransaction': {
        version: v,
        supportedTransactionVersions: TX,
        signAndSendTransaction: all(
          async ({ transaction, options }: { transaction: Uint8Array; options?: object }) => ({
            signature: fromBase58((await provider().signAndSendTransaction(transaction, options)).signature),
          }),
        ),
      },
    },
  };
  const register = (api: WalletsApi) => unregister.push(api.register(wallet));
  const off = handshake('wallet-standard:app-ready', register, 'wallet-standard:register-wallet', register);
  return {
    wallet,
    changed: () => listeners.forEach((l) => l({ accounts: accounts() })),
    stop: () => (off(), unregister.forEach((u) => u())),
  };
};

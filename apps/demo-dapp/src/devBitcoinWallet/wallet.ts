import { hex } from '@scure/base';
import { Transaction } from '@scure/btc-signer';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import type { Approver } from '../devWallet/approval.ts';
import { DevWalletRpcError } from '../devWallet/errors.ts';
import { type ApprovalStorage, createDevWalletSession } from '../devWallet/session.ts';
import { signBip322Simple } from '@airlock/testing/bip322';
import { signLegacyMessage } from './ecdsaMessage.ts';
import type { DevBitcoinKey } from './keys.ts';
import { summarisePsbt } from './psbt.ts';

/** The Dev Bitcoin Wallet's name in the Wallet Standard. */
export const DEV_BITCOIN_WALLET_NAME = 'Dev Bitcoin Wallet';

const ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f7931a"/><path d="M12 8h6a4 4 0 0 1 1 7.9A4 4 0 0 1 18 24h-6zm3 3v3h3a1.5 1.5 0 0 0 0-3zm0 6v4h3a2 2 0 0 0 0-4z" fill="#fff"/></svg>',
  );

/** The Wallet Standard chain it signs for (the regtest stand-in). */
export const DEV_BITCOIN_CHAINS = ['bitcoin:regtest'] as const;

const FEATURES = ['bitcoin:signMessage', 'bitcoin:signTransaction', 'bitcoin:signAndSendTransaction'] as const;

/** localStorage key that remembers the approval (like an extension, survives reloads). */
export const BITCOIN_AUTHORISED_KEY = 'devBitcoinWallet:authorised';

/** A wallet error carrying an EIP-1193 style code (4001 rejected, 4100 not authorised, -32602 bad input). */
export class DevBitcoinWalletError extends DevWalletRpcError {
  override name = 'DevBitcoinWalletError';
}

/** Options of {@link createDevBitcoinWallet}. */
export type DevBitcoinWalletOptions = {
  /** Its two addresses: payment (p2wpkh) and ordinals (p2tr). */
  keys: { payment: DevBitcoinKey; ordinals: DevBitcoinKey };
  /** The regtest stand-in's Esplora API, where `bitcoin:signAndSendTransaction` posts (`POST /tx`). */
  esploraUrl: string;
  /** Asks the person (panel, or auto-approve). */
  approve: Approver;
  /** Where the approval is remembered ({@link BITCOIN_AUTHORISED_KEY}); default `window.localStorage`. */
  storage?: ApprovalStorage;
  /** `fetch` for `POST /tx`; default the global one. */
  fetch?: typeof fetch;
};

type Purpose = 'payment' | 'ordinals';
type SignInput = {
  psbt: Uint8Array;
  chain?: string;
  inputsToSign: { account: WalletAccount; signingIndexes: number[]; sigHash?: number }[];
};

/** The Dev Bitcoin Wallet: a Wallet Standard wallet, and `switchAccount` (the person picks another account in it). */
export type DevBitcoinWallet = Wallet & {
  /** Makes `keys` its accounts (both addresses) and tells `standard:events` listeners, as a wallet does when the person switches account. */
  switchAccount(keys: DevBitcoinWalletOptions['keys']): void;
};

/**
 * The Dev Bitcoin Wallet (dev and tests only): a Wallet Standard wallet with two regtest
 * accounts, payment (p2wpkh) and ordinals (p2tr). Features (the Bitcoin Wallet Standard):
 * - `bitcoin:connect` `{ purposes }` → the accounts of those purposes, in that order (asks
 *   unless already authorised); `standard:connect` (both), `standard:disconnect`, `standard:events`;
 * - `bitcoin:signMessage` `{ account, message, protocol? }` → `{ signedMessage, signature }`: a
 *   BIP-322 simple signature (the encoded witness; its base64 is the usual text), or with
 *   `protocol: 'ecdsa'` (an extension the frame sends; the standard's input has no protocol) a
 *   legacy BIP-137 signature (65 bytes) of the payment (p2wpkh) address, -32602 for the taproot one;
 * - `bitcoin:signTransaction` `{ psbt, inputsToSign: [{ account, signingIndexes, sigHash? }] }`
 *   → `{ signedPsbt }` (signed, not finalized), with @scure/btc-signer;
 * - `bitcoin:signAndSendTransaction` (same input) → `{ txId }`: signs, finalizes and posts to
 *   the stand-in's `POST /tx`.
 * `switchAccount(keys)` moves it to another account: a `change` event with the new accounts when approved.
 * Every prompt goes through `approve` with readable lines (the PSBT's inputs, outputs and fee); a
 * rejection throws {@link DevBitcoinWalletError} 4001, an account it does not hold 4100.
 */
export function createDevBitcoinWallet(options: DevBitcoinWalletOptions): DevBitcoinWallet {
  const { approve, esploraUrl } = options;
  let keys = options.keys;
  const account = (key: DevBitcoinKey): WalletAccount => ({
    address: key.address,
    publicKey: key.publicKey,
    chains: DEV_BITCOIN_CHAINS,
    features: FEATURES,
  });
  let accounts: Record<Purpose, WalletAccount> = { payment: account(keys.payment), ordinals: account(keys.ordinals) };
  const session = createDevWalletSession({
    storage: options.storage ?? window.localStorage,
    key: BITCOIN_AUTHORISED_KEY,
    value: keys.payment.address,
    approve,
    fail: (code, message) => new DevBitcoinWalletError(code, message),
    accounts: () => [accounts.payment, accounts.ordinals],
  });
  const { ask, current } = session;
  /** The key of an account it holds (authorised); else 4100. */
  const keyOf = (a: WalletAccount | undefined): DevBitcoinKey => {
    const key = [keys.payment, keys.ordinals].find((k) => k.address === a?.address);
    if (!session.authorised || !key) throw new DevBitcoinWalletError(4100, 'The account is not authorised');
    return key;
  };
  const connect = async (purposes: Purpose[], silent = false) => {
    if (!session.authorised && !silent) {
      await ask(
        'bitcoin:connect',
        purposes.map((p) => `${p === 'payment' ? 'Payment' : 'Ordinals'}: ${accounts[p].address}`),
      );
      session.authorise(true);
    }
    return { accounts: session.authorised ? purposes.map((p) => accounts[p]) : [] };
  };
  /** Signs the listed inputs of a PSBT after asking; answers the signed transaction. */
  const signPsbt = async (method: string, input: SignInput, extra: string[] = []): Promise<Transaction> => {
    let tx: Transaction;
    try {
      tx = Transaction.fromPSBT(input.psbt);
    } catch (error) {
      throw new DevBitcoinWalletError(-32602, `Invalid PSBT: ${(error as Error).message}`);
    }
    const plan = input.inputsToSign.map((s) => ({
      key: keyOf(s.account),
      indexes: s.signingIndexes,
      sigHash: s.sigHash,
    }));
    const signing = new Set(plan.flatMap((p) => p.indexes));
    for (const i of signing)
      if (!Number.isInteger(i) || i < 0 || i >= tx.inputsLength)
        throw new DevBitcoinWalletError(-32602, `No input ${i} in the PSBT`);
    await ask(method, [...summarisePsbt(tx, signing), ...extra]);
    for (const { key, indexes, sigHash } of plan)
      for (const i of indexes) {
        if (key.tapInternalKey && !tx.getInput(i).tapInternalKey)
          tx.updateInput(i, { tapInternalKey: key.tapInternalKey });
        tx.signIdx(key.privateKey, i, sigHash === undefined ? undefined : [sigHash]);
      }
    return tx;
  };
  const each =
    <I, O>(f: (input: I) => Promise<O>) =>
    async (...inputs: I[]) => {
      const outputs: O[] = [];
      for (const input of inputs) outputs.push(await f(input));
      return outputs;
    };
  return {
    version: '1.0.0',
    name: DEV_BITCOIN_WALLET_NAME,
    icon: ICON as Wallet['icon'],
    chains: DEV_BITCOIN_CHAINS,
    get accounts() {
      return current();
    },
    switchAccount(next) {
      keys = next;
      accounts = { payment: account(keys.payment), ordinals: account(keys.ordinals) };
      // Tells the listeners (the approval stays: the person approved this site, not one address).
      if (session.authorised) session.authorise(true);
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        connect: async (input?: { purposes?: Purpose[] }) => {
          const purposes = input?.purposes?.length ? input.purposes : (['payment'] as Purpose[]);
          if (purposes.some((p) => p !== 'payment' && p !== 'ordinals'))
            throw new DevBitcoinWalletError(-32602, 'purposes must be payment or ordinals');
          return connect(purposes);
        },
      },
      'standard:connect': {
        version: '1.0.0',
        connect: (input?: { silent?: boolean }) => connect(['payment', 'ordinals'], input?.silent),
      },
      ...session.standard,
      'bitcoin:signMessage': {
        version: '1.0.0',
        signMessage: each(
          async (input: { account: WalletAccount; message: Uint8Array; protocol?: 'bip322' | 'ecdsa' }) => {
            const key = keyOf(input.account);
            const ecdsa = input.protocol === 'ecdsa';
            if (ecdsa && key.tapInternalKey)
              throw new DevBitcoinWalletError(-32602, 'A taproot address has no legacy (ECDSA) message signature');
            await ask('bitcoin:signMessage', [
              `Address: ${key.address}`,
              `Message: ${new TextDecoder().decode(input.message)}`,
              `Signature: ${ecdsa ? 'ECDSA (legacy, BIP-137)' : 'BIP-322 simple'}`,
            ]);
            return {
              signedMessage: input.message,
              signature: ecdsa
                ? signLegacyMessage(input.message, key.privateKey)
                : signBip322Simple(input.message, key),
            };
          },
        ),
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        signTransaction: each(async (input: SignInput) => ({
          signedPsbt: (await signPsbt('bitcoin:signTransaction', input)).toPSBT(),
        })),
      },
      'bitcoin:signAndSendTransaction': {
        version: '1.0.0',
        signAndSendTransaction: each(async (input: SignInput) => {
          const tx = await signPsbt('bitcoin:signAndSendTransaction', input, [`Sends to: ${esploraUrl}`]);
          try {
            tx.finalize();
          } catch (error) {
            throw new DevBitcoinWalletError(-32602, `The PSBT cannot be finalized: ${(error as Error).message}`);
          }
          const res = await (options.fetch ?? fetch)(`${esploraUrl}/tx`, {
            method: 'POST',
            body: hex.encode(tx.extract()),
            signal: AbortSignal.timeout(10_000),
          });
          const body = await res.text();
          if (!res.ok) throw new DevBitcoinWalletError(-32603, `The node refused the transaction: ${body}`);
          return { txId: body };
        }),
      },
    },
  };
}

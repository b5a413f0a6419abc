import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { p2tr, p2wpkh, TEST_NETWORK } from '@scure/btc-signer';

/** btc-signer's parameters of regtest addresses (`bcrt1…`, base58 like testnet). */
export const REGTEST = { ...TEST_NETWORK, bech32: 'bcrt' } as const;

/** The default seed of every dev key (`BITCOIN_ESPLORA_SEED`). */
export const DEFAULT_DEV_SEED = 'airlock-dev-bitcoin';

/** How many dev accounts are funded by default (`BITCOIN_ESPLORA_ACCOUNTS`). */
export const DEFAULT_DEV_ACCOUNT_COUNT = 4;

/** What each dev payment address (p2wpkh) holds at start: two outputs of 0.5 BTC, in satoshis. */
export const DEV_PAYMENT_OUTPUTS = [50_000_000n, 50_000_000n] as const;

/** What each dev ordinals address (p2tr) holds at start: one 10,000-satoshi output, in satoshis. */
export const DEV_ORDINALS_OUTPUTS = [10_000n] as const;

/**
 * A dev private key: `sha256("<seed>/<label>")` as a secp256k1 scalar. Labels:
 * `account/<i>/payment`, `account/<i>/ordinals`. These keys are public: never use them outside
 * a local chain.
 */
export const deriveDevKey = (label: string, seed = DEFAULT_DEV_SEED): Uint8Array =>
  sha256(new TextEncoder().encode(`${seed}/${label}`));

/** One dev account: a p2wpkh payment address and a p2tr (key path, BIP-86 style, no script tree) ordinals address. */
export type DevBitcoinAccount = {
  /** 0-based index. */
  index: number;
  /** p2wpkh `bcrt1q…`: the account's bitcoin. */
  payment: { address: string; privateKey: Uint8Array; publicKey: Uint8Array };
  /** p2tr `bcrt1p…`: where inscriptions would live. `publicKey` is the 32-byte x-only internal key. */
  ordinals: { address: string; privateKey: Uint8Array; publicKey: Uint8Array };
};

/** The dev account `index` of `seed` on regtest ({@link deriveDevKey}). */
export function deriveDevAccount(index: number, seed = DEFAULT_DEV_SEED): DevBitcoinAccount {
  const paymentKey = deriveDevKey(`account/${index}/payment`, seed);
  const ordinalsKey = deriveDevKey(`account/${index}/ordinals`, seed);
  const paymentPub = secp256k1.getPublicKey(paymentKey, true);
  const ordinalsPub = secp256k1.getPublicKey(ordinalsKey, true).slice(1);
  return {
    index,
    payment: { address: p2wpkh(paymentPub, REGTEST).address!, privateKey: paymentKey, publicKey: paymentPub },
    ordinals: {
      address: p2tr(ordinalsPub, undefined, REGTEST).address!,
      privateKey: ordinalsKey,
      publicKey: ordinalsPub,
    },
  };
}

/** Dev accounts 0 … count − 1. */
export const deriveDevAccounts = (count = DEFAULT_DEV_ACCOUNT_COUNT, seed = DEFAULT_DEV_SEED): DevBitcoinAccount[] =>
  Array.from({ length: count }, (_, i) => deriveDevAccount(i, seed));

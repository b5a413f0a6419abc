import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { p2tr, p2wpkh, TEST_NETWORK } from '@scure/btc-signer';

/** btc-signer's parameters of regtest addresses (`bcrt1…`). */
export const REGTEST = { ...TEST_NETWORK, bech32: 'bcrt' } as const;

/** The regtest stand-in's dev seed (apps/bitcoin-esplora `BITCOIN_ESPLORA_SEED` default). */
export const DEV_BITCOIN_SEED = 'airlock-dev-bitcoin';

/** One address of the Dev Bitcoin Wallet: its key, public key, output script and address. */
export type DevBitcoinKey = {
  privateKey: Uint8Array;
  /** 33-byte compressed key (payment) or 32-byte x-only internal key (ordinals). */
  publicKey: Uint8Array;
  script: Uint8Array;
  address: string;
  /** p2tr only: the internal key, for signing. */
  tapInternalKey?: Uint8Array;
};

/**
 * The keys of a regtest dev account, derived as apps/bitcoin-esplora does:
 * `sha256("<seed>/account/<i>/payment")` for the p2wpkh payment address and
 * `…/ordinals` for the p2tr ordinals address (key path, no script tree). Account 0 is
 * `bcrt1qt3snut5dqmen4ja6msewes2vym9qmg3kqpswjr` / `bcrt1pwzmgzd0jvxj9zd4jevwjlw2cu553fk36vvyqlh7jazm52y54ezjqywl9tm`,
 * funded at the stand-in's start. Public keys: never use them outside a local chain.
 */
export function devBitcoinKeys(
  index = 0,
  seed = DEV_BITCOIN_SEED,
): { payment: DevBitcoinKey; ordinals: DevBitcoinKey } {
  const key = (purpose: string) => sha256(new TextEncoder().encode(`${seed}/account/${index}/${purpose}`));
  const paymentKey = key('payment');
  const ordinalsKey = key('ordinals');
  const paymentPub = secp256k1.getPublicKey(paymentKey, true);
  const internal = secp256k1.getPublicKey(ordinalsKey, true).slice(1);
  const payment = p2wpkh(paymentPub, REGTEST);
  const ordinals = p2tr(internal, undefined, REGTEST);
  return {
    payment: { privateKey: paymentKey, publicKey: paymentPub, script: payment.script, address: payment.address! },
    ordinals: {
      privateKey: ordinalsKey,
      publicKey: internal,
      script: ordinals.script,
      address: ordinals.address!,
      tapInternalKey: internal,
    },
  };
}

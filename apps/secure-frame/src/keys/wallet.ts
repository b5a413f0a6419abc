import { base58 } from '@scure/base';
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { HDKey as Slip10 } from 'micro-key-producer/slip10.js';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';

/** BIP-44 path of the eip155 account (coin type 60, account 0, external chain, index 0). */
export const EIP155_PATH = "m/44'/60'/0'/0/0" as const;
/** SLIP-10 ed25519 path of the solana account (coin type 501, every level hardened). */
export const SOLANA_PATH = "m/44'/501'/0'/0'" as const;
/** Bytes of BIP-39 entropy the wallet is made of (16 bytes = 12 words). */
export const ENTROPY_BYTES = 16;

/** The solana account: base58 address and an ed25519 signer. The private key stays inside the closure. */
export type SolanaAccount = {
  /** Base58 public key (the solana address). */
  address: string;
  /** Detached ed25519 signature of `message` (64 bytes). */
  signMessage: (message: Uint8Array) => Uint8Array;
};

/** The accounts derived from one seed: an eip155 account (viem) and a solana account. */
export type WalletKeys = { eip155: HDAccount; solana: SolanaAccount };

/**
 * Fresh BIP-39 entropy from the browser's CSPRNG (`crypto.getRandomValues`).
 * This is the secret the Shamir shares split; it never leaves the secure frame.
 */
export function generateEntropy(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES));
}

/**
 * Derives the accounts of a seed: eip155 at {@link EIP155_PATH} (secp256k1, viem's
 * `mnemonicToAccount`) and solana at {@link SOLANA_PATH} (SLIP-10 ed25519).
 * @throws Error when `entropy` is not 16 or 32 bytes
 */
export function deriveWallet(entropy: Uint8Array): WalletKeys {
  if (entropy.length !== 16 && entropy.length !== 32) throw new Error('Invalid seed length');
  const mnemonic = entropyToMnemonic(entropy, wordlist);
  const eip155 = mnemonicToAccount(mnemonic, { path: EIP155_PATH });
  const solanaKey = Slip10.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(SOLANA_PATH);
  return {
    eip155,
    solana: { address: base58.encode(solanaKey.publicKeyRaw), signMessage: (message) => solanaKey.sign(message) },
  };
}

/** The addresses of a wallet, as registered with the API. */
export type WalletAddresses = { eip155: string; solana: string };

/** The addresses of derived keys. */
export function addressesOf(keys: WalletKeys): WalletAddresses {
  return { eip155: keys.eip155.address, solana: keys.solana.address };
}

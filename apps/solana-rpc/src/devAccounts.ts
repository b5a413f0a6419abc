import { createHash } from 'node:crypto';
import { Keypair } from '@solana/web3.js';

/**
 * The documented seed of the local chain's dev keys. Every key is
 * `Keypair.fromSeed(sha256("<seed>/<label>"))`, so the addresses are the same on every start.
 */
export const DEFAULT_DEV_SEED = 'airlock-dev-solana';

/** How many funded dev accounts the chain creates by default (like anvil's ten). */
export const DEFAULT_DEV_ACCOUNT_COUNT = 10;

/** SOL each dev account holds at start: 1,000 SOL, in lamports (1 SOL = 10^9 lamports). */
export const DEV_ACCOUNT_LAMPORTS = 1_000n * 1_000_000_000n;

/** The dev SPL mint: symbol `DEV`, 6 decimals. */
export const DEV_MINT_DECIMALS = 6;

/** DEV each dev account holds at start: 1,000,000 DEV, in base units (10^6 per DEV). */
export const DEV_TOKEN_AMOUNT = 1_000_000n * 10n ** BigInt(DEV_MINT_DECIMALS);

/** The ed25519 keypair for a label under a seed: `Keypair.fromSeed(sha256("<seed>/<label>"))`. */
export function deriveKeypair(seed: string, label: string): Keypair {
  return Keypair.fromSeed(createHash('sha256').update(`${seed}/${label}`).digest());
}

/** The dev accounts' keypairs, labels `account/0` … `account/<count-1>`. */
export function deriveDevKeypairs(seed: string, count: number): Keypair[] {
  return Array.from({ length: count }, (_, i) => deriveKeypair(seed, `account/${i}`));
}

/** The dev mint's keypair (its public key is the mint address), label `mint/DEV`. */
export function deriveDevMintKeypair(seed: string): Keypair {
  return deriveKeypair(seed, 'mint/DEV');
}

/**
 * The faucet's keypair, label `faucet`: it pays `requestAirdrop` and the start-up
 * transactions, and is the DEV mint authority.
 */
export function deriveFaucetKeypair(seed: string): Keypair {
  return deriveKeypair(seed, 'faucet');
}

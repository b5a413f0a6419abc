import { Keypair } from '@solana/web3.js';

/** The local Solana chain's dev seed (apps/solana-rpc `SOLANA_RPC_SEED` default). */
export const DEV_SOLANA_SEED = 'airlock-dev-solana';

/**
 * The keypair of a local Solana dev account: `Keypair.fromSeed(sha256("<seed>/account/<index>"))`,
 * the derivation of apps/solana-rpc (account 0: `32MvKPkohthEtFX36NPE9B45aryLsFVumKyjvFwQmuRX`,
 * 1000 SOL and 1,000,000 DEV at start). Public keys: never use them outside a local chain.
 */
export async function devSolanaKeypair(index = 0, seed = DEV_SOLANA_SEED): Promise<Keypair> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${seed}/account/${index}`));
  return Keypair.fromSeed(new Uint8Array(digest));
}

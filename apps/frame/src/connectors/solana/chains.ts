import { SOLANA_NETWORKS } from '@airlock/protocol';

/**
 * The Wallet Standard chain of a Solana CAIP-2 network: `solana:mainnet`, `solana:devnet`,
 * `solana:testnet` for the predefined networks (spec §3), `solana:localnet` for any other (a local
 * chain). Pure.
 */
export function walletStandardChain(caipNetworkId: string): `solana:${string}` {
  for (const [name, network] of Object.entries(SOLANA_NETWORKS))
    if (network.caipNetworkId === caipNetworkId) return `solana:${name}`;
  return 'solana:localnet';
}

import { z } from 'zod/mini';
import { CaipNetworkIdSchema, isSolanaAddress, type CaipNetworkId } from '@airlock/protocol';

/** An SPL token the API names (a local chain has no token metadata program): mint (base58), symbol, name. */
export const SolanaTokenSchema = z.object({
  mint: z.string().check(z.refine((m) => isSolanaAddress(m), { error: 'mint must be a base58 Solana address' })),
  symbol: z.string().check(z.minLength(1)).check(z.maxLength(16)),
  name: z.string().check(z.minLength(1)).check(z.maxLength(64)),
});

/**
 * A Solana chain the API serves (env `AIRLOCK_SOLANA_CHAINS`, a JSON list): `caipNetworkId`
 * (`solana:<genesis hash prefix>`, CAIP-2), `rpcUrl` (the chain's JSON-RPC over http) and the SPL
 * tokens it names (`tokens`, default none: an unnamed mint shows as its first 4 characters).
 */
export const SolanaChainConfigSchema = z.object({
  caipNetworkId: CaipNetworkIdSchema.check(
    z.refine((id) => id.startsWith('solana:'), {
      error: 'Only solana chains belong here',
    }),
  ),
  rpcUrl: z.url({ protocol: /^https?$/ }),
  tokens: z._default(z.array(SolanaTokenSchema).check(z.maxLength(1000)), []),
});

/** A configured Solana chain (input shape: `tokens` optional). */
export type SolanaChainConfigInput = z.input<typeof SolanaChainConfigSchema>;

/** A configured Solana chain with defaults applied. */
export type SolanaChain = z.infer<typeof SolanaChainConfigSchema> & { caipNetworkId: CaipNetworkId };

/**
 * Validates the Solana chain list, keyed by CAIP-2 id.
 * @throws ZodError when an entry is invalid.
 */
export function createSolanaChains(configs: readonly SolanaChainConfigInput[]): Map<string, SolanaChain> {
  const chains = new Map<string, SolanaChain>();
  for (const input of configs) {
    const chain = SolanaChainConfigSchema.parse(input) as SolanaChain;
    chains.set(chain.caipNetworkId, chain);
  }
  return chains;
}

import { createPublicClient, http, type PublicClient } from 'viem';
import { z } from 'zod/mini';
import { CaipNetworkIdSchema, type CaipNetworkId } from '@airlock/protocol';

/**
 * A chain the API serves and indexes (env `AIRLOCK_CHAINS`, a JSON list):
 * `caipNetworkId` (CAIP-2, eip155 only for now), `rpcUrl` (JSON-RPC over
 * http), optional `nativeCurrency` (default Ether / ETH / 18 decimals) and
 * `startBlock` (first block to index, default 0).
 */
export const ChainConfigSchema = z.object({
  caipNetworkId: CaipNetworkIdSchema.check(
    z.refine((id) => id.startsWith('eip155:'), {
      error: 'Only eip155 chains are supported',
    }),
  ),
  rpcUrl: z.url({ protocol: /^https?$/ }),
  nativeCurrency: z._default(
    z.object({
      name: z.string().check(z.minLength(1)),
      symbol: z.string().check(z.minLength(1)).check(z.maxLength(16)),
      decimals: z.int().check(z.gte(0)).check(z.lte(36)),
    }),
    { name: 'Ether', symbol: 'ETH', decimals: 18 },
  ),
  startBlock: z._default(z.int().check(z.gte(0)), 0),
});

/** A configured chain (input shape: nativeCurrency and startBlock optional). */
export type ChainConfigInput = z.input<typeof ChainConfigSchema>;

/** A configured chain with defaults applied and its viem public client. */
export type Chain = z.infer<typeof ChainConfigSchema> & { caipNetworkId: CaipNetworkId; client: PublicClient };

/**
 * Validates the chain list and creates a viem public client per chain (no
 * batching, no retries beyond viem's defaults).
 * @throws ZodError when an entry is invalid.
 */
export function createChains(configs: readonly ChainConfigInput[]): Map<string, Chain> {
  const chains = new Map<string, Chain>();
  for (const input of configs) {
    const config = ChainConfigSchema.parse(input);
    const client = createPublicClient({ transport: http(config.rpcUrl, { retryCount: 1 }) }) as PublicClient;
    chains.set(config.caipNetworkId, { ...config, client });
  }
  return chains;
}

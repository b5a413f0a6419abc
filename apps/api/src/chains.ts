import { createPublicClient, http, type PublicClient } from 'viem';
import { z } from 'zod';
import { CaipNetworkIdSchema, type CaipNetworkId } from '@airlock/protocol';

/**
 * A chain the API serves and indexes (env `AIRLOCK_CHAINS`, a JSON list):
 * `caipNetworkId` (CAIP-2, eip155 only for now), `rpcUrl` (JSON-RPC over
 * http), optional `nativeCurrency` (default Ether / ETH / 18 decimals) and
 * `startBlock` (first block to index, default 0).
 */
export const ChainConfigSchema = z.object({
  caipNetworkId: CaipNetworkIdSchema.refine((id) => id.startsWith('eip155:'), {
    error: 'Only eip155 chains are supported',
  }),
  rpcUrl: z.url({ protocol: /^https?$/ }),
  nativeCurrency: z
    .object({ name: z.string().min(1), symbol: z.string().min(1).max(16), decimals: z.number().int().min(0).max(36) })
    .default({ name: 'Ether', symbol: 'ETH', decimals: 18 }),
  startBlock: z.number().int().min(0).default(0),
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

import { createClient, type Client } from 'viem';
import { z } from 'zod/mini';
import { CaipNetworkIdSchema, isSolanaAddress, type CaipNetworkId } from '@airlock/protocol';
import { upstreamTransport, type UpstreamProtocol } from '../chains.ts';

/** An SPL token the API names (a local chain has no token metadata program): mint (base58), symbol, name. */
export const SolanaTokenSchema = z.object({
  mint: z.string().check(z.refine((m) => isSolanaAddress(m), { error: 'mint must be a base58 Solana address' })),
  symbol: z.string().check(z.minLength(1)).check(z.maxLength(16)),
  name: z.string().check(z.minLength(1)).check(z.maxLength(64)),
});

/** An http(s) URL. */
const HttpUrlSchema = z.url({ protocol: /^https?$/ });

/**
 * A Solana chain the API serves (env `AIRLOCK_SOLANA_CHAINS`, a JSON list): `caipNetworkId`
 * (`solana:<genesis hash prefix>`, CAIP-2), `rpcUrl` (the chain's JSON-RPC over http) and optional
 * `rpcUrls` (more upstreams: the API's own Solana reads and the RPC proxy, `POST /v1/`, go through all of
 * them, `rpcUrl` first, with fallback and ranking), and the SPL tokens it names (`tokens`, default none: an
 * unnamed mint shows as its first 4 characters).
 */
export const SolanaChainConfigSchema = z.object({
  caipNetworkId: CaipNetworkIdSchema.check(
    z.refine((id) => id.startsWith('solana:'), {
      error: 'Only solana chains belong here',
    }),
  ),
  rpcUrl: HttpUrlSchema,
  rpcUrls: z.optional(z.array(HttpUrlSchema).check(z.maxLength(16))),
  tokens: z._default(z.array(SolanaTokenSchema).check(z.maxLength(1000)), []),
});

/** A configured Solana chain (input shape: `tokens` and `rpcUrls` optional). */
export type SolanaChainConfigInput = z.input<typeof SolanaChainConfigSchema>;

/**
 * A configured Solana chain with defaults applied: `upstreams` (`rpcUrl` then `rpcUrls`, duplicates removed),
 * a viem client over them (`client`: JSON-RPC with fallback and ranking, see `upstreamTransport`) and `stop()`,
 * which ends the ranking pings.
 */
export type SolanaChain = z.infer<typeof SolanaChainConfigSchema> & {
  caipNetworkId: CaipNetworkId;
  upstreams: string[];
  client: Client;
  stop: () => void;
};

/**
 * Solana nodes: ranking pings with `getSlot`; batches of at most 100 requests (what Agave-based providers and
 * the local Solana RPC accept; a proxy batch of up to 1000 goes upstream in several).
 */
export const SOLANA_UPSTREAM: UpstreamProtocol = { pingMethod: 'getSlot', batchSize: 100 };

/**
 * Validates the Solana chain list, keyed by CAIP-2 id, and creates a client per chain over its upstreams.
 * @throws ZodError when an entry is invalid.
 */
export function createSolanaChains(configs: readonly SolanaChainConfigInput[]): Map<string, SolanaChain> {
  const chains = new Map<string, SolanaChain>();
  for (const input of configs) {
    const config = SolanaChainConfigSchema.parse(input);
    const upstreams = [...new Set([config.rpcUrl, ...(config.rpcUrls ?? [])])];
    let stopped = false;
    chains.set(config.caipNetworkId, {
      ...config,
      caipNetworkId: config.caipNetworkId as CaipNetworkId,
      upstreams,
      client: createClient({ transport: upstreamTransport(upstreams, () => stopped, SOLANA_UPSTREAM) }),
      stop: () => {
        stopped = true;
      },
    });
  }
  return chains;
}

import { createPublicClient, fallback, http, type PublicClient, type Transport } from 'viem';
import { z } from 'zod/mini';
import { CaipNetworkIdSchema, type CaipNetworkId } from '@airlock/protocol';
import { HistoryProviderConfigSchema } from './historyProviders/config.ts';

/** Multicall3's address on every chain it is deployed to (github.com/mds1/multicall). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** An http(s) URL. */
const HttpUrlSchema = z.url({ protocol: /^https?$/ });

/**
 * A chain the API serves and indexes (env `AIRLOCK_CHAINS`, a JSON list):
 * - `caipNetworkId` (CAIP-2, eip155 only for now);
 * - `rpcUrl` (JSON-RPC over http), and optional `rpcUrls`: more upstreams. The API's own reads and the
 *   RPC proxy (`POST /v1/`, spec §7) go through all of them, `rpcUrl` first, with fallback and ranking;
 * - optional `nativeCurrency` (default Ether / ETH / 18 decimals);
 * - `startBlock`: first block to index, a number or `'latest'` (the head when the chain is first indexed,
 *   so the indexer never walks the chain's past); default `'latest'`: balances come from the token lists through
 *   Multicall3 and history from `history`, so nothing needs the past. A number (0 for a dev chain the indexer has
 *   seen from genesis) makes the indexer read every block from there;
 * - `tokenLists`: token lists (the token-list JSON format, tokenlists.org) as http(s) URLs, file paths or
 *   `'default'` (the bundled list, `apps/api/tokenlists/default.json`, with tokens of the predefined networks
 *   only), whose tokens of this chain are read on every balance request; default `['default']`; `[]` for none;
 * - `multicall3`: the Multicall3 address (default {@link MULTICALL3_ADDRESS});
 * - `history`: the history provider of this chain (see `HistoryProviderConfigSchema`); default the indexer.
 */
export const ChainConfigSchema = z.object({
  caipNetworkId: CaipNetworkIdSchema.check(
    z.refine((id) => id.startsWith('eip155:'), {
      error: 'Only eip155 chains are supported',
    }),
  ),
  rpcUrl: HttpUrlSchema,
  rpcUrls: z.optional(z.array(HttpUrlSchema).check(z.maxLength(16))),
  nativeCurrency: z._default(
    z.object({
      name: z.string().check(z.minLength(1)),
      symbol: z.string().check(z.minLength(1)).check(z.maxLength(16)),
      decimals: z.int().check(z.gte(0)).check(z.lte(36)),
    }),
    { name: 'Ether', symbol: 'ETH', decimals: 18 },
  ),
  startBlock: z._default(z.union([z.int().check(z.gte(0)), z.literal('latest')]), 'latest'),
  tokenLists: z.optional(z.array(z.string().check(z.minLength(1))).check(z.maxLength(16))),
  multicall3: z._default(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)), MULTICALL3_ADDRESS),
  history: z.optional(HistoryProviderConfigSchema),
});

/** A configured chain (input shape: nativeCurrency and startBlock optional). */
export type ChainConfigInput = z.input<typeof ChainConfigSchema>;

/**
 * A configured chain with defaults applied: `upstreams` (`rpcUrl` then `rpcUrls`, duplicates removed), its viem
 * public client over them (`transport`, the fallback transport the RPC proxy also uses) and `stop()`,
 * which ends the ranking pings.
 */
export type Chain = z.infer<typeof ChainConfigSchema> & {
  caipNetworkId: CaipNetworkId;
  upstreams: string[];
  client: PublicClient;
  stop: () => void;
};

/** Upstream transport settings: spec "RPC" defaults (10 s timeout; ranking 10 samples, 0.7 stability / 0.3 latency, 1 s ping). */
export const UPSTREAM = {
  /** Per-request timeout of one upstream (ms). */
  timeoutMs: 10_000,
  /** Requests of one tick sent to an upstream as one JSON-RPC batch, at most this many. */
  batchSize: 1000,
  /** Ranking: ping every upstream every `intervalMs`, keep `sampleCount` samples, ping timeout `pingTimeoutMs`. */
  rank: { intervalMs: 4_000, sampleCount: 10, pingTimeoutMs: 1_000, weights: { stability: 0.7, latency: 0.3 } },
} as const;

/** How {@link upstreamTransport} talks to one kind of node. */
export type UpstreamProtocol = {
  /** The cheap read that ranking pings each upstream with (`eth_blockNumber`; Solana `getSlot`). */
  pingMethod: string;
  /** Most requests sent to one upstream in one JSON-RPC batch. */
  batchSize: number;
};

/** eip155 nodes: pinged with `eth_blockNumber`, batches up to {@link UPSTREAM}.batchSize. */
export const EIP155_UPSTREAM: UpstreamProtocol = { pingMethod: 'eth_blockNumber', batchSize: UPSTREAM.batchSize };

/**
 * The transport of a chain's upstreams: one viem `http` transport per URL (JSON-RPC batching of the requests of one
 * tick, up to `protocol.batchSize`; timeout {@link UPSTREAM}.timeoutMs; no retry), under viem's `fallback`
 * (a failed request goes to the next upstream; one retry when there is only one) with `rank` (the order follows
 * measured stability and latency, pinged with `protocol.pingMethod`) when there are several. viem's transports speak
 * plain JSON-RPC 2.0, so the same transport serves Solana nodes (`solana/config.ts`). `isStopped` ends the ranking
 * loop after `stop()` (viem's loop has no stop of its own; see the ping).
 */
export function upstreamTransport(
  urls: readonly string[],
  isStopped: () => boolean = () => false,
  protocol: UpstreamProtocol = EIP155_UPSTREAM,
): Transport {
  const transports = urls.map((url) =>
    http(url, {
      batch: { batchSize: protocol.batchSize, wait: 0 },
      timeout: UPSTREAM.timeoutMs,
      retryCount: urls.length === 1 ? 1 : 0,
    }),
  );
  if (transports.length === 1) return transports[0]!;
  return fallback(transports, {
    retryCount: 0,
    rank: {
      interval: UPSTREAM.rank.intervalMs,
      sampleCount: UPSTREAM.rank.sampleCount,
      timeout: UPSTREAM.rank.pingTimeoutMs,
      weights: UPSTREAM.rank.weights,
      // After stop() a ping never settles: viem's ranking loop then waits for it forever, holding no timer,
      // so a stopped API leaves nothing that keeps the process alive.
      ping: ({ transport }) =>
        isStopped()
          ? new Promise<never>(() => undefined)
          : transport.request({ method: protocol.pingMethod as 'eth_blockNumber' }),
    },
  });
}

/**
 * Validates the chain list and creates a viem public client per chain over its upstreams
 * ({@link upstreamTransport}).
 * @throws ZodError when an entry is invalid.
 */
export function createChains(configs: readonly ChainConfigInput[]): Map<string, Chain> {
  const chains = new Map<string, Chain>();
  for (const input of configs) {
    const config = ChainConfigSchema.parse(input);
    const upstreams = [...new Set([config.rpcUrl, ...(config.rpcUrls ?? [])])];
    let stopped = false;
    const client = createPublicClient({ transport: upstreamTransport(upstreams, () => stopped) }) as PublicClient;
    chains.set(config.caipNetworkId, {
      ...config,
      upstreams,
      client,
      stop: () => {
        stopped = true;
      },
    });
  }
  return chains;
}

import { z } from 'zod/mini';
import { COSMOS_NETWORKS, cosmosBech32Prefix, cosmosLocalNetwork } from '@airlock/protocol/cosmos';

/** A token of a Cosmos network the API lists: its bank `denom` and how it reads. */
const DenomSchema = z.object({
  denom: z.string().check(z.regex(/^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/)),
  symbol: z.string().check(z.minLength(1)).check(z.maxLength(16)),
  name: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  decimals: z.int().check(z.gte(0)).check(z.lte(36)),
});

/**
 * A Cosmos network the API serves (env `AIRLOCK_COSMOS_CHAINS`, a JSON list): `caipNetworkId`
 * (`cosmos:<chain id>`, one the protocol knows: the Cosmos Hub, Osmosis, its testnet, the local
 * network), `lcdUrl` (the REST / LCD endpoint the operator chooses, no trailing slash) and
 * optional `denoms` besides the native one (IBC or factory tokens to list).
 */
export const CosmosChainConfigSchema = z.object({
  caipNetworkId: z.string().check(
    z.refine((id) => cosmosBech32Prefix(id) !== undefined, {
      error:
        'caipNetworkId must be a cosmos network the protocol knows (cosmoshub-4, osmosis-1, osmo-test-5, airlock-local-1)',
    }),
  ),
  lcdUrl: z.url({ protocol: /^https?$/ }).check(z.refine((u) => !u.endsWith('/'), { error: 'no trailing slash' })),
  denoms: z.optional(z.array(DenomSchema).check(z.maxLength(50))),
});

/** A configured Cosmos network (input shape). */
export type CosmosChainConfigInput = z.input<typeof CosmosChainConfigSchema>;

/** A configured Cosmos network: its LCD and every denom listed, the native one first. */
export type CosmosChain = { caipNetworkId: string; lcdUrl: string; denoms: z.infer<typeof DenomSchema>[] };

/** The native token of each known network. */
const NATIVE = new Map<string, z.infer<typeof DenomSchema>>(
  [...Object.values(COSMOS_NETWORKS), cosmosLocalNetwork('http://localhost')].map((n) => [
    n.caipNetworkId,
    {
      denom: n.denom,
      symbol: n.nativeCurrency.symbol,
      name: n.nativeCurrency.name,
      decimals: n.nativeCurrency.decimals,
    },
  ]),
);

/**
 * Validates the Cosmos network list, keyed by CAIP-2 id.
 * @throws ZodError when an entry is invalid.
 */
export function createCosmosChains(configs: readonly CosmosChainConfigInput[]): Map<string, CosmosChain> {
  const chains = new Map<string, CosmosChain>();
  for (const input of configs) {
    const c = CosmosChainConfigSchema.parse(input);
    const native = NATIVE.get(c.caipNetworkId)!;
    chains.set(c.caipNetworkId, {
      caipNetworkId: c.caipNetworkId,
      lcdUrl: c.lcdUrl,
      denoms: [native, ...(c.denoms ?? []).filter((d) => d.denom !== native.denom)],
    });
  }
  return chains;
}

import { z } from 'zod/mini';
import { POLKADOT_NETWORKS, polkadotLocalNetwork, polkadotSs58Format } from '@airlock/protocol/polkadot';

/**
 * A Polkadot network the API serves (env `AIRLOCK_POLKADOT_CHAINS`, a JSON list): `caipNetworkId`
 * (`polkadot:<first 32 hex of the genesis hash>`, one the protocol knows: Polkadot, Kusama,
 * Westend, the local network) and `rpcUrl`, the Substrate JSON-RPC over HTTP(S) the operator chooses.
 */
export const PolkadotChainConfigSchema = z.object({
  caipNetworkId: z.string().check(
    z.refine((id) => polkadotSs58Format(id) !== undefined, {
      error: 'caipNetworkId must be a polkadot network the protocol knows (Polkadot, Kusama, Westend, local)',
    }),
  ),
  rpcUrl: z.url({ protocol: /^https?$/ }),
});

/** A configured Polkadot network (input shape). */
export type PolkadotChainConfigInput = z.input<typeof PolkadotChainConfigSchema>;

/** A configured Polkadot network and its native token. */
export type PolkadotChain = z.infer<typeof PolkadotChainConfigSchema> & {
  nativeCurrency: { name: string; symbol: string; decimals: number };
};

const NATIVE = new Map<string, PolkadotChain['nativeCurrency']>(
  [...Object.values(POLKADOT_NETWORKS), polkadotLocalNetwork('http://localhost')].map((n) => [
    n.caipNetworkId,
    n.nativeCurrency,
  ]),
);

/**
 * Validates the Polkadot network list, keyed by CAIP-2 id.
 * @throws ZodError when an entry is invalid.
 */
export function createPolkadotChains(configs: readonly PolkadotChainConfigInput[]): Map<string, PolkadotChain> {
  const chains = new Map<string, PolkadotChain>();
  for (const input of configs) {
    const c = PolkadotChainConfigSchema.parse(input);
    chains.set(c.caipNetworkId, { ...c, nativeCurrency: NATIVE.get(c.caipNetworkId)! });
  }
  return chains;
}

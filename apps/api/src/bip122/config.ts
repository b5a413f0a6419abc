import { z } from 'zod/mini';
import { bip122AddressParams, type Bip122AddressParams } from '@airlock/protocol/bip122';

/**
 * A Bitcoin network the API serves (env `AIRLOCK_BITCOIN_CHAINS`, a JSON list): `caipNetworkId`
 * (`bip122:<first 32 hex of the genesis hash>`, one the protocol knows: mainnet, testnet,
 * testnet4, signet or regtest) and `esploraUrl`, the base URL of an Esplora-compatible API the
 * operator chooses (mempool.space's `https://mempool.space/api`, a self-hosted Esplora /
 * electrs, or the dev stand-in apps/bitcoin-esplora), without a trailing slash.
 */
export const Bip122ChainConfigSchema = z.object({
  caipNetworkId: z.string().check(
    z.refine((id) => bip122AddressParams(id) !== undefined, {
      error: 'caipNetworkId must be a bip122 network the protocol knows (mainnet, testnet, testnet4, signet, regtest)',
    }),
  ),
  esploraUrl: z.url({ protocol: /^https?$/ }).check(z.refine((u) => !u.endsWith('/'), { error: 'no trailing slash' })),
});

/** A configured Bitcoin network (input shape). */
export type Bip122ChainConfigInput = z.input<typeof Bip122ChainConfigSchema>;

/** A configured Bitcoin network with its address parameters. */
export type Bip122Chain = z.infer<typeof Bip122ChainConfigSchema> & { address: Bip122AddressParams };

/**
 * Validates the Bitcoin network list, keyed by CAIP-2 id.
 * @throws ZodError when an entry is invalid.
 */
export function createBip122Chains(configs: readonly Bip122ChainConfigInput[]): Map<string, Bip122Chain> {
  const chains = new Map<string, Bip122Chain>();
  for (const input of configs) {
    const chain = Bip122ChainConfigSchema.parse(input);
    chains.set(chain.caipNetworkId, { ...chain, address: bip122AddressParams(chain.caipNetworkId)! });
  }
  return chains;
}

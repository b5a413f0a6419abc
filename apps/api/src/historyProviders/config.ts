import { z } from 'zod/mini';

/**
 * The history provider of a chain (`history` of an `AIRLOCK_CHAINS` entry): `{ kind: 'etherscan', url,
 * apiKey? }`, an Etherscan-v2-compatible account API (`url` e.g. `https://api.etherscan.io/v2/api`, or a
 * Blockscout instance's `https://<host>/api`, which answers the same `module=account` calls). Without one,
 * the chain's history is the API's own indexer.
 */
export const HistoryProviderConfigSchema = z.object({
  kind: z.literal('etherscan'),
  url: z.url({ protocol: /^https?$/ }),
  apiKey: z.optional(z.string().check(z.minLength(1)).check(z.maxLength(256))),
});

/** A history provider's configuration (see {@link HistoryProviderConfigSchema}). */
export type HistoryProviderConfig = z.infer<typeof HistoryProviderConfigSchema>;

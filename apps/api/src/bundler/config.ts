import { z } from 'zod/mini';
import { entryPoint07Address } from 'viem/account-abstraction';

const AddressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Invalid address' }));

/**
 * One chain's ERC-4337 infrastructure the operator runs (env `AIRLOCK_BUNDLERS`, a JSON list):
 * - `caipNetworkId`: an eip155 chain the API serves (CAIP-2);
 * - `url`: the operator's bundler (e.g. Alto) JSON-RPC URL, reached only by the API (never shown to callers);
 * - `entryPoint`: the EntryPoint the bundler serves, default v0.7 (`0x0000000071727De22E5E9d8BAf0edAc6f37da032`);
 * - `paymaster`: the operator's VerifyingPaymaster (@account-abstraction/contracts 0.7) on that chain, whose
 *   signer is `AIRLOCK_PAYMASTER_SIGNER_KEY`; absent = no gas sponsorship on that chain.
 */
export const BundlerConfigSchema = z.object({
  caipNetworkId: z.string().check(z.regex(/^eip155:\d{1,32}$/, { error: 'Only eip155 chains are supported' })),
  url: z.url(),
  entryPoint: z._default(AddressSchema, entryPoint07Address),
  paymaster: z.optional(AddressSchema),
});

/** One chain's bundler and paymaster (see {@link BundlerConfigSchema}). */
export type BundlerConfig = z.infer<typeof BundlerConfigSchema>;

/** A bundler entry as given (the EntryPoint may be omitted). */
export type BundlerConfigInput = z.input<typeof BundlerConfigSchema>;

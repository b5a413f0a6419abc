import { z } from 'zod/mini';
import { isSolanaAddress } from './address.ts';
import type { MethodSpec } from './methodSpec.ts';

/**
 * Solana in the protocol: the predefined networks (spec §3), the page wallets the host
 * discovers through the Wallet Standard (`wallet-standard:app-ready` /
 * `wallet-standard:register-wallet`) and bridges to the frame, and the `solana_*` requests of
 * `getProvider('solana')` (WalletConnect's Solana JSON-RPC shapes: base58 messages and
 * signatures, base64 transactions).
 */

/** A base58 Solana address (32–44 characters, spec §5). */
export const SolanaAddressSchema = z.string().check(z.refine((a) => isSolanaAddress(a), { error: 'Invalid address' }));

/**
 * Spec §5 'Preflight commitment: processed, confirmed, finalized, recent, single, singleGossip, root,
 * max' (the web3.js `Commitment` values; the last five are its deprecated names). Anything else is
 * refused with the list.
 */
export const SolanaCommitmentSchema = z.enum([
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
]);

/** Base58 text (a message or a signature). */
export const Base58Schema = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]*$/, { error: 'Expected base58' }));

/** Base64 text (a serialized transaction), at most 64 KiB. */
export const Base64Schema = z
  .string()
  .check(z.maxLength(65_536))
  .check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'Expected base64' }));

/** Bytes as they cross postMessage (structured clone keeps `Uint8Array`), at most 64 KiB. */
export const BytesSchema = z
  .instanceof(Uint8Array as unknown as new () => Uint8Array)
  .check(z.refine((b) => b.length <= 65_536, { error: 'Too large' }));

export { SOLANA_NETWORKS } from './solanaNetworks.ts';

/**
 * The Wallet Standard features the host bridges (anything else is refused with 4200):
 * connect, disconnect, events, signMessage, signTransaction, signAndSendTransaction, signIn.
 */
export const SOLANA_WALLET_FEATURES = [
  'standard:connect',
  'standard:disconnect',
  'standard:events',
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
  'solana:signIn',
] as const;

/** A bridged Wallet Standard feature name. */
export const SolanaWalletFeatureSchema = z.enum(SOLANA_WALLET_FEATURES);

/** A bridged Wallet Standard feature. */
export type SolanaWalletFeature = z.infer<typeof SolanaWalletFeatureSchema>;

/**
 * A Solana wallet registered on the page through the Wallet Standard, as the host lists it:
 * `id` (a UUID the host gives it for this page load), `name`, `icon` (a `data:image` URI),
 * `chains` (Wallet Standard ids such as `solana:mainnet`) and the bridged `features` it has.
 */
export const SolanaWalletSchema = z.object({
  id: z.uuid(),
  name: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  icon: z
    .string()
    .check(z.maxLength(100_000))
    .check(z.regex(/^data:image\//, { error: 'icon must be a data:image URI' })),
  chains: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(32)),
  /** The wallet's feature names (at most 64); only the allow-listed ones are ever called. */
  features: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(64)),
});

/** A bridged Wallet Standard wallet. */
export type SolanaWallet = z.infer<typeof SolanaWalletSchema>;

/** A Wallet Standard account as it crosses the bridge: address, publicKey bytes, chains, features. */
export const SolanaWalletAccountSchema = z.object({
  address: SolanaAddressSchema,
  publicKey: BytesSchema,
  chains: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(32)),
  features: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(64)),
});

/** A bridged Wallet Standard account. */
export type SolanaWalletAccount = z.infer<typeof SolanaWalletAccountSchema>;

/**
 * The input of `solana.request(id, { feature, input })` per feature. The account is named by
 * its `address`; the host passes the wallet's own account object.
 */
export const SolanaFeatureRequestSchema = z.discriminatedUnion('feature', [
  z.object({ feature: z.literal('standard:connect'), input: z.strictObject({ silent: z.optional(z.boolean()) }) }),
  z.object({ feature: z.literal('standard:disconnect'), input: z.strictObject({}) }),
  z.object({
    feature: z.literal('solana:signMessage'),
    input: z.strictObject({ address: SolanaAddressSchema, message: BytesSchema }),
  }),
  z.object({
    feature: z.literal('solana:signTransaction'),
    input: z.strictObject({
      address: SolanaAddressSchema,
      chain: z.string().check(z.maxLength(64)),
      transaction: BytesSchema,
    }),
  }),
  z.object({
    feature: z.literal('solana:signAndSendTransaction'),
    input: z.strictObject({
      address: SolanaAddressSchema,
      chain: z.string().check(z.maxLength(64)),
      transaction: BytesSchema,
      options: z.optional(
        z.object({
          preflightCommitment: z.optional(SolanaCommitmentSchema),
          commitment: z.optional(z.enum(['processed', 'confirmed', 'finalized'])),
          skipPreflight: z.optional(z.boolean()),
          maxRetries: z.optional(z.int().check(z.gte(0)).check(z.lte(100))),
        }),
      ),
    }),
  }),
  z.object({
    feature: z.literal('solana:signIn'),
    input: z.record(
      z.string(),
      z.union([
        z.string().check(z.maxLength(2000)),
        z.array(z.string().check(z.maxLength(2000))).check(z.maxLength(64)),
      ]),
    ),
  }),
]);

/** A request to a bridged Wallet Standard wallet. */
export type SolanaFeatureRequest = z.infer<typeof SolanaFeatureRequestSchema>;

/** What each feature answers (the frame checks it): connect → accounts; sign* → one output per input. */
export const SolanaFeatureOutputSchemas = {
  'standard:connect': z.object({ accounts: z.array(SolanaWalletAccountSchema).check(z.maxLength(100)) }),
  'standard:disconnect': z.unknown(),
  'solana:signMessage': z.array(z.object({ signedMessage: BytesSchema, signature: BytesSchema })).check(z.length(1)),
  'solana:signTransaction': z.array(z.object({ signedTransaction: BytesSchema })).check(z.length(1)),
  'solana:signAndSendTransaction': z.array(z.object({ signature: BytesSchema })).check(z.length(1)),
  'solana:signIn': z
    .array(z.object({ account: SolanaWalletAccountSchema, signedMessage: BytesSchema, signature: BytesSchema }))
    .check(z.length(1)),
} as const;

/** Send options of `solana_signAndSendTransaction` (web3.js `SendOptions`; `preflightCommitment` one of spec §5's). */
export const SolanaSendOptionsSchema = z.strictObject({
  skipPreflight: z.optional(z.boolean()),
  preflightCommitment: z.optional(SolanaCommitmentSchema),
  maxRetries: z.optional(z.int().check(z.gte(0)).check(z.lte(100))),
});

/**
 * The `solana_*` requests of `getProvider('solana')` (frame `request` with chainNamespace
 * `solana`). Params are positional (one object); bytes cross as `Uint8Array` (structured clone):
 * - `solana_requestAccounts` `[]` → `[address]` (opens the modal while disconnected);
 * - `solana_accounts` `[]` → `[address]` or `[]`;
 * - `solana_disconnect` `[]` → `null`;
 * - `solana_signMessage` `[{ message: bytes }]` → `{ signature: bytes }` (64-byte ed25519);
 * - `solana_signTransaction` `[{ transaction: bytes }]` → `{ transaction: bytes }` (signed, serialized);
 * - `solana_signAllTransactions` `[{ transactions: bytes[] }]` → `{ transactions: bytes[] }`;
 * - `solana_signAndSendTransaction` `[{ transaction: bytes, sendOptions? }]` → `{ signature: base58 }`.
 */
export const SolanaRequestParamsSchemas = {
  solana_requestAccounts: z.tuple([]),
  solana_accounts: z.tuple([]),
  solana_disconnect: z.tuple([]),
  solana_signMessage: z.tuple([z.strictObject({ message: BytesSchema })]),
  solana_signTransaction: z.tuple([z.strictObject({ transaction: BytesSchema })]),
  solana_signAllTransactions: z.tuple([
    z.strictObject({ transactions: z.array(BytesSchema).check(z.minLength(1)).check(z.maxLength(64)) }),
  ]),
  solana_signAndSendTransaction: z.tuple([
    z.strictObject({ transaction: BytesSchema, sendOptions: z.optional(SolanaSendOptionsSchema) }),
  ]),
} as const;

/** A `solana_*` method of `getProvider('solana')`. */
export type SolanaRequestMethod = keyof typeof SolanaRequestParamsSchemas;

/** True when `method` is one of the {@link SolanaRequestParamsSchemas} methods (own keys only). */
export function isSolanaRequestMethod(method: string): method is SolanaRequestMethod {
  return Object.hasOwn(SolanaRequestParamsSchemas, method);
}

/**
 * The host methods of the opt-in Solana entry (`HostMethods['solana']`), kept apart from
 * `hostMethods` so a frame that never meets a Solana wallet does not build these schemas at start.
 */
export const solanaHostMethods = {
  'solana.list': {
    summary:
      'The Solana wallets registered on the page through the Wallet Standard so far (only with the opt-in `@airlock/host-sdk/solana` entry; without it the call fails and the frame lists none). Airlock itself is never listed.',
    params: z.tuple([]),
    paramNames: [],
    result: z.array(SolanaWalletSchema),
    errors: {},
    timeout: '10000',
  },
  'solana.request': {
    summary:
      'Calls one allow-listed Wallet Standard feature of the page wallet with this id (`standard:connect`, `standard:disconnect`, `solana:signMessage`, `solana:signTransaction`, `solana:signAndSendTransaction`, `solana:signIn`); the account is named by its address. The frame validates the output per feature.',
    params: z.tuple([z.string(), SolanaFeatureRequestSchema]),
    paramNames: ['id', 'request'],
    result: z.unknown(),
    errors: {
      4200: 'the feature is not bridged, or the wallet lacks it',
      4900: 'no wallet with that id on the page',
      4001: 'the wallet rejected (its own code is passed through; 5000 when it has none)',
    },
    timeout: '120000 for features that wait for a person, 10000 otherwise',
  },
} satisfies Record<string, MethodSpec>;

import { z } from 'zod/mini';
import type { MethodSpec } from './methodSpec.ts';
import { BytesSchema } from './solana.ts';

/**
 * Bitcoin page wallets in the protocol: what the opt-in host entry `@airlock/host-sdk/bitcoin`
 * discovers and bridges to the frame. Two kinds of wallet:
 * - `wallet-standard`: registered through the Wallet Standard with a `bitcoin:` chain, called
 *   through its `bitcoin:*` features (the Bitcoin Wallet Standard: connect with purposes
 *   `payment` / `ordinals`, signMessage, signTransaction and signAndSendTransaction of PSBTs);
 * - `sats-connect`: listed in `window.btc_providers` (Xverse's provider interface), called
 *   through its `request(method, params)`.
 * Only the allow-listed features and methods below cross the bridge; the frame validates each
 * answer with {@link Bip122FeatureOutputSchemas} / {@link SatsConnectResultSchemas}.
 */

/** A bip122 address as it crosses the bridge (the frame checks it per network with `parseBip122Address`). */
const AddressSchema = z.string().check(z.minLength(14)).check(z.maxLength(90));

/** A Wallet Standard chain id or feature name (`bitcoin:mainnet`, `bitcoin:signMessage`). */
const NameSchema = z.string().check(z.maxLength(64));

/** The Wallet Standard features the host bridges for Bitcoin wallets (anything else: 4200). */
export const BIP122_WALLET_FEATURES = [
  'bitcoin:connect',
  'standard:connect',
  'standard:disconnect',
  'bitcoin:signMessage',
  'bitcoin:signTransaction',
  'bitcoin:signAndSendTransaction',
] as const;

/** The sats-connect `request` methods the host bridges (anything else: 4200). */
export const SATS_CONNECT_METHODS = ['getAccounts', 'signMessage', 'signPsbt', 'sendTransfer'] as const;

/** An address purpose of the Bitcoin Wallet Standard and sats-connect: `payment` or `ordinals`. */
export const Bip122PurposeSchema = z.enum(['payment', 'ordinals']);

/**
 * A Bitcoin wallet on the page as the host lists it: `id` (a UUID of this page load), `kind`,
 * `name`, `icon` (a `data:image` URI), `chains` (Wallet Standard `bitcoin:*` ids; empty for
 * sats-connect, which names no chain) and `features` (feature names, or the sats-connect methods).
 */
export const Bip122WalletSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['wallet-standard', 'sats-connect']),
  name: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  icon: z
    .string()
    .check(z.maxLength(100_000))
    .check(z.regex(/^data:image\//, { error: 'icon must be a data:image URI' })),
  chains: z.array(NameSchema).check(z.maxLength(32)),
  features: z.array(NameSchema).check(z.maxLength(64)),
});

/** A bridged Bitcoin wallet. */
export type Bip122Wallet = z.infer<typeof Bip122WalletSchema>;

/** A Wallet Standard Bitcoin account as it crosses the bridge. */
export const Bip122WalletAccountSchema = z.object({
  address: AddressSchema,
  /** 33-byte compressed key (p2wpkh) or 32-byte x-only key (p2tr); wallets may give none. */
  publicKey: BytesSchema,
  chains: z.array(NameSchema).check(z.maxLength(32)),
  features: z.array(NameSchema).check(z.maxLength(64)),
});

/** The accounts to sign a PSBT's inputs with: each named by its address, with the input indexes and an optional sighash type. */
const InputsToSignSchema = z
  .array(
    z.strictObject({
      address: AddressSchema,
      signingIndexes: z
        .array(z.int().check(z.gte(0)).check(z.lte(10_000)))
        .check(z.minLength(1))
        .check(z.maxLength(1000)),
      sigHash: z.optional(z.int().check(z.gte(0)).check(z.lte(0xff))),
    }),
  )
  .check(z.minLength(1))
  .check(z.maxLength(16));

const SignPsbtInput = z.strictObject({ psbt: BytesSchema, chain: NameSchema, inputsToSign: InputsToSignSchema });

/**
 * The input of `bitcoin.request(id, { feature, input })` for a Wallet Standard wallet. Accounts
 * are named by address; the host passes the wallet's own account objects.
 */
export const Bip122FeatureRequestSchema = z.discriminatedUnion('feature', [
  z.object({
    feature: z.literal('bitcoin:connect'),
    input: z.strictObject({ purposes: z.array(Bip122PurposeSchema).check(z.minLength(1)).check(z.maxLength(2)) }),
  }),
  /** The accounts already authorised, without a prompt when `silent` (the frame's reconnect after a reload). */
  z.object({ feature: z.literal('standard:connect'), input: z.strictObject({ silent: z.optional(z.boolean()) }) }),
  z.object({ feature: z.literal('standard:disconnect'), input: z.strictObject({}) }),
  z.object({
    feature: z.literal('bitcoin:signMessage'),
    // `protocol` is the frame's extension of the standard's input (which signs BIP-322 or leaves the
    // scheme to the wallet): `ecdsa` asks a legacy BIP-137 signature, checked on return.
    input: z.strictObject({
      address: AddressSchema,
      message: BytesSchema,
      protocol: z.optional(z.enum(['bip322', 'ecdsa'])),
    }),
  }),
  z.object({ feature: z.literal('bitcoin:signTransaction'), input: SignPsbtInput }),
  z.object({ feature: z.literal('bitcoin:signAndSendTransaction'), input: SignPsbtInput }),
]);

/** A request to a bridged Wallet Standard Bitcoin wallet. */
export type Bip122FeatureRequest = z.infer<typeof Bip122FeatureRequestSchema>;

/** What each feature answers (the frame checks it): connect → accounts; the others one output per input. */
export const Bip122FeatureOutputSchemas = {
  'bitcoin:connect': z.object({ accounts: z.array(Bip122WalletAccountSchema).check(z.maxLength(8)) }),
  'standard:connect': z.object({ accounts: z.array(Bip122WalletAccountSchema).check(z.maxLength(8)) }),
  'standard:disconnect': z.unknown(),
  'bitcoin:signMessage': z.array(z.object({ signedMessage: BytesSchema, signature: BytesSchema })).check(z.length(1)),
  'bitcoin:signTransaction': z.array(z.object({ signedPsbt: BytesSchema })).check(z.length(1)),
  'bitcoin:signAndSendTransaction': z
    .array(z.object({ txId: z.string().check(z.regex(/^[0-9a-f]{64}$/)) }))
    .check(z.length(1)),
} as const;

/**
 * The input of `bitcoin.request(id, { method, params })` for a sats-connect wallet (Xverse's
 * `request(method, params)`): `getAccounts` `{ purposes, message? }`, `signMessage`
 * `{ address, message, protocol? }` (BIP-322 or legacy ECDSA), `signPsbt` `{ psbt (base64),
 * signInputs: { address: indexes }, broadcast? }`, `sendTransfer` `{ recipients: [{ address,
 * amount (sats) }] }`.
 */
export const SatsConnectRequestSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('getAccounts'),
    params: z.strictObject({
      purposes: z.array(Bip122PurposeSchema).check(z.minLength(1)).check(z.maxLength(2)),
      message: z.optional(z.string().check(z.maxLength(500))),
    }),
  }),
  z.object({
    method: z.literal('signMessage'),
    params: z.strictObject({
      address: AddressSchema,
      message: z.string().check(z.maxLength(10_000)),
      protocol: z.optional(z.enum(['BIP322', 'ECDSA'])),
    }),
  }),
  z.object({
    method: z.literal('signPsbt'),
    params: z.strictObject({
      psbt: z
        .string()
        .check(z.maxLength(200_000))
        .check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/)),
      signInputs: z.record(
        AddressSchema,
        z.array(z.int().check(z.gte(0)).check(z.lte(10_000))).check(z.maxLength(1000)),
      ),
      broadcast: z.optional(z.boolean()),
    }),
  }),
  z.object({
    method: z.literal('sendTransfer'),
    params: z.strictObject({
      recipients: z
        .array(
          z.strictObject({
            address: AddressSchema,
            amount: z.int().check(z.gte(1)).check(z.lte(2_100_000_000_000_000)),
          }),
        )
        .check(z.minLength(1))
        .check(z.maxLength(16)),
    }),
  }),
]);

/** A request to a bridged sats-connect wallet. */
export type SatsConnectRequest = z.infer<typeof SatsConnectRequestSchema>;

/** What each sats-connect method answers in its `result` (the frame checks it). */
export const SatsConnectResultSchemas = {
  getAccounts: z
    .array(
      z.object({
        address: AddressSchema,
        publicKey: z.optional(z.string().check(z.maxLength(130))),
        purpose: Bip122PurposeSchema,
        addressType: z.optional(z.string().check(z.maxLength(16))),
      }),
    )
    .check(z.maxLength(8)),
  signMessage: z.object({ signature: z.string().check(z.maxLength(2000)), address: z.optional(AddressSchema) }),
  signPsbt: z.object({ psbt: z.string().check(z.maxLength(200_000)), txid: z.optional(z.string()) }),
  sendTransfer: z.object({ txid: z.string().check(z.regex(/^[0-9a-f]{64}$/)) }),
} as const;

/** A request to a bridged Bitcoin wallet of either kind. */
export const Bip122WalletRequestSchema = z.union([Bip122FeatureRequestSchema, SatsConnectRequestSchema]);

/** A request to a bridged Bitcoin wallet of either kind. */
export type Bip122WalletRequest = z.infer<typeof Bip122WalletRequestSchema>;

/** A bridged Bitcoin wallet's account change (`walletEvent`), defined with the other wallet events. */
export { Bip122WalletEventSchema, type Bip122WalletEvent } from './events.ts';

/**
 * The host methods of the opt-in Bitcoin entry (`HostMethods['bitcoin']`), apart from
 * `hostMethods` so a frame that never meets a Bitcoin wallet does not build these schemas at start.
 */
export const bitcoinHostMethods = {
  'bitcoin.list': {
    summary:
      'The Bitcoin wallets on the page so far: Wallet Standard wallets with a `bitcoin:` chain and sats-connect providers of `window.btc_providers` (only with the opt-in `@airlock/host-sdk/bitcoin` entry; without it the call fails and the frame lists none).',
    params: z.tuple([]),
    paramNames: [],
    result: z.array(Bip122WalletSchema),
    errors: {},
    timeout: '10000',
  },
  'bitcoin.request': {
    summary:
      'Calls one allow-listed Wallet Standard feature (`bitcoin:connect`, `standard:connect`, `standard:disconnect`, `bitcoin:signMessage`, `bitcoin:signTransaction`, `bitcoin:signAndSendTransaction`) or sats-connect method (`getAccounts`, `signMessage`, `signPsbt`, `sendTransfer`) of the page wallet with this id; accounts are named by address. The frame validates the answer per feature or method.',
    params: z.tuple([z.string(), Bip122WalletRequestSchema]),
    paramNames: ['id', 'request'],
    result: z.unknown(),
    errors: {
      4200: 'the feature or method is not bridged, the wallet lacks it, or the kind does not match',
      4900: 'no wallet with that id on the page',
      4001: 'the wallet rejected (its own code is passed through; 5000 when it has none)',
    },
    timeout: '120000 for requests that wait for a person, 10000 otherwise',
  },
} satisfies Record<string, MethodSpec>;

/** A base64 string (a PSBT, BIP-174; a BIP-322 witness). */
const Base64Schema = z
  .string()
  .check(z.maxLength(200_000))
  .check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/));

/**
 * The methods of the dapp's `getProvider('bip122').request({ method, params })` (spec §7 bip122
 * methods; names as WalletConnect's bip122 namespace and sats-connect use them), params one object:
 * - `requestAccounts` `[]` → the accounts (opens the modal on Connect when not connected; 4001 when closed);
 * - `getAccounts` `[]` → `[{ address, purpose: 'payment' | 'ordinals', publicKey? (hex) }]`, [] when not connected;
 * - `signMessage` `[{ address, message, protocol? 'bip322' }]` → `{ address, signature }` (BIP-322
 *   simple: the encoded witness in base64);
 * - `signPsbt` `[{ psbt (base64), signInputs: { [address]: input indexes }, broadcast? }]` →
 *   `{ psbt (base64, signed, not finalized) }`, or with `broadcast` `{ psbt, txid }`;
 * - `sendTransfer` `[{ recipients: [{ address, amount (sats) }] }]` → `{ txid }` (a wallet with
 *   its own transfer: sats-connect; a Wallet Standard wallet answers 4200).
 */
export const Bip122RequestParamsSchemas = {
  requestAccounts: z.tuple([]),
  getAccounts: z.tuple([]),
  signMessage: z.tuple([
    z.strictObject({
      address: AddressSchema,
      message: z.string().check(z.maxLength(10_000)),
      protocol: z.optional(z.enum(['bip322', 'ecdsa'])),
    }),
  ]),
  signPsbt: z.tuple([
    z.strictObject({
      psbt: Base64Schema,
      signInputs: z.record(
        AddressSchema,
        z
          .array(z.int().check(z.gte(0)).check(z.lte(10_000)))
          .check(z.minLength(1))
          .check(z.maxLength(1000)),
      ),
      broadcast: z.optional(z.boolean()),
    }),
  ]),
  sendTransfer: z.tuple([
    z.strictObject({
      recipients: z
        .array(
          z.strictObject({
            address: AddressSchema,
            amount: z.int().check(z.gte(1)).check(z.lte(2_100_000_000_000_000)),
          }),
        )
        .check(z.minLength(1))
        .check(z.maxLength(16)),
    }),
  ]),
} as const;

/** A method of `getProvider('bip122')`. */
export type Bip122RequestMethod = keyof typeof Bip122RequestParamsSchemas;

/** True when `method` is one of the {@link Bip122RequestParamsSchemas} methods (own keys only). */
export function isBip122RequestMethod(method: string): method is Bip122RequestMethod {
  return Object.hasOwn(Bip122RequestParamsSchemas, method);
}

import { z } from 'zod/mini';
import type { MethodSpec } from './methodSpec.ts';

/**
 * Cosmos page wallets in the protocol: what the opt-in host entry `@airlock/host-sdk/cosmos`
 * bridges to the frame. Keplr's injected interface (`window.keplr`) and the wallets that mirror
 * it under their own name (Leap's `window.leap`), each found as an own property of `window`.
 * Only the allow-listed methods below cross the bridge, called as `wallet[method](...params)`.
 */

export { COSMOS_WALLET_KEYS, CosmosWalletEventSchema, type CosmosWalletEvent } from './pageWalletEvents.ts';
import { COSMOS_WALLET_KEYS } from './pageWalletEvents.ts';

/** The Keplr methods the host bridges (anything else: 4200). `getOfflineSigner` is not: the frame builds its signer on `signDirect` / `signAmino`. */
export const COSMOS_WALLET_METHODS = [
  'enable',
  'getKey',
  'signDirect',
  'signAmino',
  'signArbitrary',
  'experimentalSuggestChain',
] as const;

/** A Keplr-shaped wallet on the page as the host lists it: `id` its `window` property, `name` for the modal. */
export const CosmosWalletSchema = z.object({
  id: z.enum(COSMOS_WALLET_KEYS),
  name: z.string().check(z.minLength(1)).check(z.maxLength(64)),
});

/** A bridged Keplr-shaped wallet. */
export type CosmosWallet = z.infer<typeof CosmosWalletSchema>;

/**
 * The input of `cosmos.request(id, { method, params })`: one allow-listed method and its
 * positional parameters (Keplr's signatures: `enable(chainIds)`, `getKey(chainId)`,
 * `signDirect(chainId, signer, signDoc)`, `signAmino(chainId, signer, signDoc)`,
 * `signArbitrary(chainId, signer, data)`, `experimentalSuggestChain(chainInfo)`).
 */
export const CosmosWalletRequestSchema = z.object({
  method: z.enum(COSMOS_WALLET_METHODS),
  params: z.array(z.unknown()).check(z.maxLength(4)),
});

/** A request to a bridged Keplr-shaped wallet. */
export type CosmosWalletRequest = z.infer<typeof CosmosWalletRequestSchema>;

/** The host methods of the opt-in Cosmos entry (`HostMethods['cosmos']`). */
export const cosmosHostMethods = {
  'cosmos.list': {
    summary:
      'The Keplr-shaped wallets on the page (`window.keplr`, `window.leap`; only with the opt-in `@airlock/host-sdk/cosmos` entry).',
    params: z.tuple([]),
    paramNames: [],
    result: z.array(CosmosWalletSchema),
    errors: {},
    timeout: '10000',
  },
  'cosmos.request': {
    summary:
      'Calls one allow-listed method (`enable`, `getKey`, `signDirect`, `signAmino`, `signArbitrary`, `experimentalSuggestChain`) of the wallet with this id, with positional params. The frame validates the answer.',
    params: z.tuple([z.enum(COSMOS_WALLET_KEYS), CosmosWalletRequestSchema]),
    paramNames: ['id', 'request'],
    result: z.unknown(),
    errors: {
      4200: 'the method is not bridged or the wallet lacks it',
      4900: 'no such wallet on the page',
      4001: 'the wallet rejected (its own code is passed through; 5000 when it has none)',
    },
    timeout: '120000 for requests that wait for a person, 10000 otherwise',
  },
} satisfies Record<string, MethodSpec>;

/** Standard base64 (RFC 4648, with padding), the byte encoding of the dapp-facing cosmos methods. */
const Base64Text = z
  .string()
  .check(z.maxLength(200_000))
  .check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/));

/** A bech32 account address as the dapp names it (checked for the network by the frame). */
const SignerAddress = z.string().check(z.minLength(8)).check(z.maxLength(90));

/**
 * A `SignDoc` of SIGN_MODE_DIRECT as JSON (the shape of WalletConnect's `cosmos_signDirect`):
 * `bodyBytes` and `authInfoBytes` the protobuf bytes in base64, `accountNumber` a decimal string.
 */
export const CosmosDirectSignDocSchema = z.strictObject({
  chainId: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  accountNumber: z.string().check(z.regex(/^\d{1,20}$/)),
  bodyBytes: Base64Text,
  authInfoBytes: Base64Text,
});

/** A `StdSignDoc` of LEGACY_AMINO_JSON (CosmJS `@cosmjs/amino`): passed to the wallet as it is, its `chain_id` checked. */
export const CosmosAminoSignDocSchema = z.looseObject({
  chain_id: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  account_number: z.string(),
  sequence: z.string(),
  fee: z.looseObject({ gas: z.string(), amount: z.array(z.unknown()) }),
  msgs: z.array(z.unknown()).check(z.maxLength(64)),
  memo: z.string().check(z.maxLength(512)),
});

/**
 * The methods of the dapp's `getProvider('cosmos')` and their params (one object each, the names
 * of WalletConnect's `cosmos` namespace plus Keplr's `signArbitrary`):
 * - `cosmos_requestAccounts` / `cosmos_getAccounts` `[]` → `[{ address, algo, pubkey }]` (pubkey base64);
 * - `cosmos_signDirect` `[{ signerAddress, signDoc }]` ({@link CosmosDirectSignDocSchema}) →
 *   `{ signed, signature }` (`signed` in the same JSON shape, `signature` a `StdSignature`);
 * - `cosmos_signAmino` `[{ signerAddress, signDoc }]` ({@link CosmosAminoSignDocSchema}) → `{ signed, signature }`;
 * - `cosmos_signArbitrary` `[{ signerAddress, data }]` (ADR-036, text) → `StdSignature`
 *   (`{ pub_key: { type, value }, signature }`, base64).
 * The sign doc's chain id must be the active network's (else 4901).
 */
export const CosmosRequestParamsSchemas = {
  cosmos_requestAccounts: z.tuple([]),
  cosmos_getAccounts: z.tuple([]),
  cosmos_signDirect: z.tuple([z.strictObject({ signerAddress: SignerAddress, signDoc: CosmosDirectSignDocSchema })]),
  cosmos_signAmino: z.tuple([z.strictObject({ signerAddress: SignerAddress, signDoc: CosmosAminoSignDocSchema })]),
  cosmos_signArbitrary: z.tuple([
    z.strictObject({ signerAddress: SignerAddress, data: z.string().check(z.maxLength(10_000)) }),
  ]),
} as const;

/** A method of the dapp's cosmos provider. */
export type CosmosRequestMethod = keyof typeof CosmosRequestParamsSchemas;

/** True when `method` is one of the {@link CosmosRequestParamsSchemas} methods (own keys only). */
export function isCosmosRequestMethod(method: string): method is CosmosRequestMethod {
  return Object.hasOwn(CosmosRequestParamsSchemas, method);
}

/** A `StdSignature` (ADR-036, Amino, Direct): the secp256k1 public key and the 64-byte signature, both base64. */
export const CosmosStdSignatureSchema = z.looseObject({
  pub_key: z.looseObject({ type: z.string().check(z.maxLength(64)), value: Base64Text }),
  signature: Base64Text,
});

/** Keplr's `getKey(chainId)` answer, the parts the frame reads: the address, the public key, its algorithm. */
export const CosmosKeySchema = z.looseObject({
  bech32Address: SignerAddress,
  pubKey: z.instanceof(Uint8Array),
  algo: z.optional(z.string().check(z.maxLength(32))),
});

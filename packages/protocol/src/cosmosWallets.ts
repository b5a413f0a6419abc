import { z } from 'zod/mini';
import type { MethodSpec } from './methodSpec.ts';

/**
 * Cosmos page wallets in the protocol: what the opt-in host entry `@airlock/host-sdk/cosmos`
 * bridges to the frame. Keplr's injected interface (`window.keplr`) and the wallets that mirror
 * it under their own name (Leap's `window.leap`), each found as an own property of `window`.
 * Only the allow-listed methods below cross the bridge, called as `wallet[method](...params)`.
 */

/** The `window` properties the host looks at, each a Keplr-shaped wallet: `keplr` (Keplr) and `leap` (Leap). */
export const COSMOS_WALLET_KEYS = ['keplr', 'leap'] as const;

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

/** A wallet's `keplr_keystorechange` (or `leap_keystorechange`): the frame asks `getKey` again. */
export const CosmosWalletEventSchema = z.object({ type: z.literal('cosmosChange'), id: z.enum(COSMOS_WALLET_KEYS) });

/** A bridged Keplr-shaped wallet's key change. */
export type CosmosWalletEvent = z.infer<typeof CosmosWalletEventSchema>;

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

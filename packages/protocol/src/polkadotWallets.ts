import { z } from 'zod/mini';
import type { MethodSpec } from './methodSpec.ts';

/**
 * Polkadot page wallets in the protocol: what the opt-in host entry `@airlock/host-sdk/polkadot`
 * bridges to the frame — the injected extension protocol (`window.injectedWeb3[name]`, which
 * polkadot-js, Talisman and SubWallet all speak): `enable(originName)` answers an `Injected`
 * with `accounts` and `signer`. Only the allow-listed methods below cross the bridge.
 */

/** The methods the host bridges (anything else: 4200): `enable`, then the enabled extension's `accounts.get`, `signer.signPayload`, `signer.signRaw`. */
export const POLKADOT_WALLET_METHODS = ['enable', 'accounts.get', 'signer.signPayload', 'signer.signRaw'] as const;

/** An injected extension as the host lists it: `id` its key in `window.injectedWeb3`, and its `version`. */
export const PolkadotWalletSchema = z.object({
  id: z.string().check(z.regex(/^[\w.-]{1,64}$/)),
  version: z.string().check(z.maxLength(64)),
});

/** A bridged injected extension. */
export type PolkadotWallet = z.infer<typeof PolkadotWalletSchema>;

/**
 * The input of `polkadot.request(id, { method, params })`: `enable` `[originName]`,
 * `accounts.get` `[]`, `signer.signPayload` `[SignerPayloadJSON]`, `signer.signRaw`
 * `[{ address, data, type }]`. The signer and accounts methods need `enable` first (else 4100).
 */
export const PolkadotWalletRequestSchema = z.object({
  method: z.enum(POLKADOT_WALLET_METHODS),
  params: z.array(z.unknown()).check(z.maxLength(2)),
});

/** A request to a bridged injected extension. */
export type PolkadotWalletRequest = z.infer<typeof PolkadotWalletRequestSchema>;

export { PolkadotWalletEventSchema, type PolkadotWalletEvent } from './pageWalletEvents.ts';

/** The host methods of the opt-in Polkadot entry (`HostMethods['polkadot']`). */
export const polkadotHostMethods = {
  'polkadot.list': {
    summary:
      'The injected extensions on the page (`window.injectedWeb3`; only with the opt-in `@airlock/host-sdk/polkadot` entry).',
    params: z.tuple([]),
    paramNames: [],
    result: z.array(PolkadotWalletSchema),
    errors: {},
    timeout: '10000',
  },
  'polkadot.request': {
    summary:
      'Calls one allow-listed method (`enable`, `accounts.get`, `signer.signPayload`, `signer.signRaw`) of the extension with this id. The frame validates the answer.',
    params: z.tuple([z.string(), PolkadotWalletRequestSchema]),
    paramNames: ['id', 'request'],
    result: z.unknown(),
    errors: {
      4200: 'the method is not bridged or the extension lacks it',
      4100: 'the extension is not enabled yet',
      4900: 'no such extension on the page',
      4001: 'the extension rejected (its own code is passed through; 5000 when it has none)',
    },
    timeout: '120000 for requests that wait for a person, 10000 otherwise',
  },
} satisfies Record<string, MethodSpec>;

/** An SS58 address as a dapp or extension writes it (checked for the network by the frame). */
const Ss58Text = z.string().check(z.minLength(40)).check(z.maxLength(64));
/** `0x` hex. */
const HexText = z
  .string()
  .check(z.maxLength(200_000))
  .check(z.regex(/^0x([0-9a-fA-F]{2})*$/));

/**
 * A `SignerPayloadJSON` (@polkadot/types, what `signer.signPayload` takes): the parts the frame
 * checks (`address`, `genesisHash`, `method`), the rest passed to the extension as it is.
 */
export const PolkadotSignerPayloadSchema = z.looseObject({
  address: Ss58Text,
  genesisHash: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)),
  method: HexText,
});

/**
 * The methods of the dapp's `getProvider('polkadot')` and their params (one object each, the
 * names of WalletConnect's `polkadot` namespace):
 * - `polkadot_requestAccounts` / `polkadot_getAccounts` `[]` → `[{ address, name? }]` (the
 *   network's SS58 format);
 * - `polkadot_signTransaction` `[{ address, transactionPayload }]` ({@link PolkadotSignerPayloadSchema},
 *   its genesis hash the active network's, else 4901) → `{ signature }` (the extension's `signPayload`);
 * - `polkadot_signMessage` `[{ address, message }]` (hex bytes or text) → `{ signature }` (`signRaw`, type `bytes`).
 */
export const PolkadotRequestParamsSchemas = {
  polkadot_requestAccounts: z.tuple([]),
  polkadot_getAccounts: z.tuple([]),
  polkadot_signTransaction: z.tuple([
    z.strictObject({ address: Ss58Text, transactionPayload: PolkadotSignerPayloadSchema }),
  ]),
  polkadot_signMessage: z.tuple([
    z.strictObject({ address: Ss58Text, message: z.string().check(z.maxLength(20_000)) }),
  ]),
} as const;

/** A method of the dapp's polkadot provider. */
export type PolkadotRequestMethod = keyof typeof PolkadotRequestParamsSchemas;

/** True when `method` is one of the {@link PolkadotRequestParamsSchemas} methods (own keys only). */
export function isPolkadotRequestMethod(method: string): method is PolkadotRequestMethod {
  return Object.hasOwn(PolkadotRequestParamsSchemas, method);
}

/** An extension's account (`accounts.get`): its address and optional name. */
export const PolkadotAccountSchema = z.looseObject({
  address: Ss58Text,
  name: z.optional(z.string().check(z.maxLength(64))),
});

/** A signer's answer (`signPayload`, `signRaw`): `{ id, signature }`, the signature hex (with a type byte for multi-signatures). */
export const PolkadotSignerResultSchema = z.looseObject({ signature: HexText });

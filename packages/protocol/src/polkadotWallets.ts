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

/** An enabled extension's account change (`accounts.subscribe`): the addresses it now lists. */
export const PolkadotWalletEventSchema = z.object({
  type: z.literal('polkadotChange'),
  id: z.string().check(z.maxLength(64)),
  accounts: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(64)),
});

/** A bridged injected extension's account change. */
export type PolkadotWalletEvent = z.infer<typeof PolkadotWalletEventSchema>;

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

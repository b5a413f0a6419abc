import { z } from 'zod/mini';
import { EmbeddedUserSchema, SocialProviderSchema } from './embedded.ts';
import type { MethodSpec } from './methodSpec.ts';
import { AccountTypeSchema } from './connections.ts';
import { CaipNetworkIdSchema } from './schemas.ts';

/** The result of a call that answers nothing. */
export const Null = z.null();

/**
 * The network a login's user is answered on (spec §7 CONNECT_SOCIAL and GET_USER `chainId` and
 * `preferredAccountType`): `caipNetworkId` becomes the embedded wallet's active network when its
 * namespace is eip155 or solana; `preferredAccountType` is applied on an eip155 network whose smart
 * accounts the secure frame's deployment enables (elsewhere the EOA stays, and the answer says so).
 * No `rpcUrl`, `siwxMessage` or `token`: docs/spec-decisions.md rows 7.43, 7.45 and 7.47 say why.
 */
export const LoginNetworkShape = {
  caipNetworkId: z.optional(CaipNetworkIdSchema),
  preferredAccountType: z.optional(AccountTypeSchema),
};

/**
 * Social login methods of the secure frame. The popup must be opened by a click in the
 * secure frame itself (a browser lets a frame open a popup only from its own user
 * activation), so C renders the provider buttons in a slot of the Connect view
 * (`showSocials`, then `setLayout({ slot: 'socials' })`); a click there opens the
 * 600x800 popup on C's origin and tells B (`socialStarted`); B then waits with
 * `connectSocial`.
 */
export const socialSecureFrameMethods = {
  showSocials: {
    summary: 'Shows the configured ones of these providers as buttons in the socials slot (empty: hides them).',
    params: z.tuple([
      z.strictObject({
        providers: z.array(SocialProviderSchema).check(z.maxLength(6)),
        /** Redirect mode: a click sends the whole page to the provider, which returns to `returnUrl` (the dapp's origin). */
        redirect: z.optional(z.strictObject({ returnUrl: z.url({ protocol: /^https?$/ }).check(z.maxLength(2048)) })),
        /**
         * Passkeys (docs/embedded-wallet.md "Passkeys"): `login` adds C's "Sign in with a passkey" and
         * "Create a passkey" buttons below the providers (Connect); `manage` shows the signed-in
         * visitor's passkeys with Add and Remove instead of any provider (Account).
         */
        passkey: z.optional(z.enum(['login', 'manage'])),
      }),
    ]),
    paramNames: ['request'],
    result: z.strictObject({
      providers: z.array(SocialProviderSchema).check(z.maxLength(6)),
      /** Whether C shows the passkey buttons or list. */
      passkey: z.optional(z.boolean()),
    }),
    errors: { 4900: 'Invalid App Configuration' },
    timeout: '10000',
  },
  getSocialRedirectUri: {
    summary: "GET_SOCIAL_REDIRECT_URI: starts a login; the provider's authorization URL.",
    params: z.tuple([z.strictObject({ provider: SocialProviderSchema })]),
    paramNames: ['request'],
    result: z.strictObject({ uri: z.url().check(z.maxLength(4096)) }),
    errors: { [-32603]: 'Failed to initiate social connection' },
    timeout: '120000',
  },
  connectSocial: {
    summary:
      "CONNECT_SOCIAL: `{ provider }` waits for the login started in the popup (or the page's redirect); `{ uri }` finishes a redirect login from the page's result_uri. With `caipNetworkId` (the spec's chainId) the user comes back on that network (eip155 or solana; another namespace keeps the wallet's own), with `preferredAccountType` that type where the network offers it. The user.",
    params: z.tuple([
      z.union([
        z.strictObject({ provider: SocialProviderSchema, ...LoginNetworkShape }),
        z.strictObject({ uri: z.string().check(z.minLength(1)).check(z.maxLength(4096)), ...LoginNetworkShape }),
      ]),
    ]),
    paramNames: ['request'],
    result: EmbeddedUserSchema,
    errors: {
      4001: 'cancelled',
      [-32602]: "'This sign-in link is not valid' (a uri that is not this API's result URL)",
      [-32603]: 'Popup closed, Failed to initiate social connection, another device, or refused',
    },
    timeout: '120000',
  },
  connectPasskey: {
    summary:
      'Waits (120 s) for the passkey login or sign-up a click in C started (`passkeyStarted`), in the frame or in its window; the user.',
    params: z.tuple([]),
    paramNames: [],
    result: EmbeddedUserSchema,
    errors: {
      4001: 'cancelled (abortSocial) or no passkey chosen',
      [-32603]: 'no passkey login running, the passkey was refused, or the API failed (its message)',
    },
    timeout: '120000',
  },
  focusSlot: {
    summary:
      "Keyboard focus enters the socials slot (Tab or Shift+Tab reached it in B's modal): C focuses the slot's first or last button; `focused: false` when it shows none. Focus only, never a click.",
    params: z.tuple([z.strictObject({ edge: z.enum(['first', 'last']) })]),
    paramNames: ['request'],
    result: z.strictObject({ focused: z.boolean() }),
    errors: {},
    timeout: '10000',
  },
  abortSocial: {
    summary: 'Cancels the social or passkey login (closes the popup).',
    params: z.tuple([]),
    paramNames: [],
    result: Null,
    errors: {},
    timeout: '10000',
  },
} satisfies Record<string, MethodSpec>;

/** Social login calls of the secure frame on the widget frame. */
export const socialParentMethods = {
  socialStarted: {
    summary: 'The social popup opened: B waits with connectSocial.',
    params: z.tuple([z.strictObject({ provider: SocialProviderSchema })]),
    paramNames: ['request'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  slotFocusLeave: {
    summary:
      "Tab on the socials slot's last button (`next`) or Shift+Tab on its first (`previous`): B moves focus to the modal's element after or before the slot. Escape in the slot (`escape`): B closes the modal, as Escape does anywhere in it.",
    params: z.tuple([z.strictObject({ direction: z.enum(['next', 'previous', 'escape']) })]),
    paramNames: ['request'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  passkeyStarted: {
    summary:
      'A click in C started a passkey login or sign-up (`popup`: it continues in a window on C’s origin): B waits with connectPasskey.',
    params: z.tuple([z.strictObject({ popup: z.boolean() })]),
    paramNames: ['request'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
} satisfies Record<string, MethodSpec>;

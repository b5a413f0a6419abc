import { z } from 'zod/mini';
import { AccountTypeSchema } from './connections.ts';
import {
  ConnectEmailResultSchema,
  EmbeddedLayoutSchema,
  EmbeddedNetworkSchema,
  EmbeddedRpcRequestSchema,
  EmbeddedSessionUpdateSchema,
  EmbeddedUserSchema,
  EmailSchema,
  FarcasterUriSchema,
  OtpSchema,
  SocialProviderSchema,
  SyncDappDataSchema,
  SyncThemeSchema,
  UpdateEmailResultSchema,
} from './embedded.ts';
import type { MethodFn, MethodSpec } from './methodSpec.ts';
import { CaipNetworkIdSchema } from './schemas.ts';

/**
 * The method tables of the channel between the widget frame (B) and the secure frame (C),
 * in the style of `methods.ts`: positional parameters with zod schemas, result schemas,
 * errors and time limits. The schemas they use are in `embedded.ts`.
 */

const Null = z.null();

/**
 * Social login methods of the secure frame. The popup must be opened by a click in the
 * secure frame itself (a browser lets a frame open a popup only from its own user
 * activation), so C renders the provider buttons in a slot of the Connect view
 * (`showSocials`, then `setLayout({ slot: 'socials' })`); a click there opens the
 * 600x800 popup on C's origin and tells B (`socialStarted`); B then waits with
 * `connectSocial`.
 */
const socialSecureFrameMethods = {
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
      "CONNECT_SOCIAL: `{ provider }` waits for the login started in the popup (or the page's redirect); `{ uri }` finishes a redirect login from the page's result_uri. The user.",
    params: z.tuple([
      z.union([
        z.strictObject({ provider: SocialProviderSchema }),
        z.strictObject({ uri: z.string().check(z.minLength(1)).check(z.maxLength(4096)) }),
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
const socialParentMethods = {
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

/** Methods the secure frame (C) exposes to the widget frame (B). C validates every parameter. */
export const secureFrameMethods = {
  connectEmail: {
    summary:
      'CONNECT_EMAIL: starts an email login; the API mails a code or a device-approval link. Answers the next step (spec §4).',
    params: z.tuple([z.strictObject({ email: EmailSchema })]),
    paramNames: ['request'],
    result: ConnectEmailResultSchema,
    errors: {
      429: "'Please try again after N seconds' (spec §5 cool-down)",
      [-32602]: 'invalid email',
      [-32603]: 'the API failed (its message)',
    },
    timeout: '120000',
  },
  connectDevice: {
    summary:
      'CONNECT_DEVICE: waits until the visitor approves this device through the mailed link, then finishes the login.',
    params: z.tuple([]),
    paramNames: [],
    result: EmbeddedUserSchema,
    errors: { 4001: 'the visitor denied the device', [-32603]: 'the API failed' },
    timeout: '120000',
  },
  connectOtp: {
    summary: 'CONNECT_OTP: submits the mailed code; on success the user is signed in and their keys are ready.',
    params: z.tuple([z.strictObject({ otp: OtpSchema })]),
    paramNames: ['request'],
    result: EmbeddedUserSchema,
    errors: {
      [-32602]: "'Invalid code' or 'Code expired' or too many attempts (message says which)",
      [-32603]: 'the API failed',
    },
    timeout: '120000',
  },
  getUser: {
    summary: 'GET_USER: the signed-in user on a network (restores the keys from the device share after a reload).',
    params: z.tuple([
      z.object({ caipNetworkId: CaipNetworkIdSchema, preferredAccountType: z.optional(AccountTypeSchema) }),
    ]),
    paramNames: ['request'],
    result: EmbeddedUserSchema,
    errors: { 4100: 'not signed in', [-32603]: 'the keys could not be restored' },
    timeout: '10000',
  },
  isConnected: {
    summary: 'IS_CONNECTED: whether a session exists (no network call when there is no stored session).',
    params: z.tuple([]),
    paramNames: [],
    result: z.strictObject({ isConnected: z.boolean() }),
    errors: {},
    timeout: '10000',
  },
  getChainId: {
    summary: 'GET_CHAIN_ID: the active network of the embedded wallet.',
    params: z.tuple([]),
    paramNames: [],
    result: z.strictObject({ caipNetworkId: CaipNetworkIdSchema }),
    errors: { 4100: 'not signed in' },
    timeout: '10000',
  },
  switchNetwork: {
    summary: 'SWITCH_NETWORK: makes a network active for signing and sending.',
    params: z.tuple([EmbeddedNetworkSchema]),
    paramNames: ['network'],
    result: z.strictObject({ caipNetworkId: CaipNetworkIdSchema }),
    errors: { 4100: 'not signed in', 4902: 'a namespace the embedded wallet does not support' },
    timeout: '10000',
  },
  rpcRequest: {
    summary:
      'RPC_REQUEST: safe methods (reads, eth_accounts, eth_chainId) are answered at once; unsafe ones (spec §6) show the approval rendered by the secure frame, and resolve with the signature or hash.',
    params: z.tuple([EmbeddedRpcRequestSchema]),
    paramNames: ['request'],
    result: z.unknown(),
    errors: {
      4001: 'the visitor rejected',
      4100: 'not signed in',
      4200: "a method the embedded wallet does not support ('Requested RPC call is not allowed')",
      [-32603]: "'Embedded Wallet Request Timed Out' or the chain's error",
    },
    timeout: '10000 for safe methods; 300000 for unsafe ones',
  },
  rpcAbort: {
    summary:
      'RPC_ABORT: rejects the pending request with this id (4001, "Request was aborted") and hides its approval.',
    params: z.tuple([z.strictObject({ id: z.string().check(z.minLength(8)).check(z.maxLength(64)) })]),
    paramNames: ['request'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  updateEmail: {
    summary: 'UPDATE_EMAIL: starts changing the email; codes go to the current and the new address.',
    params: z.tuple([z.strictObject({ email: EmailSchema })]),
    paramNames: ['request'],
    result: UpdateEmailResultSchema,
    errors: { 4100: 'not signed in', 429: 'cool-down', [-32602]: 'invalid email' },
    timeout: '120000',
  },
  updateEmailPrimaryOtp: {
    summary: 'UPDATE_EMAIL primary OTP: the code sent to the current address.',
    params: z.tuple([z.strictObject({ otp: OtpSchema })]),
    paramNames: ['request'],
    result: UpdateEmailResultSchema,
    errors: { [-32602]: 'wrong or expired code' },
    timeout: '120000',
  },
  updateEmailSecondaryOtp: {
    summary: 'UPDATE_EMAIL secondary OTP: the code sent to the new address; the new email is stored.',
    params: z.tuple([z.strictObject({ otp: OtpSchema })]),
    paramNames: ['request'],
    result: z.strictObject({ email: EmailSchema }),
    errors: { [-32602]: 'wrong or expired code' },
    timeout: '120000',
  },
  signOut: {
    summary: 'SIGN_OUT: ends the session on the API and forgets the keys in memory (the device share stays).',
    params: z.tuple([]),
    paramNames: [],
    result: Null,
    errors: {},
    timeout: '3000',
  },
  syncTheme: {
    summary: 'SYNC_THEME: light or dark and theme variables for the approval screens.',
    params: z.tuple([SyncThemeSchema]),
    paramNames: ['theme'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  syncDappData: {
    summary:
      'SYNC_DAPP_DATA: project, verified dapp origin and metadata. The secure frame refuses (and stays unusable) when the origin is not allowed for the project.',
    params: z.tuple([SyncDappDataSchema]),
    paramNames: ['data'],
    result: Null,
    errors: { 4900: 'the dapp origin is not allowed for the project (Invalid App Configuration)' },
    timeout: '10000',
  },
  // Sign In With Farcaster (spec §7 GET_FARCASTER_URI, CONNECT_FARCASTER; docs/embedded-wallet.md "Farcaster").
  getFarcasterUri: {
    summary:
      "GET_FARCASTER_URI: opens a Farcaster relay channel bound to this secure frame's device key and answers its URL (shown as a QR code and link).",
    params: z.tuple([]),
    paramNames: [],
    result: FarcasterUriSchema,
    errors: { 4900: 'the dapp is not verified', [-32603]: 'the API or the relay failed' },
    timeout: '120000',
  },
  connectFarcaster: {
    summary:
      "CONNECT_FARCASTER: waits (120 s) until the person approves in their Farcaster app and the API verified the signed message; the fid's wallet is signed in.",
    params: z.tuple([]),
    paramNames: [],
    result: EmbeddedUserSchema,
    errors: {
      [-32602]: 'no channel: call getFarcasterUri first',
      [-32603]: 'the sign-in expired, did not verify, or the API or the relay failed',
    },
    timeout: '120000',
  },
  cancelFarcaster: {
    summary:
      'Ends the running Farcaster sign-in (the person left ConnectingFarcaster): the wait answers -32603 Cancelled and a later approval signs nobody in.',
    params: z.tuple([]),
    paramNames: [],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  // Smart accounts (spec §7 'smart account calls'; docs/embedded-wallet.md "Smart accounts").
  getSmartAccountEnabledNetworks: {
    summary:
      "Smart account call 'get enabled networks': the eip155 networks where the secure frame's deployment enables smart accounts (never the page's choice).",
    params: z.tuple([]),
    paramNames: [],
    result: z.strictObject({ smartAccountEnabledNetworks: z.array(CaipNetworkIdSchema).check(z.maxLength(256)) }),
    errors: {},
    timeout: '10000',
  },
  initSmartAccount: {
    summary:
      "Smart account call 'init': the visitor's account on a network (the smart account's counterfactual address before it exists, or the EOA), its type and whether it is deployed.",
    params: z.tuple([z.strictObject({ caipNetworkId: CaipNetworkIdSchema })]),
    paramNames: ['request'],
    result: z.strictObject({
      address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
      type: AccountTypeSchema,
      isDeployed: z.boolean(),
    }),
    errors: { 4100: 'not signed in', [-32603]: 'the smart account could not be loaded (the network did not answer)' },
    timeout: '10000',
  },
  setPreferredAccountType: {
    summary:
      "Smart account call 'set preferred account type' (spec §5): eoa or smartAccount on an eip155 network, smartAccount only where enabled; answers the user with its new account.",
    params: z.tuple([z.strictObject({ caipNetworkId: CaipNetworkIdSchema, type: AccountTypeSchema })]),
    paramNames: ['request'],
    result: EmbeddedUserSchema,
    errors: { 4100: 'not signed in', [-32602]: "'Smart accounts are not enabled on this network'" },
    timeout: '10000',
  },
  reload: {
    summary: 'RELOAD: reloads the secure frame (after a failure); the widget frame waits for `ready` again.',
    params: z.tuple([]),
    paramNames: [],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  ...socialSecureFrameMethods,
} satisfies Record<string, MethodSpec>;

/** Methods the widget frame (B) exposes to the secure frame (C). B validates every parameter. */
export const embeddedParentMethods = {
  ready: {
    summary: 'READY: the secure frame loaded (its version); the widget frame waits 500 ms, then counts it initialized.',
    params: z.tuple([z.strictObject({ version: z.string().check(z.minLength(1)).check(z.maxLength(64)) })]),
    paramNames: ['info'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  sessionUpdate: {
    summary: 'SESSION_UPDATE: the user signed in, changed (email, network) or signed out / expired (null).',
    params: z.tuple([EmbeddedSessionUpdateSchema]),
    paramNames: ['update'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  setLayout: {
    summary: 'Shows the secure frame inside the modal (ApproveTransaction) at the height it needs, or hides it again.',
    params: z.tuple([EmbeddedLayoutSchema]),
    paramNames: ['layout'],
    result: Null,
    errors: {},
    timeout: '10000',
  },
  ...socialParentMethods,
} satisfies Record<string, MethodSpec>;

type Fn<M extends MethodSpec> = MethodFn<M>;

/** What the secure frame implements (the widget frame calls these through penpal). */
export type SecureFrameMethods = { [K in keyof typeof secureFrameMethods]: Fn<(typeof secureFrameMethods)[K]> };

/** What the widget frame implements for the secure frame. */
export type EmbeddedParentMethods = {
  [K in keyof typeof embeddedParentMethods]: Fn<(typeof embeddedParentMethods)[K]>;
};

import { z } from 'zod/mini';
import type { MethodFn, MethodSpec } from './methods.ts';
import { CaipAddressSchema, CaipNetworkIdSchema, MetadataSchema } from './schemas.ts';
import { ChainNamespaceSchema } from './namespace.ts';

/**
 * The embedded-wallet channel (spec §7 'Embedded frame messages'): the widget
 * frame (origin B) is the parent, the secure frame (origin C, the only origin
 * that ever holds a key) the child. Same style as the host ↔ frame protocol:
 * penpal v7, positional parameters validated with zod on arrival, every method
 * returns the result union. Spec message names map to methods as follows:
 * CONNECT_EMAIL → connectEmail, CONNECT_DEVICE → connectDevice, CONNECT_OTP →
 * connectOtp, GET_USER → getUser, IS_CONNECTED → isConnected, GET_CHAIN_ID →
 * getChainId, SWITCH_NETWORK → switchNetwork, RPC_REQUEST → rpcRequest,
 * RPC_ABORT → rpcAbort, UPDATE_EMAIL → updateEmail (+ updateEmailPrimaryOtp,
 * updateEmailSecondaryOtp), SIGN_OUT → signOut, SYNC_THEME → syncTheme,
 * SYNC_DAPP_DATA → syncDappData, GET_FARCASTER_URI →
 * getFarcasterUri, CONNECT_FARCASTER → connectFarcaster (+ cancelFarcaster), RELOAD → reload,
 * CONNECT_SOCIAL → connectSocial, GET_SOCIAL_REDIRECT_URI → getSocialRedirectUri; READY and
 * SESSION_UPDATE are
 * the secure frame's calls `ready` and `sessionUpdate` on the widget frame.
 */

/** A one-time code as typed by the visitor: 6 digits (spec §5 'OTP is a string'). */
export const OtpSchema = z.string().check(z.regex(/^\d{6}$/, { error: 'Expected a 6-digit code' }));

/** An email address (spec §5 'Email fields must be valid emails'), at most 254 characters (RFC 5321). */
export const EmailSchema = z.email({ error: 'Invalid email' }).check(z.maxLength(254));

// ---- Social login: the provider names (the rest of the social block is further down) ----

/** A social provider of the embedded wallet (spec §5 'social provider one of google, github, apple, facebook, x, discord'). */
export const SocialProviderSchema = z.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord']);
/** One of {@link SocialProviderSchema}. */
export type SocialProvider = z.infer<typeof SocialProviderSchema>;

/** Account type (spec §6): externally owned account or smart account. */
export const AccountTypeSchema = z.enum(['eoa', 'smartAccount']);

/** One account of the embedded user (spec §3 Embedded user `accounts`): CAIP-10 address and type. */
export const EmbeddedAccountSchema = z.strictObject({
  /** CAIP-10 account id, e.g. `eip155:31337:0xAbC…` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQe…`. */
  caipAddress: CaipAddressSchema,
  /** Account type; `eoa` for every account the secure frame derives today. */
  type: AccountTypeSchema,
});

/**
 * The signed-in embedded user (spec §3 'Embedded user'). Never carries key
 * material: addresses and profile only.
 */
export const EmbeddedUserSchema = z.strictObject({
  /** Login email, or null for a login without one (social providers without email). */
  email: z.nullable(EmailSchema),
  /** A display name (social login), or null. */
  userName: z.nullable(z.string().check(z.maxLength(200))),
  /** One account per supported namespace (eip155 and solana), eip155 first. */
  accounts: z.array(EmbeddedAccountSchema).check(z.minLength(1)).check(z.maxLength(8)),
  /** The active network of the embedded wallet (CAIP-2). */
  caipNetworkId: CaipNetworkIdSchema,
  /** Preferred account type (spec §3, §5); `eoa` until smart accounts exist. */
  preferredAccountType: AccountTypeSchema,
  /** Whether a smart account is deployed on the active network (spec §3); false for EOAs. */
  smartAccountDeployed: z.boolean(),
  /** The social provider of the login (spec §3 account state `socialProvider`): one of {@link SocialProviderSchema} or `farcaster`; absent or null for an email login. */
  socialProvider: z.optional(z.nullable(z.enum([...SocialProviderSchema.options, 'farcaster']))),
});
export type EmbeddedUser = z.infer<typeof EmbeddedUserSchema>;

/** Answer of connectEmail (spec §4 'connect email returns action VERIFY_DEVICE, VERIFY_OTP or CONNECT'). */
export const ConnectEmailResultSchema = z.strictObject({ action: z.enum(['VERIFY_OTP', 'VERIFY_DEVICE', 'CONNECT']) });

/** Answer of updateEmail and updateEmailPrimaryOtp (spec §4 email update). */
export const UpdateEmailResultSchema = z.strictObject({
  action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']),
});

/** Theme sync (spec §3 'Theme sync'). `themeVariables` are CSS custom property values by name. */
export const SyncThemeSchema = z.strictObject({
  themeMode: z.enum(['light', 'dark']),
  themeVariables: z.optional(
    z.record(z.string().check(z.maxLength(64)), z.union([z.string().check(z.maxLength(200)), z.number()])),
  ),
});

/**
 * Dapp data (spec §3 'Dapp data'), sent by the widget frame after its own
 * verification of the dapp. `dappOrigin` is the parent origin the widget frame
 * verified; the secure frame cross-checks it with `location.ancestorOrigins`
 * where the browser has it, and checks it against the project's allowed origins.
 */
export const SyncDappDataSchema = z.strictObject({
  projectId: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  dappOrigin: z.url().check(z.maxLength(2048)),
  metadata: z.optional(MetadataSchema),
  sdkVersion: z.string().check(z.maxLength(64)),
  sdkType: z.string().check(z.maxLength(64)),
});

/** A network the embedded wallet may use: CAIP-2 id and the http JSON-RPC URL the widget frame uses for it. */
export const EmbeddedNetworkSchema = z.strictObject({
  caipNetworkId: CaipNetworkIdSchema,
  rpcUrl: z.url().check(z.maxLength(2048)),
});

/**
 * An RPC request for the embedded wallet (spec §7 RPC_REQUEST). `id` is a
 * random id chosen by the widget frame (used by rpcAbort). Safe methods are
 * answered without a person; unsafe ones (spec §6) show the secure frame's own
 * approval first.
 */
export const EmbeddedRpcRequestSchema = z.strictObject({
  id: z.string().check(z.minLength(8)).check(z.maxLength(64)),
  method: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  params: z.optional(z.unknown()),
  chainNamespace: ChainNamespaceSchema,
  caipNetworkId: CaipNetworkIdSchema,
  rpcUrl: z.url().check(z.maxLength(2048)),
});

/** A session change the secure frame reports (spec §7 SESSION_UPDATE): the user, or null after sign-out or expiry. */
export const EmbeddedSessionUpdateSchema = z.strictObject({ user: z.nullable(EmbeddedUserSchema) });

/**
 * What the secure frame asks the widget frame to show (its approval or a
 * message): `visible` with the height it needs in CSS px, or hidden. The
 * widget frame shows its ApproveTransaction view and places the secure frame's
 * iframe over it, with no transform, filter or opacity on the way (the
 * clickjacking gate measures visibility with IntersectionObserver v2).
 */
export const EmbeddedLayoutSchema = z.strictObject({
  visible: z.boolean(),
  /** Height in CSS px the secure frame's content needs (40–720). */
  height: z.optional(z.int().check(z.gte(40)).check(z.lte(720))),
  /** The rpcRequest id the approval is for, when it is one. */
  requestId: z.optional(z.string().check(z.minLength(8)).check(z.maxLength(64))),
  /** Which slot of the modal: the approval (default) or the social buttons on Connect (`showSocials`). */
  slot: z.optional(z.enum(['approval', 'socials'])),
});

const Null = z.null();

/**
 * Answer of getFarcasterUri (spec §7 GET_FARCASTER_URI): the relay channel's URL for the
 * Farcaster app (QR code / deep link). http(s) only: the widget renders it as a link.
 */
export const FarcasterUriSchema = z.strictObject({ url: z.url({ protocol: /^https?$/ }).check(z.maxLength(4096)) });

/** Timeouts of the embedded channel in ms (spec §9). */
export const EMBEDDED_TIMEOUTS_MS = {
  /** Secure frame load: iframe created → `ready` (spec §9 'Iframe load timeout 20 s'). */
  load: 20_000,
  /** Delay after `ready` before the frame counts as initialized (spec §4, §9). */
  postReady: 500,
  /** Email, device, OTP, social and social-redirect requests (spec §9). */
  login: 120_000,
  /** Sign-out wait (spec §4, §9). */
  signOut: 3_000,
  /** Safe RPC methods and every other call. */
  default: 10_000,
  /** Unsafe RPC methods: the person decides in the approval; rejected with 'Embedded Wallet Request Timed Out' after this. */
  approval: 300_000,
} as const;

// ---- Social login (spec §1 socials, §2 social popup, §7 CONNECT_SOCIAL and GET_SOCIAL_REDIRECT_URI) ----

/** The social popup (spec §2, §9): its size in CSS px and how often its opener checks that it is still open (ms). */
export const SOCIAL_POPUP = { width: 600, height: 800, closedCheckMs: 1_000 } as const;

/**
 * Height in CSS px of the socials slot for `count` provider buttons: rows of 4 buttons, 44 px
 * each, 8 px apart. The widget frame reserves it before the secure frame answers, so the
 * Connect view does not shift under the visitor's pointer.
 */
export function socialsSlotHeight(count: number): number {
  const rows = Math.max(1, Math.ceil(count / 4));
  return rows * 44 + (rows - 1) * 8;
}

/** Messages of a failed social login (spec §8). */
export const SocialMessage = {
  /** The visitor closed the popup before the provider sent them back. */
  PopupClosed: 'Popup closed',
  /** The login could not start (provider not configured or unreachable, popup blocked). */
  InitiateFailed: 'Failed to initiate social connection',
} as const;

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
    params: z.tuple([z.strictObject({ providers: z.array(SocialProviderSchema).check(z.maxLength(6)) })]),
    paramNames: ['request'],
    result: z.strictObject({ providers: z.array(SocialProviderSchema).check(z.maxLength(6)) }),
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
    summary: 'CONNECT_SOCIAL: waits for the login started in the popup; the user.',
    params: z.tuple([z.strictObject({ provider: SocialProviderSchema })]),
    paramNames: ['request'],
    result: EmbeddedUserSchema,
    errors: { 4001: 'cancelled', [-32603]: 'Popup closed, Failed to initiate social connection, or refused' },
    timeout: '120000',
  },
  abortSocial: {
    summary: 'Cancels the social login (closes the popup).',
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
} satisfies Record<string, MethodSpec>;

// ---- end of social login ----

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

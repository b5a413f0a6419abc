import { z } from 'zod/mini';
import { CaipAddressSchema, CaipNetworkIdSchema, MetadataSchema } from './schemas.ts';
import { AccountTypeSchema } from './connections.ts';
import { ChainNamespaceSchema } from './namespace.ts';

/**
 * The embedded-wallet channel (spec §7 'Embedded frame messages'): the widget
 * frame (origin B) is the parent, the secure frame (origin C, the only origin
 * that ever holds a key) the child. Same style as the host ↔ frame protocol:
 * penpal v7, positional parameters validated with zod on arrival, every method
 * returns the result union (the method tables are in `embeddedMethods.ts`; the
 * schemas they use are here). Spec message names map to methods as follows:
 * CONNECT_EMAIL → connectEmail, CONNECT_DEVICE → connectDevice, CONNECT_OTP →
 * connectOtp, GET_USER → getUser, IS_CONNECTED → isConnected, GET_CHAIN_ID →
 * getChainId, SWITCH_NETWORK → switchNetwork, RPC_REQUEST → rpcRequest,
 * RPC_ABORT → rpcAbort, UPDATE_EMAIL → updateEmail (+ updateEmailPrimaryOtp,
 * updateEmailSecondaryOtp), SIGN_OUT → signOut, SYNC_THEME → syncTheme,
 * SYNC_DAPP_DATA → syncDappData, GET_FARCASTER_URI →
 * getFarcasterUri, CONNECT_FARCASTER → connectFarcaster (+ cancelFarcaster), RELOAD → reload,
 * CONNECT_SOCIAL → connectSocial, GET_SOCIAL_REDIRECT_URI → getSocialRedirectUri, the smart account
 * calls → getSmartAccountEnabledNetworks, initSmartAccount, setPreferredAccountType; READY and
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

// The account type (spec §6) is in connections.ts: the dapp-facing connections use it too, and the
// frame's start imports them without the rest of this file.

/** One account of the embedded user (spec §3 Embedded user `accounts`): CAIP-10 address and type. */
export const EmbeddedAccountSchema = z.strictObject({
  /** CAIP-10 account id, e.g. `eip155:31337:0xAbC…` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQe…`. */
  caipAddress: CaipAddressSchema,
  /** Account type: `smartAccount` for the eip155 account on a network where the visitor's smart account is in force, else `eoa`. */
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
  /** Preferred account type on the active eip155 network (spec §3, §5, §6). */
  preferredAccountType: AccountTypeSchema,
  /** Whether the smart account is deployed on the active eip155 network (spec §3); false for EOAs. */
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
 * approval first. `nativeCurrency` (optional): the symbol and decimals the page's
 * network list gives for the network's coin; the secure frame uses them only when
 * its own deployment has none, and says so on the approval.
 */
export const EmbeddedRpcRequestSchema = z.strictObject({
  id: z.string().check(z.minLength(8)).check(z.maxLength(64)),
  method: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  params: z.optional(z.unknown()),
  chainNamespace: ChainNamespaceSchema,
  caipNetworkId: CaipNetworkIdSchema,
  rpcUrl: z.url().check(z.maxLength(2048)),
  nativeCurrency: z.optional(
    z.strictObject({
      // Letters, digits and a few signs: nothing that could pass for a layout or a different amount.
      symbol: z.string().check(z.regex(/^[\p{L}\p{N}$._-]{1,16}$/u, 'Invalid currency symbol')),
      decimals: z.int().check(z.gte(0)).check(z.lte(36)),
    }),
  ),
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
 * Height in CSS px of the socials slot for `count` provider buttons: one row, 44 px (the first
 * provider with its logo and name, the others as logo tiles 44 px wide, which the six providers
 * fit in at the modal's narrowest width). The widget frame reserves it before the secure frame answers, so the
 * Connect view does not shift under the visitor's pointer.
 */
export function socialsSlotHeight(_count: number): number {
  return 44;
}

/**
 * Height in CSS px the widget frame reserves for the socials slot before the secure frame measured
 * it, and the secure frame's own first guess: the providers' row ({@link socialsSlotHeight}, none
 * without providers) and, with the passkey buttons (`passkeyLogin`), their 36 px row 6 px below it.
 * Reserving the whole of it keeps the wallets below from moving under the visitor's pointer when the
 * secure frame's buttons arrive.
 */
export function socialsSlotEstimate(count: number, passkeyLogin: boolean): number {
  const socials = count ? socialsSlotHeight(count) : 0;
  return passkeyLogin ? socials + (count ? 6 : 0) + 36 : socials;
}

/** Messages of a failed social login (spec §8). */
export const SocialMessage = {
  /** The visitor closed the popup before the provider sent them back. */
  PopupClosed: 'Popup closed',
  /** The login could not start (provider not configured or unreachable, popup blocked). */
  InitiateFailed: 'Failed to initiate social connection',
  /** Redirect mode: the page's `result_uri` is not the wallet API's result URL (a forged or foreign link). */
  InvalidResult: 'This sign-in link is not valid',
  /** Redirect mode: the flow of that `result_uri` was started by another device key (another browser). */
  OtherDevice: 'This sign-in was started by another device',
  /**
   * Redirect mode: this browser keeps the secure frame's storage only in memory here (third-party
   * storage blocked), so the device key would not survive leaving the page.
   */
  NoStorage: 'This browser cannot keep the sign-in while the page goes to the provider',
} as const;

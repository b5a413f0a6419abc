import { z } from 'zod/mini';
import { isCaipAddress, isCaipNetworkId, type CaipAddress, type CaipNetworkId } from './caip.ts';
import { Message } from './codes.ts';
import { ChainNamespaceSchema } from './namespace.ts';
import { SIWX_BOTH_CONFIGS, SiwxOptionsSchema, SiwxSessionSchema } from './siwx.ts';

/** Characters a CSS value in theme variables may use: letters, digits, spaces, `#%.,()_-` (no `;`, braces, quotes or backslashes). */
const CSS_VALUE = /^[A-Za-z0-9 #%.,()_-]*$/;

/** A CAIP-2 network id (`eip155:31337`); message 'Invalid CAIP-2 network id' (spec §5). */
export const CaipNetworkIdSchema = z
  .string()
  .check(z.refine(isCaipNetworkId, { error: Message.InvalidCaipNetworkId }))
  .register(z.globalRegistry, {
    description: 'CAIP-2 network id, e.g. eip155:31337',
  }) as unknown as z.ZodMiniType<CaipNetworkId>;

/** A CAIP-10 account id (`eip155:31337:0x…`); message 'Invalid CAIP-10 address' (spec §5). */
export const CaipAddressSchema = z
  .string()
  .check(z.refine(isCaipAddress, { error: Message.InvalidCaipAddress }))
  .register(z.globalRegistry, {
    description: 'CAIP-10 account id, e.g. eip155:31337:0xf39F…2266',
  }) as unknown as z.ZodMiniType<CaipAddress>;

/** A `0x`-prefixed hex string (quantities, data, chain ids in EIP-1193). */
export const HexSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, { error: 'Expected 0x-prefixed hex' }));

/** An http(s) URL. */
const HttpUrl = z.url({ protocol: /^https?$/ });
/** An https URL of at most 2048 characters (a link the frame shows to the visitor). */
const HttpsUrl = z.url({ protocol: /^https$/, error: 'Expected an https URL' }).check(z.maxLength(2048));

/**
 * A network (spec §3 Network): id, name, chainNamespace, caipNetworkId
 * (namespace:id), nativeCurrency (decimals: integer count of decimal places),
 * rpcUrls (default and chainDefault http lists), blockExplorers, testnet, assets.
 * `caipNetworkId` must equal `${chainNamespace}:${id}`.
 */
export const NetworkSchema = z
  .object({
    id: z.union([z.int().check(z.positive()), z.string().check(z.minLength(1))]),
    name: z.string().check(z.minLength(1)).check(z.maxLength(64)),
    chainNamespace: ChainNamespaceSchema,
    caipNetworkId: CaipNetworkIdSchema,
    nativeCurrency: z.object({
      name: z.string().check(z.minLength(1)),
      symbol: z.string().check(z.minLength(1)).check(z.maxLength(16)),
      decimals: z.int().check(z.gte(0)).check(z.lte(36)),
    }),
    rpcUrls: z.object({
      default: z.object({ http: z.array(HttpUrl).check(z.minLength(1)) }),
      chainDefault: z.optional(z.object({ http: z.array(HttpUrl) })),
    }),
    blockExplorers: z.optional(z.object({ default: z.object({ name: z.string(), url: HttpUrl }) })),
    testnet: z.optional(z.boolean()),
    assets: z.optional(z.object({ imageId: z.optional(z.string()), imageUrl: z.optional(z.string()) })),
  })
  .check(
    z.refine((n) => n.caipNetworkId === `${n.chainNamespace}:${n.id}`, {
      error: 'caipNetworkId must be chainNamespace:id',
      path: ['caipNetworkId'],
    }),
  );

/** A network, spec §3. */
export type Network = z.infer<typeof NetworkSchema>;

/** Dapp metadata (spec §3 'Dapp data'): name, description, url, icons. */
export const MetadataSchema = z.object({
  name: z.string().check(z.maxLength(100)),
  description: z.optional(z.string().check(z.maxLength(500))),
  url: z.optional(z.string().check(z.maxLength(500))),
  icons: z.optional(z.array(z.string().check(z.maxLength(2000))).check(z.maxLength(8))),
});

/** Dapp metadata, spec §3. */
export type Metadata = z.infer<typeof MetadataSchema>;

/** Local feature flags (spec §1; defaults: receive, send, analytics, all-wallets on). */
/** The `onramp` feature's valid values: on/off, or the provider ids shown (spec §5). */
export const OnrampFeatureSchema = z.union([
  z.boolean(),
  z.array(z.string().check(z.minLength(1)).check(z.maxLength(32))).check(z.maxLength(20)),
]);

export const FeaturesSchema = z.partial(
  z.object({
    receive: z.boolean(),
    send: z.boolean(),
    analytics: z.boolean(),
    allWallets: z.boolean(),
    swaps: z.boolean(),
    /**
     * Spec §1 onramp, §5 'Onramp providers must be a string list, otherwise none shown': `true` (every
     * provider the API offers), a list of provider ids (only those), or `false`. Any other answer
     * counts as `false`: no provider is shown.
     */
    onramp: z.catch(OnrampFeatureSchema, false),
    email: z.boolean(),
    socials: z.union([z.literal(false), z.array(z.string())]),
    activity: z.boolean(),
    multiWallet: z.boolean(),
    /**
     * Spec §1 remote feature 'branding': the modal's 'Secured by Airlock' footer; on unless the
     * project's remote configuration says `false`. A dapp's local value is ignored.
     */
    reownBranding: z.boolean(),
  }),
);

/** Local feature flags, spec §1. */
export type Features = z.infer<typeof FeaturesSchema>;

/** True when the onramp feature is on: `true`, or a list naming at least one provider (spec §1, §5). Pure. */
export function onrampOn(features: Features): boolean {
  return features.onramp === true || (Array.isArray(features.onramp) && features.onramp.length > 0);
}

/**
 * Theme variables (spec §3 'Theme sync' `themeVariables`), all optional:
 * - `accent`: the accent colour (buttons, links, focus), any CSS colour, e.g. `#3b5bdb`;
 * - `colorMix` + `colorMixStrength`: a colour mixed into the modal's surfaces, and how much (0–100, percent);
 * - `borderRadius`: the base corner radius in px (0–32), scaled for each element;
 * - `fontFamily`: a CSS font-family list (the frame loads no font files);
 * - `zIndex`: the z-index of the iframe overlay on the dapp page.
 * CSS values are checked against a conservative character set, so a value can never close a
 * declaration or inject another one.
 */
export const ThemeVariablesSchema = z.strictObject(
  z.partial(
    z.object({
      accent: z.string().check(z.maxLength(64)).check(z.regex(CSS_VALUE)),
      colorMix: z.string().check(z.maxLength(64)).check(z.regex(CSS_VALUE)),
      colorMixStrength: z.number().check(z.gte(0)).check(z.lte(100)),
      borderRadius: z.number().check(z.gte(0)).check(z.lte(32)),
      fontFamily: z.string().check(z.maxLength(200)).check(z.regex(CSS_VALUE)),
      zIndex: z.int().check(z.gte(0)).check(z.lte(2147483647)),
    }),
  ).shape,
);

/** Theme variables, see {@link ThemeVariablesSchema}. */
export type ThemeVariables = z.infer<typeof ThemeVariablesSchema>;

/** Light or dark modal (spec §3 'Theme sync' `themeMode`). */
export const ThemeModeSchema = z.enum(['light', 'dark']);

/** `setTheme` argument: either or both of the theme mode and (replacing, not merging) the theme variables. */
export const ThemeSchema = z.strictObject({
  themeMode: z.optional(ThemeModeSchema),
  themeVariables: z.optional(ThemeVariablesSchema),
});

/** The theme the dapp sets at creation or later (see {@link ThemeSchema}). */
export type Theme = z.infer<typeof ThemeSchema>;

/**
 * How the embedded wallet's social login reaches the provider (docs/embedded-wallet.md
 * "Social login, redirect mode"):
 * - `mode: 'popup'` (default): a 600x800 popup (spec §2 social popup);
 * - `mode: 'redirect'`: the whole page goes to the provider and comes back to `returnUrl`
 *   with a `result_uri` query parameter (spec §2 Telegram mini-app return), for WebViews
 *   that cannot open popups. `returnUrl` (http or https, at most 2048 characters) must be
 *   on the page's own origin (the API refuses any other); default: the origin's root `/`.
 */
export const SocialLoginOptionsSchema = z.strictObject({
  mode: z.enum(['popup', 'redirect']),
  returnUrl: z.optional(HttpUrl.check(z.maxLength(2048))),
});

/** Social login options, see {@link SocialLoginOptionsSchema}. */
export type SocialLoginOptions = z.infer<typeof SocialLoginOptionsSchema>;

/**
 * The configuration the host hands the frame in the iframe URL (`?config=` JSON):
 * what the dapp passed to `createWidget`, less `frameUrl`, plus the page origin
 * the host claims (cross-checked by the frame against the browser's evidence).
 * It holds only what a dapp legitimately chooses. Nothing here decides trust: the
 * provider API, the WalletConnect relay and Verify, and the allowed origins come from
 * the frame's own deployment (docs/threat-model.md). Unknown keys, such as an `apiUrl`
 * or `walletConnect.relayUrl` an older or hostile page still passes, are stripped.
 */
export const FrameConfigSchema = z
  .object({
    projectId: z.string().check(z.minLength(1)).check(z.maxLength(128)),
    networks: z.array(NetworkSchema).check(z.minLength(1)).check(z.maxLength(64)),
    parentOrigin: z.string().check(z.minLength(1)),
    metadata: z.optional(MetadataSchema),
    themeMode: z.optional(ThemeModeSchema),
    /** Theme variables (see `ThemeVariablesSchema`); change later with `setTheme`. */
    themeVariables: z.optional(ThemeVariablesSchema),
    /**
     * BCP 47 language tag for the modal's strings and number, currency and date formats, e.g.
     * `'en'`, `'es'`, `'ar'`; default: the browser's language. An unsupported tag falls back to English.
     */
    locale: z.optional(
      z
        .string()
        .check(z.minLength(2))
        .check(z.maxLength(35))
        .check(z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)),
    ),
    features: z.optional(FeaturesSchema),
    sdkVersion: z.optional(z.string().check(z.maxLength(32))),
    /** Basic mode (spec §1): all remote features off (swaps, onramp, email, socials, activity, multi-wallet). */
    basic: z.optional(z.boolean()),
    /**
     * Listing ids of featured wallets (spec §1 connector order 'featured'): shown on
     * Connect after the page's wallets and at the top of AllWallets after the recent ones.
     */
    featuredWalletIds: z.optional(
      z.array(z.string().check(z.minLength(1)).check(z.maxLength(128))).check(z.maxLength(20)),
    ),
    /**
     * The dapp's terms of service (an https URL, at most 2048 characters): linked under the
     * Connect view's wallet list ('By connecting a wallet you agree to the Terms of Service …').
     */
    termsConditionsUrl: z.optional(HttpsUrl),
    /** The dapp's privacy policy (an https URL, at most 2048 characters): linked beside the terms on Connect. */
    privacyPolicyUrl: z.optional(HttpsUrl),
    /** Sign in with a wallet (spec §4 sign-in flow; see `SiwxOptionsSchema`); absent = off. */
    siwx: z.optional(SiwxOptionsSchema),
    /** Only read to refuse it next to `siwx` (spec §5 'Cannot set both `siweConfig` and `siwx` options'). */
    siweConfig: z.optional(z.unknown()),
    /**
     * The Telegram mini-app return address (spec §2 'result_uri'): the `result_uri` query parameter
     * the host took off the page's address at creation. Untrusted input: anyone who links to the
     * page chooses it, so the frame checks it before any use (a return URL the deployment allows)
     * and never follows it blindly. A value that is not a string of 1–4096 characters is dropped
     * (`undefined`), never a reason to refuse the config.
     */
    resultUri: z.catch(z.optional(z.string().check(z.minLength(1)).check(z.maxLength(4096))), undefined),
    /** How the embedded wallet's social login leaves the page (see {@link SocialLoginOptionsSchema}); absent = popup. */
    socialLogin: z.optional(SocialLoginOptionsSchema),
    /**
     * Spec §2 network switching rule 'if the confirmation is not ignored': while no wallet is
     * connected, a network picked in the modal asks the visitor to confirm it (the SwitchNetwork
     * view); `true` switches at once. A connected wallet always asks its own person. Default false.
     */
    ignoreSwitchConfirmation: z.optional(z.boolean()),
    /**
     * Spec §4 'On start: if reconnect is enabled, existing connections are synced; otherwise they are
     * disconnected'. Default true: after a reload the remembered wallet reconnects silently. `false`:
     * nothing reconnects; the remembered connections are ended (a WalletConnect session deleted, the
     * embedded wallet signed out) and the visitor connects again.
     */
    enableReconnect: z.optional(z.boolean()),
    /**
     * Embedded (inline) mode (spec §2 'embedded mode'): the host placed the iframe inside an element
     * of the page (`inline(element)` of `@airlock/host-sdk/inline`) instead of over the viewport. The
     * widget is then always shown, with no backdrop, Account when connected and Connect otherwise;
     * closing resets it to that view; its height goes to the host with `setLayout`; an approval
     * (ApproveTransaction) still shows in the modal overlay. Default false.
     */
    inline: z.optional(z.boolean()),
    /**
     * The manual-control flag (spec §2 opening rules; AppKit's `manualWCControl`): the dapp drives
     * the WalletConnect connection itself, so opening while disconnected makes the same choice as
     * wallet-only basic mode (AllWallets on mobile, ConnectingWalletConnectBasic otherwise) without
     * turning any remote feature off. Default false.
     */
    manualWCControl: z.optional(z.boolean()),
  })
  .check(
    z.refine((c) => c.siwx === undefined || c.siweConfig === undefined, { error: SIWX_BOTH_CONFIGS, path: ['siwx'] }),
  );

/** Frame configuration. */
export type FrameConfig = z.infer<typeof FrameConfigSchema>;

/** Connection status per namespace (spec §4). */
export const ConnectionStatusSchema = z.enum(['disconnected', 'connecting', 'connected']);

/** Connection status, spec §4. */
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

/** Connector types (spec §3 Connector). */
export const ConnectorTypeSchema = z.enum(['AUTH', 'MULTI_CHAIN', 'ANNOUNCED', 'INJECTED', 'WALLET_CONNECT']);

/** The connected wallet as shown to the dapp (spec §3 connectedWalletInfo: name, icon, type). */
export const ConnectedWalletInfoSchema = z.object({
  name: z.string(),
  icon: z.optional(z.string()),
  type: ConnectorTypeSchema,
  rdns: z.optional(z.string()),
  /**
   * The wallet's id in the wallet listing (spec §3 Connector `explorerId`): set when the visitor picked
   * the wallet in the modal's listing (a WalletConnect wallet); absent otherwise.
   */
  explorerId: z.optional(z.string()),
});

/**
 * The widget state the frame publishes to the host (spec §3 account and modal
 * state, §4 status). `balance` is the native balance as a decimal string in
 * whole units (ether, not wei), `null` until read.
 */
export const WidgetStateSchema = z.object({
  open: z.boolean(),
  status: ConnectionStatusSchema,
  chainNamespace: ChainNamespaceSchema,
  caipNetworkId: CaipNetworkIdSchema,
  caipAddress: z.nullable(CaipAddressSchema),
  address: z.nullable(z.string()),
  connectedWalletInfo: z.nullable(ConnectedWalletInfoSchema),
  balance: z.nullable(z.string()),
  balanceSymbol: z.nullable(z.string()),
  /**
   * The sign-in session of the connected account on the active network (spec §3 Session),
   * `null` when there is none; absent when the dapp did not turn SIWX on.
   */
  siwx: z.optional(z.nullable(SiwxSessionSchema)),
  /**
   * The social provider of the connected embedded wallet (spec §3 account state `socialProvider`,
   * one of `SocialProviderSchema` in embedded.ts); absent for any other connection.
   */
  socialProvider: z.optional(z.string().check(z.maxLength(16))),
  /**
   * The connection status per namespace (spec §4 'Connection status per namespace'): `connected` for
   * each namespace with an active connection, and the shown namespace (`chainNamespace`) with its
   * `status` (`connecting` while a connect or a reload's reconnect runs). A namespace that is absent
   * is `disconnected`.
   */
  statusByNamespace: z.optional(z.partialRecord(ChainNamespaceSchema, ConnectionStatusSchema)),
  /**
   * Spec §3 modal state `loading`: true while `open({ namespace })` switches to that namespace's
   * network before the modal shows (the wallet may be asking its person); false otherwise.
   */
  loading: z.optional(z.boolean()),
  /**
   * The connected account's name (spec §3 account state `profileName`: a registered name or the
   * provider API's `GET /v1/identity` name), `null` when it has none or it is not known yet.
   */
  profileName: z.optional(z.nullable(z.string())),
  /**
   * The connected account's profile image URL (spec §3 account state `profileImage`, the identity's
   * avatar: http(s) or a `data:image/` URI), `null` when it has none. Show it only through `<img>`.
   */
  profileImage: z.optional(z.nullable(z.string())),
});

/** The widget state seen by the dapp. */
export type WidgetState = z.infer<typeof WidgetStateSchema>;

/**
 * A wallet announced on the page (EIP-6963 `EIP6963ProviderInfo`): uuid (v4),
 * name, icon (a `data:image/…` URI, rendered only through `<img>`), rdns.
 */
export const WalletAnnouncementSchema = z.object({
  uuid: z.uuid(),
  name: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  icon: z
    .string()
    .check(z.maxLength(100_000))
    .check(z.regex(/^data:image\//, { error: 'icon must be a data:image URI' })),
  rdns: z.string().check(z.minLength(1)).check(z.maxLength(128)),
});

/** An announced page wallet, EIP-6963. */
export type WalletAnnouncement = z.infer<typeof WalletAnnouncementSchema>;

/** An EIP-1193 request: method and optional params (array or object). */
export const RpcRequestSchema = z.object({
  method: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
});

/** An EIP-1193 request. */
export type RpcRequest = z.infer<typeof RpcRequestSchema>;

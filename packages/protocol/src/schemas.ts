import { z } from 'zod';
import { isCaipAddress, isCaipNetworkId, type CaipAddress, type CaipNetworkId } from './caip.ts';
import { Message } from './codes.ts';
import { ChainNamespaceSchema } from './namespace.ts';
import { SIWX_BOTH_CONFIGS, SiwxOptionsSchema, SiwxSessionSchema } from './siwx.ts';

/** Characters a CSS value in theme variables may use: letters, digits, spaces, `#%.,()_-` (no `;`, braces, quotes or backslashes). */
const CSS_VALUE = /^[A-Za-z0-9 #%.,()_-]*$/;

/** A CAIP-2 network id (`eip155:31337`); message 'Invalid CAIP-2 network id' (spec §5). */
export const CaipNetworkIdSchema = z
  .string()
  .refine(isCaipNetworkId, { error: Message.InvalidCaipNetworkId })
  .describe('CAIP-2 network id, e.g. eip155:31337') as unknown as z.ZodType<CaipNetworkId>;

/** A CAIP-10 account id (`eip155:31337:0x…`); message 'Invalid CAIP-10 address' (spec §5). */
export const CaipAddressSchema = z
  .string()
  .refine(isCaipAddress, { error: Message.InvalidCaipAddress })
  .describe('CAIP-10 account id, e.g. eip155:31337:0xf39F…2266') as unknown as z.ZodType<CaipAddress>;

/** A `0x`-prefixed hex string (quantities, data, chain ids in EIP-1193). */
export const HexSchema = z.string().regex(/^0x[0-9a-fA-F]*$/, { error: 'Expected 0x-prefixed hex' });

/** An http(s) URL. */
const HttpUrl = z.url({ protocol: /^https?$/ });

/**
 * A network (spec §3 Network): id, name, chainNamespace, caipNetworkId
 * (namespace:id), nativeCurrency (decimals: integer count of decimal places),
 * rpcUrls (default and chainDefault http lists), blockExplorers, testnet, assets.
 * `caipNetworkId` must equal `${chainNamespace}:${id}`.
 */
export const NetworkSchema = z
  .object({
    id: z.union([z.number().int().positive(), z.string().min(1)]),
    name: z.string().min(1).max(64),
    chainNamespace: ChainNamespaceSchema,
    caipNetworkId: CaipNetworkIdSchema,
    nativeCurrency: z.object({
      name: z.string().min(1),
      symbol: z.string().min(1).max(16),
      decimals: z.number().int().min(0).max(36),
    }),
    rpcUrls: z.object({
      default: z.object({ http: z.array(HttpUrl).min(1) }),
      chainDefault: z.object({ http: z.array(HttpUrl) }).optional(),
    }),
    blockExplorers: z.object({ default: z.object({ name: z.string(), url: HttpUrl }) }).optional(),
    testnet: z.boolean().optional(),
    assets: z.object({ imageId: z.string().optional(), imageUrl: z.string().optional() }).optional(),
  })
  .refine((n) => n.caipNetworkId === `${n.chainNamespace}:${n.id}`, {
    error: 'caipNetworkId must be chainNamespace:id',
    path: ['caipNetworkId'],
  });

/** A network, spec §3. */
export type Network = z.infer<typeof NetworkSchema>;

/** Dapp metadata (spec §3 'Dapp data'): name, description, url, icons. */
export const MetadataSchema = z.object({
  name: z.string().max(100),
  description: z.string().max(500).optional(),
  url: z.string().max(500).optional(),
  icons: z.array(z.string().max(2000)).max(8).optional(),
});

/** Dapp metadata, spec §3. */
export type Metadata = z.infer<typeof MetadataSchema>;

/** Local feature flags (spec §1; defaults: receive, send, analytics, all-wallets on). */
export const FeaturesSchema = z
  .object({
    receive: z.boolean(),
    send: z.boolean(),
    analytics: z.boolean(),
    allWallets: z.boolean(),
    swaps: z.boolean(),
    onramp: z.boolean(),
    email: z.boolean(),
    socials: z.union([z.literal(false), z.array(z.string())]),
    activity: z.boolean(),
    multiWallet: z.boolean(),
  })
  .partial();

/** Local feature flags, spec §1. */
export type Features = z.infer<typeof FeaturesSchema>;

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
export const ThemeVariablesSchema = z
  .object({
    accent: z.string().max(64).regex(CSS_VALUE),
    colorMix: z.string().max(64).regex(CSS_VALUE),
    colorMixStrength: z.number().min(0).max(100),
    borderRadius: z.number().min(0).max(32),
    fontFamily: z.string().max(200).regex(CSS_VALUE),
    zIndex: z.number().int().min(0).max(2147483647),
  })
  .partial()
  .strict();

/** Theme variables, see {@link ThemeVariablesSchema}. */
export type ThemeVariables = z.infer<typeof ThemeVariablesSchema>;

/** Light or dark modal (spec §3 'Theme sync' `themeMode`). */
export const ThemeModeSchema = z.enum(['light', 'dark']);

/** `setTheme` argument: either or both of the theme mode and (replacing, not merging) the theme variables. */
export const ThemeSchema = z
  .object({ themeMode: ThemeModeSchema.optional(), themeVariables: ThemeVariablesSchema.optional() })
  .strict();

/** The theme the dapp sets at creation or later (see {@link ThemeSchema}). */
export type Theme = z.infer<typeof ThemeSchema>;

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
    projectId: z.string().min(1).max(128),
    networks: z.array(NetworkSchema).min(1).max(64),
    parentOrigin: z.string().min(1),
    metadata: MetadataSchema.optional(),
    themeMode: ThemeModeSchema.optional(),
    /** Theme variables (see `ThemeVariablesSchema`); change later with `setTheme`. */
    themeVariables: ThemeVariablesSchema.optional(),
    /**
     * BCP 47 language tag for the modal's strings and number, currency and date formats, e.g.
     * `'en'`, `'es'`, `'ar'`; default: the browser's language. An unsupported tag falls back to English.
     */
    locale: z
      .string()
      .min(2)
      .max(35)
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
      .optional(),
    features: FeaturesSchema.optional(),
    sdkVersion: z.string().max(32).optional(),
    /** Basic mode (spec §1): all remote features off (swaps, onramp, email, socials, activity, multi-wallet). */
    basic: z.boolean().optional(),
    /**
     * Listing ids of featured wallets (spec §1 connector order 'featured'): shown on
     * Connect after the page's wallets and at the top of AllWallets after the recent ones.
     */
    featuredWalletIds: z.array(z.string().min(1).max(128)).max(20).optional(),
    /** Sign in with a wallet (spec §4 sign-in flow; see `SiwxOptionsSchema`); absent = off. */
    siwx: SiwxOptionsSchema.optional(),
    /** Only read to refuse it next to `siwx` (spec §5 'Cannot set both `siweConfig` and `siwx` options'). */
    siweConfig: z.unknown().optional(),
  })
  .refine((c) => c.siwx === undefined || c.siweConfig === undefined, { error: SIWX_BOTH_CONFIGS, path: ['siwx'] });

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
  icon: z.string().optional(),
  type: ConnectorTypeSchema,
  rdns: z.string().optional(),
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
  caipAddress: CaipAddressSchema.nullable(),
  address: z.string().nullable(),
  connectedWalletInfo: ConnectedWalletInfoSchema.nullable(),
  balance: z.string().nullable(),
  balanceSymbol: z.string().nullable(),
  /**
   * The sign-in session of the connected account on the active network (spec §3 Session),
   * `null` when there is none; absent when the dapp did not turn SIWX on.
   */
  siwx: SiwxSessionSchema.nullable().optional(),
  /**
   * The social provider of the connected embedded wallet (spec §3 account state `socialProvider`,
   * one of `SocialProviderSchema` in embedded.ts); absent for any other connection.
   */
  socialProvider: z.string().max(16).optional(),
});

/** The widget state seen by the dapp. */
export type WidgetState = z.infer<typeof WidgetStateSchema>;

/**
 * A wallet announced on the page (EIP-6963 `EIP6963ProviderInfo`): uuid (v4),
 * name, icon (a `data:image/…` URI, rendered only through `<img>`), rdns.
 */
export const WalletAnnouncementSchema = z.object({
  uuid: z.string().uuid(),
  name: z.string().min(1).max(64),
  icon: z
    .string()
    .max(100_000)
    .regex(/^data:image\//, { error: 'icon must be a data:image URI' }),
  rdns: z.string().min(1).max(128),
});

/** An announced page wallet, EIP-6963. */
export type WalletAnnouncement = z.infer<typeof WalletAnnouncementSchema>;

/** An EIP-1193 request: method and optional params (array or object). */
export const RpcRequestSchema = z.object({
  method: z.string().min(1).max(128),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
});

/** An EIP-1193 request. */
export type RpcRequest = z.infer<typeof RpcRequestSchema>;

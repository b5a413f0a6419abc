/*
 * The public types of the host SDK: the options of `createWidget`, its extensions and the widget
 * handle it returns (types only: nothing here reaches the host script).
 */
import type {
  CaipAddress,
  CaipNetworkId,
  ChainNamespace,
  Connection,
  ConnectionsEvent,
  DeleteConnectionArgs,
  Features,
  FrameConfig,
  FrameMethods,
  Metadata,
  Network,
  SiwxOptions,
  SwitchConnectionArgs,
  ThemeVariables,
  WalletEvent,
  WidgetState,
} from '@airlock/protocol';
import type { AnnounceOptions } from './announce.ts';
import type { EIP1193Provider, RequestArguments } from './provider.ts';
import type { Emitter } from './emitter.ts';

/**
 * Options of {@link createWidget}. Everything but `frameUrl`, `extensions` and `announce` goes
 * to the frame as the `FrameConfig` of `@airlock/protocol` (plus `parentOrigin: location.origin`,
 * `sdkVersion` and the page's `result_uri`, see {@link createWidget}); the frame validates it and
 * shows a spec §8 alert when it is wrong.
 */
export type WidgetOptions = {
  /** Project id (spec §1, 1–128 characters); missing → 'Project ID Not Configured' alert in the frame. */
  projectId: string;
  /** Networks the dapp supports (spec §3 Network, 1–64); the first is the default. */
  networks: Network[];
  /**
   * Absolute URL of the widget frame (its origin is the widget origin, e.g.
   * `http://127.0.0.1:5174/`). The host talks only to this exact origin (penpal `allowedOrigins`).
   */
  frameUrl: string;
  /** Dapp metadata shown in the modal and to wallets (spec §3 'Dapp data'). */
  metadata?: Metadata;
  /** Light or dark modal (spec §3 'Theme sync'); default follows the frame. Change it later with `setThemeMode`. */
  themeMode?: 'light' | 'dark';
  /**
   * Theme variables (spec §3 'Theme sync'): `accent`, `colorMix`, `colorMixStrength` (0–100),
   * `borderRadius` (px, 0–32), `fontFamily`, `zIndex` (the iframe overlay's z-index on this page,
   * default 2147483647). Change them later with `setThemeVariables`.
   */
  themeVariables?: ThemeVariables;
  /**
   * The modal's language, a BCP 47 tag (`'en'`, `'es'`, `'ar'`; `'es-MX'` → Spanish); default the
   * browser's language; an unshipped one falls back to English (docs/sdk.md 'Languages').
   */
  locale?: FrameConfig['locale'];
  /** Basic mode (spec §1): every remote feature off (swaps, onramp, email, socials, activity, multi-wallet). */
  basic?: FrameConfig['basic'];
  /**
   * The manual-control flag (spec §2; AppKit's `manualWCControl`): opening while disconnected goes to
   * AllWallets on mobile and the WalletConnect QR view otherwise, as basic mode does, with every
   * feature kept. Default false.
   */
  manualWCControl?: FrameConfig['manualWCControl'];
  /** Listing ids of featured wallets (spec §1 connector order 'featured'), at most 20. */
  featuredWalletIds?: FrameConfig['featuredWalletIds'];
  /** Local feature flags (spec §1; defaults: receive, send, analytics, all-wallets on). */
  features?: Features;
  /**
   * Sign in with a wallet (SIWX, docs/siwx.md): after connecting, the visitor signs an EIP-4361 /
   * CAIP-122 message naming this page's origin; the session is in `getState().siwx` and the
   * provider's `siwx` event. `{ required?, statement?, expiresInSeconds?, custom?: { nonceUrl, verifyUrl } }`.
   */
  siwx?: SiwxOptions;
  /**
   * Opt-in extensions, e.g. `solana()` from `@airlock/host-sdk/solana` (or `Airlock.solana()` of the
   * classic `airlock-solana.js`). Each runs once, at creation; none is sent to the frame.
   */
  extensions?: WidgetExtension[];
  /**
   * How the embedded wallet's social login reaches the provider (docs/embedded-wallet.md "Social
   * login, redirect mode"): `{ mode: 'popup' }` (default, a 600x800 popup) or
   * `{ mode: 'redirect', returnUrl? }`: the whole page goes to the provider and comes back to
   * `returnUrl` (this page's origin only; default its root `/`) with `result_uri`, for WebViews
   * without popups (a Telegram mini-app). Passed to the frame unchanged.
   */
  socialLogin?: FrameConfig['socialLogin'];
  /**
   * Spec §2: while no wallet is connected, a network the visitor picks in the modal is confirmed
   * on a SwitchNetwork view first; `true` switches at once. Default false.
   */
  ignoreSwitchConfirmation?: FrameConfig['ignoreSwitchConfirmation'];
  /**
   * Spec §4: after a reload the remembered wallet reconnects silently (default true). `false`: nothing
   * reconnects; the remembered connections are ended and the visitor connects again.
   */
  enableReconnect?: FrameConfig['enableReconnect'];
  /**
   * EIP-6963 self-announcement: the widget announces its eip155 provider on the page, so
   * wagmi's `injected()`, mipd and any EIP-6963 dapp list it. Default
   * `{ rdns: 'xyz.airlock', name: 'Airlock', icon: <a small SVG data URI> }`; each field may be
   * replaced (`icon` must be a `data:image/…` URI, RFC 2397); `false` turns it off.
   */
  announce?: AnnounceOptions | false;
};

/**
 * What an extension gets from {@link createWidget}: it may add host methods for the frame
 * (`methods`, before the handshake), put the provider of its namespace in `providers`, send
 * wallet events to the frame (`send`, dropped until the frame is connected), send requests
 * (`request(chainNamespace)`, with the core's timeouts), listen to the frame's provider events
 * of a namespace (`emitter(chainNamespace)`), and, before the iframe is mounted, add to the frame's
 * config (`config`) or choose where the iframe goes (`parent`). All extensions share one context.
 */
export type ExtensionContext = {
  /** The host methods the frame may call (penpal; see PROTOCOL.md); add a namespace of your own. */
  methods: Record<string, unknown>;
  /** `getProvider(ns)` answers what is stored here first. */
  providers: Map<string, unknown>;
  /** Sends a wallet event to the frame's `walletEvent` once connected; before that it is dropped. */
  send: (event: WalletEvent) => void;
  /** The frame's `request` for a namespace: `{ method, params }` → result; rejects with a ProviderRpcError. */
  request: (chainNamespace: ChainNamespace) => (args: RequestArguments) => Promise<unknown>;
  /** The event emitter of a namespace: the frame's provider events (`connect`, `accountsChanged`, …) arrive here. */
  emitter: (chainNamespace: ChainNamespace) => Emitter;
  /**
   * The frame's config (FrameConfig of @airlock/protocol) before the iframe is mounted: a field an
   * extension sets here (e.g. `inline: true`) reaches the frame, which validates it like the rest.
   */
  config: FrameConfig;
  /**
   * Where the iframe goes when it is mounted, styled and hidden (`append(iframe)` is called once);
   * absent: `document.body`. The embedded mode's extension (`@airlock/host-sdk/inline`) sets it.
   */
  parent?: Pick<ParentNode, 'append'>;
};

/** An extension: runs once with the {@link ExtensionContext}; may return a function `destroy()` calls. */
export type WidgetExtension = (context: ExtensionContext) => (() => void) | void;

/** Options of {@link Widget.open}: an explicit view (spec §2) and/or chain namespace. */
export type OpenOptions = NonNullable<Parameters<FrameMethods['open']>[0]>;

/** The widget handle {@link createWidget} returns. */
export type Widget = {
  /**
   * Shows the modal (spec §2 opening rules). Resolves when the visitor closes it, with
   * `{ caipAddress }` (CAIP-10, `null` when not connected), so a dapp can `await widget.open()`.
   * Rejects with a {@link ProviderRpcError} (-32602 malformed options, 4900 no frame or page refused).
   */
  open(options?: OpenOptions): Promise<{ caipAddress: CaipAddress | null }>;
  /** Closes the modal (spec §2). Resolves with `null`; rejects with a ProviderRpcError. */
  close(): Promise<null>;
  /**
   * The EIP-1193 provider of a chain namespace (`'eip155'` …), one per namespace.
   * `eth_requestAccounts` while disconnected opens the modal and resolves when the visitor connects.
   */
  getProvider(chainNamespace: ChainNamespace): EIP1193Provider;
  /** The last state the frame emitted (spec §3, §4), or `undefined` before the first one. Synchronous. */
  getState(): WidgetState | undefined;
  /** Calls `listener` with every new widget state; returns the unsubscribe function. */
  subscribe(listener: (state: WidgetState) => void): () => void;
  /**
   * Switches the active network (spec §4) to a CAIP-2 id such as `eip155:31338`.
   * Rejects with a ProviderRpcError: 4001 wallet rejected, 4901 not configured, -32602 malformed.
   */
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<null>;
  /** Disconnects the wallet (spec §4). Resolves with `null`; rejects with a ProviderRpcError. */
  disconnect(): Promise<null>;
  /**
   * The wallet connections of a chain namespace (spec §1, §6 multi-wallet; `Connection` in
   * PROTOCOL.md: `connectorId`, `name`, `icon`, `chainNamespace`, `caipNetworkId`, `accounts`
   * `[{ caipAddress, address, type: 'eoa' | 'smartAccount' }]`, `active`). With the project's
   * `multiWallet` feature off: `[]`, and the modal shows the info alert 'Multi-Wallet Not Enabled'.
   * Rejects with a ProviderRpcError (-32602 not a namespace, 4900 no frame).
   */
  getConnections(chainNamespace: ChainNamespace): Promise<Connection[]>;
  /**
   * Makes a connection, with one of its accounts (`address`: the address or its CAIP-10 id), the
   * active one of its namespace; the dapp's provider of that namespace then emits
   * `accountsChanged` / `chainChanged`. Resolves with `null` (also when it already was active,
   * and, with `multiWallet` off, after showing the alert). Rejects with a ProviderRpcError: 4100
   * 'No connector found for connection: {id}' or no such account, -32602 malformed.
   */
  switchConnection(connection: SwitchConnectionArgs): Promise<null>;
  /**
   * Disconnects one connection (spec §4; the others stay). Resolves with `null` (with
   * `multiWallet` off: nothing done, the alert shown). Rejects with a ProviderRpcError: 4100
   * 'No connector found for connection: {id}', -32602 malformed.
   */
  deleteConnection(connection: DeleteConnectionArgs): Promise<null>;
  /**
   * Calls `listener` with `{ type: 'connections', chainNamespace, connections }` each time the
   * connections of a namespace change (a wallet connected, disconnected, switched), as
   * `getConnections` would answer them; never while the `multiWallet` feature is off. Returns the
   * unsubscribe function.
   */
  subscribeConnections(listener: (event: ConnectionsEvent) => void): () => void;
  /**
   * Switches the modal to light or dark (spec §3 'Theme sync', the frame's `setTheme`).
   * Resolves with `null`; rejects with a ProviderRpcError (-32602 malformed mode, 4900 no frame).
   */
  setThemeMode(themeMode: 'light' | 'dark'): Promise<null>;
  /**
   * Replaces the theme variables (see {@link WidgetOptions.themeVariables}; not merged with the
   * earlier ones). Once the frame accepts them, `zIndex` (or the default 2147483647 when absent)
   * is applied to the iframe overlay. Resolves with `null`; rejects with a ProviderRpcError
   * (-32602 malformed variables, nothing changed; 4900 no frame).
   */
  setThemeVariables(themeVariables: ThemeVariables): Promise<null>;
  /**
   * Removes the iframe, the listeners the widget added to the page (EIP-6963) and to page
   * wallets, and destroys the penpal connection; no event reaches the dapp's listeners
   * afterwards and later calls reject with a ProviderRpcError (4900). Idempotent.
   */
  destroy(): void;
};

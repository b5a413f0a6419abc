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
  HostMethods,
  Metadata,
  Network,
  SiwxOptions,
  SwitchConnectionArgs,
  ThemeVariables,
  WalletEvent,
  WidgetState,
} from '@airlock/protocol';
import { HANDSHAKE_TIMEOUT_MS, READ_TIMEOUT_MS } from '@airlock/protocol/codes';
import { isRefusedMessage, NOTICE_CLOSED_TYPE, REFUSAL_REASON_MAX } from '@airlock/protocol/refusal';
import { ok, type Result } from '@airlock/protocol/result';
import { CallOptions, connect, WindowMessenger, type Connection as Channel, type RemoteProxy } from 'penpal';
import { announceWidget, type AnnounceOptions } from './announce.ts';
import { discoverWallets } from './discovery.ts';
import { createEmitter, memo, type Emitter } from './emitter.ts';
import { frameLayout, mountFrame, setZIndex } from './frameElement.ts';
import { waitsForPerson } from './methodPolicy.ts';
import { createProvider, type EIP1193Provider, type RequestArguments } from './provider.ts';
import { ProviderRpcError, toProviderRpcError, unwrap } from './ProviderRpcError.ts';
import { takeResultUri } from './resultUri.ts';
import { SDK_VERSION } from './version.ts';
import { createWalletBridge } from './walletBridge.ts';

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
 * (`request(chainNamespace)`, with the core's timeouts) and listen to the frame's provider events
 * of a namespace (`emitter(chainNamespace)`).
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

type Remote = RemoteProxy<FrameMethods>;

/**
 * Creates the widget: announces its eip155 provider (EIP-6963, see {@link WidgetOptions.announce}),
 * takes a `result_uri` query parameter off the page's address (Telegram mini-app return,
 * spec §2: `history.replaceState`, no reload) and hands it to the frame as
 * `FrameConfig.resultUri`, mounts ONE hidden iframe on `document.body` (preloaded and kept
 * rendered while transparent and inert, so `open()` only reveals it) in a task after the
 * page's `load` event, or at once on the first call (`open()`, a provider method …),
 * connects to it with penpal (handshake timeout
 * `Timeout.handshake` = 20 000 ms, spec §9), and starts EIP-6963 discovery of the page's
 * wallets, whose allow-listed methods it forwards when the frame asks.
 *
 * The call itself only checks `frameUrl` and takes `result_uri`: the rest (announcement,
 * discovery, providers, `extensions`, listeners) is set up in a task after the page's `load`
 * event (in the next task if it has fired), or earlier at the first read of any member of the
 * returned handle, so neither the page's load nor the dapp's task waits for that work. The
 * handle is a `Proxy` that forwards each member read to the widget set up then (`Object.keys` on
 * it lists nothing).
 *
 * Calls made before the handshake completes wait for it. If the frame refuses this page
 * (it posts `{ type: 'airlock:refused', reason }`, see `@airlock/protocol/refusal`; accepted
 * only from the iframe's window at the frame's origin), every pending and later call,
 * `open()` included, rejects at once with a {@link ProviderRpcError} 4900
 * "Airlock: origin not allowed (<reason>)". If the handshake fails otherwise (the frame
 * never loaded), every call rejects with 4900 "Airlock: frame not connected. Is <origin>
 * an allowed origin?". Either way `console.error` says it once. After a refusal `open()` also
 * reveals the iframe, where the frame shows the visitor a short notice with a Close button; the
 * frame's `airlock:notice-closed` message (same sender checks) hides it again.
 *
 * Reads (`eth_chainId`, `eth_accounts`, …), `close`, `disconnect`, `getConnections` and
 * `deleteConnection` time out after `Timeout.read` = 10 000 ms; calls that wait for a person
 * (`eth_requestAccounts`, signing, `eth_sendTransaction`, `wallet_*`), `open`, `switchNetwork`
 * and `switchConnection` have no host timeout.
 * A channel failure (timeout, destroyed connection) rejects with code 4900.
 *
 * @throws TypeError when `frameUrl` is not a valid URL.
 */
export const createWidget = (options: WidgetOptions): Widget => {
  const frameOrigin = new URL(options.frameUrl).origin; // throws before anything is set up
  const resultUri = takeResultUri();
  // Everything else is set up in a task after the page's `load` event (the next task on a loaded
  // page), or at once when the dapp uses the widget earlier: neither the page's load nor the
  // dapp's task waits for it (nor for compiling it).
  let widget: Widget | undefined;
  const w = () => (widget ??= setUp(options, frameOrigin, resultUri));
  afterLoad(w);
  // A read of any of the handle's members sets the widget up first.
  return new Proxy({} as Widget, { get: (_, key) => w()[key as keyof Widget] });
};

/** Runs `f` in a task of its own after the page's `load` event (the next task if it has fired). */
const afterLoad = (f: () => unknown) =>
  document.readyState == 'complete' ? setTimeout(f) : addEventListener('load', () => setTimeout(f));

/** The widget itself, as {@link createWidget} describes it, given the frame's origin and the page's `result_uri` taken at creation. */
const setUp = (options: WidgetOptions, frameOrigin: string, resultUri: string | undefined): Widget => {
  const { frameUrl, extensions, announce, ...rest } = options;
  const origin = location.origin;
  const read = new CallOptions({ timeout: READ_TIMEOUT_MS });
  const none = new CallOptions();
  const state = createEmitter();
  const emitters = new Map<string, Emitter>();
  const emitter = (ns: string) => memo(emitters, ns, createEmitter);
  const providers = new Map<string, any>();
  let frame: HTMLIFrameElement | undefined;
  let win: Window | undefined;
  let layout: (open: boolean) => void;
  let connection: Channel<FrameMethods> | undefined;
  let last: WidgetState | undefined;
  let connected = false;
  let dead = false;
  let refused = false;
  // The frame has drawn its (closed) modal: it said so with its first setLayout.
  let ready = false;
  let fail!: (message: string) => void;
  let mounted!: (w: Window) => void;
  const config = { ...rest, parentOrigin: origin, sdkVersion: SDK_VERSION, resultUri };

  // The iframe is created in a task of its own after the page's `load` event, so the frame's
  // process start and load neither delay the page's `load` nor run inside the dapp's task;
  // a call before that (open, a provider method …) mounts it at once.
  const mount = () => {
    if (frame || dead) return;
    frame = mountFrame(frameUrl, config);
    layout = frameLayout(frame);
    layout(false); // transparent and inert until the frame asks to show the modal
    mounted((win = frame.contentWindow!));
  };
  afterLoad(mount); // mount is idempotent

  const go = <T>(f: (r: Remote) => Promise<Result<T>>): Promise<T> => (
    mount(),
    // A failed channel (no handshake, call timeout, destroyed) becomes 4900 with penpal's message.
    remote.then(f).then(unwrap, (e) => {
      throw new ProviderRpcError(4900, e.message);
    })
  );
  const send = (ev: WalletEvent) => void go((r) => r.walletEvent(ev, read)).catch(() => {});

  // The widget's own announcement (its eip155 provider) is never listed among the page's wallets.
  const discovery = discoverWallets(
    () => connected && send({ type: 'announced' }),
    (p) => p === providers.get('eip155'),
  );
  const { stop: unsubscribeWallets, ...wallets } = createWalletBridge(discovery.wallets, send);
  const done = async () => ok(null);
  const methods: HostMethods = {
    setLayout: ({ open }) => ((ready = true), layout(open), done()),
    // `state` and `connections` go to the widget's own listeners (by type), provider events to the namespace's provider.
    emit: (ev) => (
      ev.type == 'provider'
        ? emitter(ev.chainNamespace).emit(ev.event, ev.event == 'disconnect' ? toProviderRpcError(ev.data) : ev.data)
        : state.emit(ev.type, ev.type == 'state' ? (last = ev.state) : ev),
      done()
    ),
    wallets,
    // The frame's persisted blob on the dapp origin, for browsers that deny a third-party
    // iframe its own localStorage (protocol `storage.get` / `storage.set`).
    storage: {
      get: async () => ok(localStorage.airlock ?? null),
      set: (v) => ((localStorage.airlock = v), done()),
    },
  };
  // The fast refusal and the refused frame's notice closing: only the iframe's own window, at
  // the frame's origin, can send them.
  const onMessage = ({ data, origin: o, source }: MessageEvent) =>
    source === win &&
    o === frameOrigin &&
    (isRefusedMessage(data)
      ? ((refused = true), fail(`Airlock: origin not allowed (${data.reason.slice(0, REFUSAL_REASON_MAX)})`))
      : refused && data?.type === NOTICE_CLOSED_TYPE && layout(false));
  addEventListener('message', onMessage);
  const remote = Promise.race([
    new Promise<Window>((resolve) => (mounted = resolve)).then(
      (w) =>
        (connection = connect<FrameMethods>({
          messenger: new WindowMessenger({ remoteWindow: w, allowedOrigins: [frameOrigin] }),
          methods,
          timeout: HANDSHAKE_TIMEOUT_MS,
        })).promise,
    ),
    new Promise<never>((_, reject) => (fail = reject)),
  ]).then(
    (r) => ((connected = true), r as Remote),
    (e) => {
      const message = typeof e === 'string' ? e : `Airlock: frame not connected. Is ${origin} an allowed origin?`;
      if (!dead) console.error(message);
      connection?.destroy();
      throw new ProviderRpcError(4900, message);
    },
  );
  const off = () => removeEventListener('message', onMessage);
  remote.then(off, () => refused || off()); // a refused frame's notice may still close

  const request = (chainNamespace: ChainNamespace) => (a: RequestArguments) =>
    go((r) =>
      r.request(
        { chainNamespace, method: a.method, params: a.params as unknown[] | undefined },
        waitsForPerson(a.method) ? none : read,
      ),
    );
  const stops = extensions?.map((x) =>
    x({ methods: methods as never, providers, send: (e) => connected && send(e), request, emitter }),
  );
  // The widget's own listeners of an event type (`state`, `connections`): adds one, returns its remover.
  const listen =
    (type: string) =>
    (l: (d: never) => void): (() => void) => (
      state.on(type, l as (d: unknown) => void), () => state.removeListener(type, l as (d: unknown) => void)
    );
  const getProvider = (ns: ChainNamespace) => memo(providers, ns, () => createProvider(request(ns), emitter(ns)));
  const stopAnnouncing = announce === false ? undefined : announceWidget(getProvider('eip155'), announce);

  return {
    // A plain open() reveals the frame at once when it has drawn its closed modal (it shows the
    // view open() shows); with options, the frame shows it when ready. After a refusal, open()
    // shows the frame's notice (and still rejects with 4900).
    open: (o) => ((refused || (ready && !o)) && layout(true), go((r) => r.open(o))),
    close: () => go((r) => r.close(read)),
    getProvider,
    getState: () => last,
    subscribe: listen('state'),
    subscribeConnections: listen('connections'),
    switchNetwork: (id) => go((r) => r.switchNetwork(id)),
    disconnect: () => go((r) => r.disconnect(read)),
    getConnections: (ns) => go((r) => r.getConnections(ns, read)),
    switchConnection: (c) => go((r) => r.switchConnection(c)),
    deleteConnection: (c) => go((r) => r.deleteConnection(c, read)),
    setThemeMode: (themeMode) => go((r) => r.setTheme({ themeMode }, read)),
    setThemeVariables: (v) => go((r) => r.setTheme({ themeVariables: v }, read)).then((n) => (setZIndex(frame!, v), n)),
    destroy: () => {
      dead = true;
      fail('Airlock: widget destroyed'); // calls still waiting for the handshake reject (4900)
      off();
      connection?.destroy();
      frame?.remove();
      discovery.stop();
      unsubscribeWallets();
      stopAnnouncing?.();
      stops?.map((f) => f?.());
    },
  };
};

import type { ChainNamespace, FrameMethods, HostMethods, WalletEvent, WidgetState } from '@airlock/protocol';
import { HANDSHAKE_TIMEOUT_MS, READ_TIMEOUT_MS } from '@airlock/protocol/codes';
import { isRefusedMessage, NOTICE_CLOSED_TYPE, REFUSAL_REASON_MAX } from '@airlock/protocol/refusal';
import { ok, type Result } from '@airlock/protocol/result';
import { CallOptions, connect, WindowMessenger, type Connection as Channel, type RemoteProxy } from 'penpal';
import { announceWidget } from './announce.ts';
import { discoverWallets } from './discovery.ts';
import { createEmitter, memo, type Emitter } from './emitter.ts';
import { frameLayout, mountFrame, setZIndex } from './frameElement.ts';
import { waitsForPerson } from './methodPolicy.ts';
import { createProvider, type RequestArguments } from './provider.ts';
import { ProviderRpcError, toProviderRpcError, unwrap } from './ProviderRpcError.ts';
import { takeResultUri } from './resultUri.ts';
import { SDK_VERSION } from './version.ts';
import { createWalletBridge } from './walletBridge.ts';

import type { ExtensionContext, Widget, WidgetOptions } from './widgetTypes.ts';

export type { ExtensionContext, OpenOptions, Widget, WidgetExtension, WidgetOptions } from './widgetTypes.ts';

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
 * never loaded), every call rejects with 4900 "Airlock: frame not connected (is <origin>
 * allowed?)". Either way `console.error` says it once. After a refusal `open()` also
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
    frame = mountFrame(frameUrl, config, context.parent);
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
      const message = typeof e === 'string' ? e : `Airlock: frame not connected (is ${origin} allowed?)`;
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
  // One context for every extension: what one sets in `config` or `parent` holds at mount.
  const context: ExtensionContext = {
    methods: methods as never,
    providers,
    send: (e) => connected && send(e),
    request,
    emitter,
    config,
  };
  const stops = extensions?.map((x) => x(context));
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

import {
  ProviderRpcError,
  type Connection,
  type DeleteConnectionArgs,
  type EIP1193Provider,
  type OpenOptions,
  type SwitchConnectionArgs,
  type Widget,
} from '@airlock/host-sdk';
import { caipChainId } from '@airlock/protocol/chainId';
import {
  computed,
  inject,
  shallowRef,
  toValue,
  watchEffect,
  type ComputedRef,
  type MaybeRefOrGetter,
  type Ref,
  type ShallowRef,
} from 'vue';
import { AirlockKey } from './plugin.ts';
import type { WidgetState, WidgetStore } from './store.ts';

/** The app's store. @throws Error when the app did not `app.use(createAirlock(...))`, or outside `setup()`. */
const useStore = (): WidgetStore => {
  const store = inject(AirlockKey, null);
  if (!store) throw new Error('Airlock: install the plugin first: app.use(createAirlock({ options }))');
  return store;
};

/**
 * The widget's state (spec §3, §4): `open`, `status`, `chainNamespace`, `caipNetworkId`,
 * `caipAddress`, `address`, `connectedWalletInfo`, `balance`, `balanceSymbol`; `undefined` on the
 * server, before the app is mounted and until the frame's first state. A new object on every state.
 */
export const useWidgetState = (): Readonly<ShallowRef<WidgetState | undefined>> => useStore().state;

/** What {@link useAccount} returns: one computed ref per field. */
export type AccountState = {
  /** Connected address (checksummed for eip155), or `undefined`. */
  address: ComputedRef<string | undefined>;
  /** CAIP-10 account id (`eip155:31337:0x…`), or `undefined`. */
  caipAddress: ComputedRef<WidgetState['caipAddress'] | undefined>;
  /** Connection status (spec §4); `'disconnected'` before the first state. */
  status: ComputedRef<WidgetState['status']>;
  /** `status === 'connected'`. */
  isConnected: ComputedRef<boolean>;
  /** The connected wallet (name, icon, connector type, rdns), or `undefined`. */
  connectedWalletInfo: ComputedRef<WidgetState['connectedWalletInfo'] | undefined>;
  /** Native balance in whole units (ether, not wei) as a decimal string, or `undefined` until read. */
  balance: ComputedRef<string | undefined>;
  /** Symbol of `balance`, e.g. `ETH`. */
  balanceSymbol: ComputedRef<string | undefined>;
};

/** The connected account, from the widget state (destructure it: `const { address, isConnected } = useAccount()`). */
export const useAccount = (): AccountState => {
  const s = useWidgetState();
  return {
    address: computed(() => s.value?.address ?? undefined),
    caipAddress: computed(() => s.value?.caipAddress ?? undefined),
    status: computed(() => s.value?.status ?? 'disconnected'),
    isConnected: computed(() => s.value?.status === 'connected'),
    connectedWalletInfo: computed(() => s.value?.connectedWalletInfo ?? undefined),
    balance: computed(() => s.value?.balance ?? undefined),
    balanceSymbol: computed(() => s.value?.balanceSymbol ?? undefined),
  };
};

/** What {@link useNetwork} returns. */
export type NetworkState = {
  /** Active network, CAIP-2 (`eip155:31337`), or `undefined` before the first state. */
  caipNetworkId: ComputedRef<WidgetState['caipNetworkId'] | undefined>;
  /** Its chain namespace (`eip155`, `solana` …), read from the CAIP-2 id; `undefined` before the first state. */
  chainNamespace: ComputedRef<WidgetState['chainNamespace'] | undefined>;
  /** The CAIP-2 reference: for eip155 the decimal chain id as a number (`31337`), else the string; `undefined` before the first state. */
  chainId: ComputedRef<number | string | undefined>;
  /** `widget.switchNetwork`: rejects with a ProviderRpcError (4001, 4901, -32602; 4900 without a widget). */
  switchNetwork(caipNetworkId: WidgetState['caipNetworkId']): Promise<null>;
};

/** The active network, from the widget state, and `switchNetwork`. */
export const useNetwork = (): NetworkState => {
  const s = useWidgetState();
  const { switchNetwork } = useWidget();
  return {
    caipNetworkId: computed(() => s.value?.caipNetworkId),
    chainNamespace: computed(() => s.value?.chainNamespace),
    chainId: computed(() => (s.value ? caipChainId(s.value.caipNetworkId) : undefined)),
    switchNetwork,
  };
};

/** What {@link useWidget} returns: the widget and its actions. */
export type WidgetActions = {
  /** The widget, or `null` on the server and before the app is mounted. */
  widget: Readonly<Ref<Widget | null>>;
  /** `widget.open(options)`: resolves `{ caipAddress }` when the modal closes. */
  open(options?: OpenOptions): Promise<{ caipAddress: WidgetState['caipAddress'] }>;
  /** `widget.close()`. */
  close(): Promise<null>;
  /** `widget.switchNetwork(caipNetworkId)`. */
  switchNetwork(caipNetworkId: WidgetState['caipNetworkId']): Promise<null>;
  /** `widget.disconnect()`. */
  disconnect(): Promise<null>;
  /** `widget.switchConnection({ connectorId, address })` (multi-wallet): makes that connection the active one of its namespace. */
  switchConnection(connection: SwitchConnectionArgs): Promise<null>;
  /** `widget.deleteConnection({ connectorId })` (multi-wallet): disconnects that connection. */
  deleteConnection(connection: DeleteConnectionArgs): Promise<null>;
};

/**
 * The widget's actions. Each rejects with the widget's ProviderRpcError, or, called before the
 * widget exists (server, before mount), with ProviderRpcError 4900 "Airlock: widget not created yet".
 */
export const useWidget = (): WidgetActions => {
  const { widget } = useStore();
  const call = <T>(f: (w: Widget) => Promise<T>) => {
    const w = widget.value;
    return w ? f(w) : Promise.reject(new ProviderRpcError(4900, 'Airlock: widget not created yet'));
  };
  return {
    widget,
    open: (o) => call((w) => w.open(o)),
    close: () => call((w) => w.close()),
    switchNetwork: (id) => call((w) => w.switchNetwork(id)),
    disconnect: () => call((w) => w.disconnect()),
    switchConnection: (c) => call((w) => w.switchConnection(c)),
    deleteConnection: (c) => call((w) => w.deleteConnection(c)),
  };
};

/**
 * The wallet connections of a chain namespace (default `eip155`; a ref or getter follows changes;
 * spec §1, §6 multi-wallet), the active one marked `active`: the widget's `getConnections` once the
 * widget exists, then every `connections` event of that namespace (`subscribeConnections`). `[]` on
 * the server, until the first answer, after a failed call, and while the project's `multiWallet`
 * feature is off (the modal then shows the info alert 'Multi-Wallet Not Enabled'). Stops following
 * when the calling component's scope ends.
 */
export const useConnections = (
  chainNamespace: MaybeRefOrGetter<WidgetState['chainNamespace']> = 'eip155',
): Readonly<ShallowRef<Connection[]>> => {
  const { widget } = useStore();
  const connections = shallowRef<Connection[]>([]);
  // Re-runs when the widget or the namespace changes; the cleanup stops the previous subscription.
  watchEffect((onCleanup) => {
    const w = widget.value;
    const ns = toValue(chainNamespace);
    connections.value = [];
    if (!w) return;
    // An event is newer than the answer of a call made before it: once one arrived, the answer is dropped.
    let heard = false;
    let live = true;
    const off = w.subscribeConnections((event) => {
      if (event.chainNamespace !== ns) return;
      heard = true;
      connections.value = event.connections;
    });
    w.getConnections(ns).then(
      (list) => {
        if (live && !heard) connections.value = list;
      },
      () => undefined,
    );
    onCleanup(() => {
      live = false;
      off();
    });
  });
  return connections;
};

/**
 * The EIP-1193 provider of a chain namespace (default `eip155`; a ref or getter follows changes),
 * for viem, ethers or wagmi; `undefined` on the server and until the widget exists.
 */
export const useProvider = (
  chainNamespace: MaybeRefOrGetter<WidgetState['chainNamespace']> = 'eip155',
): ComputedRef<EIP1193Provider | undefined> => {
  const { widget } = useStore();
  return computed(() => widget.value?.getProvider(toValue(chainNamespace)));
};

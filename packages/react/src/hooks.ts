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
import { useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { AirlockContext } from './provider.tsx';
import type { WidgetState, WidgetStore } from './store.ts';

const noState = () => undefined;

/** The provider's store. @throws Error when called outside `<AirlockProvider>`. */
const useStore = (): WidgetStore => {
  const store = useContext(AirlockContext);
  if (!store) throw new Error('Airlock: this hook must be used inside <AirlockProvider>');
  return store;
};

/**
 * The widget's state (spec §3, §4): `open`, `status`, `chainNamespace`, `caipNetworkId`,
 * `caipAddress`, `address`, `connectedWalletInfo`, `balance`, `balanceSymbol`; `undefined` on the
 * server, during hydration and until the frame's first state. Re-renders on every new state.
 */
export const useWidgetState = (): WidgetState | undefined => {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, store.getState, noState);
};

/** What {@link useAccount} returns. */
export type AccountState = {
  /** Connected address (checksummed for eip155), or `undefined`. */
  address: string | undefined;
  /** CAIP-10 account id (`eip155:31337:0x…`), or `undefined`. */
  caipAddress: WidgetState['caipAddress'] | undefined;
  /** Connection status (spec §4); `'disconnected'` before the first state. */
  status: WidgetState['status'];
  /** `status === 'connected'`. */
  isConnected: boolean;
  /** The connected wallet (name, icon, connector type, rdns), or `undefined`. */
  connectedWalletInfo: WidgetState['connectedWalletInfo'] | undefined;
  /** Native balance in whole units (ether, not wei) as a decimal string, or `undefined` until read. */
  balance: string | undefined;
  /** Symbol of `balance`, e.g. `ETH`. */
  balanceSymbol: string | undefined;
};

/** The connected account, from the widget state. Disconnected values on the server. */
export const useAccount = (): AccountState => {
  const s = useWidgetState();
  return useMemo(
    () => ({
      address: s?.address ?? undefined,
      caipAddress: s?.caipAddress ?? undefined,
      status: s?.status ?? 'disconnected',
      isConnected: s?.status === 'connected',
      connectedWalletInfo: s?.connectedWalletInfo ?? undefined,
      balance: s?.balance ?? undefined,
      balanceSymbol: s?.balanceSymbol ?? undefined,
    }),
    [s],
  );
};

/** What {@link useNetwork} returns. */
export type NetworkState = {
  /** Active network, CAIP-2 (`eip155:31337`), or `undefined` before the first state. */
  caipNetworkId: WidgetState['caipNetworkId'] | undefined;
  /** Its chain namespace (`eip155` …), or `undefined`. */
  chainNamespace: WidgetState['chainNamespace'] | undefined;
  /** The CAIP-2 reference: for eip155 the decimal chain id as a number (`31337`), else the string; `undefined` before the first state. */
  chainId: number | string | undefined;
  /** `widget.switchNetwork`: rejects with a ProviderRpcError (4001, 4901, -32602; 4900 without a widget). */
  switchNetwork(caipNetworkId: WidgetState['caipNetworkId']): Promise<null>;
};

/** The active network, from the widget state, and `switchNetwork`. */
export const useNetwork = (): NetworkState => {
  const s = useWidgetState();
  const { switchNetwork } = useWidget();
  return useMemo(
    () => ({
      caipNetworkId: s?.caipNetworkId,
      chainNamespace: s?.chainNamespace,
      chainId: s ? caipChainId(s.caipNetworkId) : undefined,
      switchNetwork,
    }),
    [s, switchNetwork],
  );
};

/** What {@link useWidget} returns: the widget and its actions, stable across renders. */
export type WidgetActions = {
  /** The widget, or `null` on the server and before the provider's effect created it. */
  widget: Widget | null;
  /** `widget.open(options)`: resolves `{ caipAddress }` when the modal closes. */
  open(options?: OpenOptions): Promise<{ caipAddress: WidgetState['caipAddress'] }>;
  /** `widget.close()`. */
  close(): Promise<null>;
  /** `widget.switchNetwork(caipNetworkId)`. */
  switchNetwork(caipNetworkId: WidgetState['caipNetworkId']): Promise<null>;
  /** `widget.disconnect()`. */
  disconnect(): Promise<null>;
  /** `widget.getConnections(chainNamespace)` (multi-wallet; `[]` and an alert in the modal while the feature is off). */
  getConnections(chainNamespace: WidgetState['chainNamespace']): Promise<Connection[]>;
  /** `widget.switchConnection({ connectorId, address })`: makes that connection the active one of its namespace. */
  switchConnection(connection: SwitchConnectionArgs): Promise<null>;
  /** `widget.deleteConnection({ connectorId })`: disconnects that connection. */
  deleteConnection(connection: DeleteConnectionArgs): Promise<null>;
};

/**
 * The widget's actions. Each rejects with the widget's ProviderRpcError, or, called before the
 * widget exists (server, first client render), with ProviderRpcError 4900 "Airlock: widget not created yet".
 */
export const useWidget = (): WidgetActions => {
  const store = useStore();
  const widget = useSyncExternalStore(store.subscribe, store.getWidget, () => null);
  return useMemo(() => {
    const call = <T>(f: (w: Widget) => Promise<T>) => {
      const w = store.getWidget();
      return w ? f(w) : Promise.reject(new ProviderRpcError(4900, 'Airlock: widget not created yet'));
    };
    return {
      widget,
      open: (o) => call((w) => w.open(o)),
      close: () => call((w) => w.close()),
      switchNetwork: (id) => call((w) => w.switchNetwork(id)),
      disconnect: () => call((w) => w.disconnect()),
      getConnections: (ns) => call((w) => w.getConnections(ns)),
      switchConnection: (c) => call((w) => w.switchConnection(c)),
      deleteConnection: (c) => call((w) => w.deleteConnection(c)),
    };
  }, [store, widget]);
};

/** The same empty list on every render while nothing is known. */
const NO_CONNECTIONS: Connection[] = [];

/**
 * The wallet connections of a chain namespace (default `eip155`; spec §1, §6 multi-wallet), the
 * active one marked `active`: the widget's `getConnections` once the widget exists, then every
 * `connections` event of that namespace (`subscribeConnections`). `[]` on the server, until the
 * first answer, after a failed call, and while the project's `multiWallet` feature is off (the
 * modal then shows the info alert 'Multi-Wallet Not Enabled').
 */
export const useConnections = (chainNamespace: WidgetState['chainNamespace'] = 'eip155'): Connection[] => {
  const { widget } = useWidget();
  const [connections, setConnections] = useState<Connection[]>(NO_CONNECTIONS);
  useEffect(() => {
    setConnections(NO_CONNECTIONS);
    if (!widget) return undefined;
    // An event is newer than the answer of a call made before it: once one arrived, the answer is dropped.
    let heard = false;
    let live = true;
    const off = widget.subscribeConnections((event) => {
      if (event.chainNamespace !== chainNamespace) return;
      heard = true;
      setConnections(event.connections);
    });
    widget.getConnections(chainNamespace).then(
      (list) => live && !heard && setConnections(list),
      () => undefined,
    );
    return () => {
      live = false;
      off();
    };
  }, [widget, chainNamespace]);
  return connections;
};

/** What {@link useSwitchConnection} returns: two stable functions. */
export type SwitchConnectionActions = {
  /**
   * Makes the connection of `connectorId`, with its account `address` (address or CAIP-10 id), the
   * active one of its namespace. Rejects with a ProviderRpcError (4100 no such connection or account;
   * 4900 without a widget).
   */
  switchConnection(connection: SwitchConnectionArgs): Promise<null>;
  /** Disconnects the connection of `connectorId`; the others stay. Rejects with a ProviderRpcError (4100, 4900). */
  deleteConnection(connection: DeleteConnectionArgs): Promise<null>;
};

/** The multi-wallet actions (`widget.switchConnection`, `widget.deleteConnection`), for a list from {@link useConnections}. */
export const useSwitchConnection = (): SwitchConnectionActions => {
  const { switchConnection, deleteConnection } = useWidget();
  return useMemo(() => ({ switchConnection, deleteConnection }), [switchConnection, deleteConnection]);
};

/**
 * The EIP-1193 provider of a chain namespace (default `eip155`), for viem, ethers or wagmi;
 * `undefined` on the server and until the widget exists. The same object on every render.
 */
export const useProvider = (chainNamespace: WidgetState['chainNamespace'] = 'eip155'): EIP1193Provider | undefined => {
  const { widget } = useWidget();
  return useMemo(() => widget?.getProvider(chainNamespace), [widget, chainNamespace]);
};

import type { EIP1193Provider, Widget } from '@airlock/host-sdk';
/** The widget state as the dapp sees it (spec §3, §4). */
type WidgetState = NonNullable<ReturnType<Widget['getState']>>;
/** The `connections` event (multi-wallet). */
type ConnectionsEvent = Parameters<Parameters<Widget['subscribeConnections']>[0]>[0];
/** One wallet connection (multi-wallet). */
type Connection = ConnectionsEvent['connections'][number];

/** A widget in memory for the React and Vue binding tests: records calls, emits the states a test gives it. */
export type TestWidget = Widget & {
  /** Publishes a state to subscribers, as the frame would. */
  emit(state: WidgetState): void;
  /** Sets the connections `getConnections` answers and publishes them to `subscribeConnections` listeners, as the frame would. */
  emitConnections(event: ConnectionsEvent): void;
  /** Method names called, in order. */
  calls: string[];
  /** Whether `destroy()` was called. */
  destroyed: boolean;
};

/** A connected state on anvil chain A (account 0). */
export const connected: WidgetState = {
  open: false,
  status: 'connected',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  caipAddress: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  connectedWalletInfo: { name: 'Dev Wallet', type: 'ANNOUNCED', rdns: 'dev.airlock.wallet' },
  balance: '10000',
  balanceSymbol: 'ETH',
};

/** The connected state's wallet as its one multi-wallet connection. */
export const connection: Connection = {
  connectorId: 'walletConnect',
  name: 'Dev Wallet',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  accounts: [{ caipAddress: connected.caipAddress!, address: connected.address!, type: 'eoa' }],
  active: true,
};

/** Creates a {@link TestWidget} with no state yet. */
export const createTestWidget = (): TestWidget => {
  let state: WidgetState | undefined;
  const listeners = new Set<(s: WidgetState) => void>();
  const connectionListeners = new Set<(e: ConnectionsEvent) => void>();
  const connections = new Map<string, Connection[]>();
  const providers = new Map<string, EIP1193Provider>();
  const record = (call: string) => {
    w.calls.push(call);
    return null;
  };
  const w: TestWidget = {
    calls: [],
    destroyed: false,
    emit: (s) => {
      state = s;
      for (const l of listeners) l(s);
    },
    emitConnections: (e) => {
      connections.set(e.chainNamespace, e.connections);
      for (const l of connectionListeners) l(e);
    },
    open: async () => {
      w.calls.push('open');
      return { caipAddress: state?.caipAddress ?? null };
    },
    close: async () => record('close'),
    switchNetwork: async (id) => record(`switchNetwork ${id}`),
    disconnect: async () => record('disconnect'),
    getConnections: async (ns) => {
      w.calls.push(`getConnections ${ns}`);
      return connections.get(ns) ?? [];
    },
    switchConnection: async ({ connectorId, address }) => record(`switchConnection ${connectorId} ${address}`),
    deleteConnection: async ({ connectorId }) => record(`deleteConnection ${connectorId}`),
    subscribeConnections: (l) => {
      connectionListeners.add(l);
      return () => void connectionListeners.delete(l);
    },
    setThemeMode: async (mode) => record(`setThemeMode ${mode}`),
    setThemeVariables: async () => record('setThemeVariables'),
    getState: () => state,
    subscribe: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    getProvider: (ns) => {
      const p: EIP1193Provider = providers.get(ns) ?? {
        request: async () => null,
        on: () => p,
        removeListener: () => p,
      };
      providers.set(ns, p);
      return p;
    },
    destroy: () => {
      w.destroyed = true;
    },
  };
  return w;
};

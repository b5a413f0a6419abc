import type { EIP1193Provider, Widget } from '@airlock/host-sdk';
/** The widget state as the dapp sees it (spec §3, §4). */
type WidgetState = NonNullable<ReturnType<Widget['getState']>>;

/** A widget in memory for the React and Vue binding tests: records calls, emits the states a test gives it. */
export type TestWidget = Widget & {
  /** Publishes a state to subscribers, as the frame would. */
  emit(state: WidgetState): void;
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

/** Creates a {@link TestWidget} with no state yet. */
export const createTestWidget = (): TestWidget => {
  let state: WidgetState | undefined;
  const listeners = new Set<(s: WidgetState) => void>();
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
    open: async () => {
      w.calls.push('open');
      return { caipAddress: state?.caipAddress ?? null };
    },
    close: async () => record('close'),
    switchNetwork: async (id) => record(`switchNetwork ${id}`),
    disconnect: async () => record('disconnect'),
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

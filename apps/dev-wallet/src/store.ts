import { createStore, type StoreApi } from 'zustand/vanilla';
import { readBalances } from './balances.ts';
import type { PendingAuthentication } from './authenticate.ts';
import { findNetwork, type DevWalletConfig } from './config.ts';
import {
  createDevWallet,
  type DevWallet,
  type PendingProposal,
  type PendingRequest,
  type SessionSummary,
} from './wallet.ts';

/**
 * UI state of the Dev Wallet page and the actions its buttons call. All WalletConnect logic is in
 * `wallet.ts`; this module only keeps what the page shows.
 */

/** What the page shows. */
export type WalletState = {
  /** `starting` until walletkit is connected to the relay, `failed` when that threw. */
  phase: 'starting' | 'ready' | 'failed';
  /** Short status for `data-testid="wallet-status"`: `Paired`, `Session approved`, `Request approved`, … */
  status: string;
  /** Proposals waiting for the user, oldest first; the first is shown in the `Session proposal` dialog. */
  proposals: PendingProposal[];
  /** Requests waiting for the user, oldest first; the first is shown in the `Request` dialog. */
  requests: PendingRequest[];
  /** One-click sign-in requests waiting for the user, oldest first; the first is shown in the `Sign-in request` dialog. */
  authentications: PendingAuthentication[];
  /** Active sessions. */
  sessions: SessionSummary[];
  /** Network whose balances are shown (CAIP-2): the newest session's at start, then the picker and approved chain switches. */
  activeCaipNetworkId: string;
  /** Checksummed addresses of the accounts, account 0 first. */
  addresses: string[];
  /** Balance in wei per address on the active network; `undefined` while unknown or unreadable. */
  balances: Record<string, bigint | undefined>;
  /** True while an action (pair, approve, reject, disconnect) is running; buttons are disabled. */
  busy: boolean;
};

/** Actions of the page. None throws: failures end in `status`. */
export type WalletActions = {
  /** Pairs with a `wc:` URI. Status `Pairing…`, then `Paired` or `Pairing failed: <reason>`. */
  pair: (uri: string) => Promise<void>;
  /** Approves the first pending proposal. Status `Session approved` or `Approval failed: <reason>`. */
  approveProposal: () => Promise<void>;
  /** Rejects the first pending proposal. Status `Session rejected`. */
  rejectProposal: () => Promise<void>;
  /** Approves the first pending request. Status `Request approved` or `Request failed: <code> <message>`. */
  approveRequest: () => Promise<void>;
  /** Rejects the first pending request (4001). Status `Request rejected`. */
  rejectRequest: () => Promise<void>;
  /** Signs and approves the first sign-in request. Status `Signed in` or `Sign-in failed: <reason>`. */
  approveAuthentication: () => Promise<void>;
  /** Rejects the first sign-in request. Status `Sign-in rejected`. */
  rejectAuthentication: () => Promise<void>;
  /** Disconnects a session. Status `Disconnected`. */
  disconnect: (topic: string) => Promise<void>;
  /** Shows balances on another configured network. */
  setActiveNetwork: (caipNetworkId: string) => void;
  /** Re-reads the balances of the active network. */
  refreshBalances: () => Promise<void>;
};

/** The page's store and actions, see {@link createWalletApp}. */
export type WalletApp = { store: StoreApi<WalletState>; actions: WalletActions; config: DevWalletConfig };

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Creates the store, starts the wallet (`createDevWallet` with the browser's default storage) and
 * returns at once; `phase` turns `ready` or `failed`.
 * @param start the wallet factory; tests can inject one.
 * @param oneClick answer one-click sign-in (`?auth=0` on the page turns it off, see main.tsx).
 */
export function createWalletApp(
  config: DevWalletConfig,
  start: typeof createDevWallet = createDevWallet,
  oneClick = true,
): WalletApp {
  const store = createStore<WalletState>(() => ({
    phase: 'starting',
    status: 'Connecting to the relay…',
    proposals: [],
    requests: [],
    authentications: [],
    sessions: [],
    activeCaipNetworkId: config.networks[0]!.caipNetworkId,
    addresses: [],
    balances: {},
    busy: false,
  }));
  const set = store.setState;
  let wallet: DevWallet | undefined;

  const refreshBalances = async () => {
    const { activeCaipNetworkId, addresses } = store.getState();
    const network = findNetwork(config, activeCaipNetworkId);
    if (!network || addresses.length === 0) return;
    const balances = await readBalances(network, addresses);
    if (store.getState().activeCaipNetworkId === activeCaipNetworkId) set({ balances });
  };

  /** Runs an action with `busy` set; the action returns the status to show. */
  const run = async (action: (w: DevWallet) => Promise<string>) => {
    if (!wallet || store.getState().busy) return;
    set({ busy: true });
    try {
      set({ status: await action(wallet) });
    } catch (error) {
      set({ status: reason(error) });
    } finally {
      set({ busy: false });
      void refreshBalances();
    }
  };

  start({
    config,
    oneClick,
    onAuthenticate: (pending) =>
      set((s) => ({ authentications: [...s.authentications, pending], status: 'Sign-in request received' })),
    onProposal: (proposal) =>
      set((s) => ({ proposals: [...s.proposals, proposal], status: 'Session proposal received' })),
    onRequest: (request) => set((s) => ({ requests: [...s.requests, request], status: 'Request received' })),
    onRefusedRequest: (request, error) =>
      set({ status: `Request refused: ${error.code} ${request.method} is not supported` }),
    onExpired: (id) =>
      set((s) => ({
        proposals: s.proposals.filter((p) => p.id !== id),
        requests: s.requests.filter((r) => r.id !== id),
        authentications: s.authentications.filter((a) => a.id !== id),
        status: 'Expired',
      })),
    onSessionsChange: (sessions) => set({ sessions }),
  }).then(
    (started) => {
      wallet = started;
      const sessions = started.getSessions();
      set((s) => ({
        phase: 'ready',
        status: s.status === 'Connecting to the relay…' ? 'Ready' : s.status,
        sessions,
        addresses: started.accounts.map((a) => a.address),
        // After a reload, show balances where the newest session is.
        activeCaipNetworkId:
          findNetwork(config, sessions[0]?.caipNetworkId ?? '')?.caipNetworkId ?? s.activeCaipNetworkId,
      }));
      void refreshBalances();
    },
    (error: unknown) => set({ phase: 'failed', status: `Could not start: ${reason(error)}` }),
  );

  const actions: WalletActions = {
    pair: (uri) =>
      run(async (w) => {
        set({ status: 'Pairing…' });
        try {
          await w.pair(uri);
        } catch (error) {
          return `Pairing failed: ${reason(error)}`;
        }
        return 'Paired';
      }),
    approveProposal: () =>
      run(async (w) => {
        const proposal = store.getState().proposals[0];
        if (!proposal) return store.getState().status;
        set((s) => ({ proposals: s.proposals.slice(1) }));
        try {
          await w.approveProposal(proposal);
        } catch (error) {
          return `Approval failed: ${reason(error)}`;
        }
        return 'Session approved';
      }),
    rejectProposal: () =>
      run(async (w) => {
        const proposal = store.getState().proposals[0];
        if (!proposal) return store.getState().status;
        set((s) => ({ proposals: s.proposals.slice(1) }));
        await w.rejectProposal(proposal);
        return 'Session rejected';
      }),
    approveRequest: () =>
      run(async (w) => {
        const request = store.getState().requests[0];
        if (!request) return store.getState().status;
        set((s) => ({ requests: s.requests.slice(1) }));
        const outcome = await w.approveRequest(request);
        if (!outcome.ok) return `Request failed: ${outcome.error.code} ${outcome.error.message}`;
        if (request.method === 'wallet_switchEthereumChain') {
          const session = store.getState().sessions.find((s) => s.topic === request.topic);
          if (session) set({ activeCaipNetworkId: session.caipNetworkId, balances: {} });
        }
        return 'Request approved';
      }),
    rejectRequest: () =>
      run(async (w) => {
        const request = store.getState().requests[0];
        if (!request) return store.getState().status;
        set((s) => ({ requests: s.requests.slice(1) }));
        await w.rejectRequest(request);
        return 'Request rejected';
      }),
    approveAuthentication: () =>
      run(async (w) => {
        const pending = store.getState().authentications[0];
        if (!pending) return store.getState().status;
        set((s) => ({ authentications: s.authentications.slice(1) }));
        try {
          await w.approveAuthentication(pending);
        } catch (error) {
          return `Sign-in failed: ${reason(error)}`;
        }
        return 'Signed in';
      }),
    rejectAuthentication: () =>
      run(async (w) => {
        const pending = store.getState().authentications[0];
        if (!pending) return store.getState().status;
        set((s) => ({ authentications: s.authentications.slice(1) }));
        await w.rejectAuthentication(pending);
        return 'Sign-in rejected';
      }),
    disconnect: (topic) =>
      run(async (w) => {
        await w.disconnect(topic);
        return 'Disconnected';
      }),
    setActiveNetwork: (caipNetworkId) => {
      if (!findNetwork(config, caipNetworkId)) return;
      set({ activeCaipNetworkId: caipNetworkId, balances: {} });
      void refreshBalances();
    },
    refreshBalances,
  };
  return { store, actions, config };
}

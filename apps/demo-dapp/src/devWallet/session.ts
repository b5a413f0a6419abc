import type { Approver } from './approval.ts';

/** Where a dev page wallet remembers its approval (localStorage, or a stand-in in tests). */
export type ApprovalStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** An {@link ApprovalStorage} in memory (tests, or a page without localStorage). */
export const memoryApprovalStorage = (): ApprovalStorage => {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
};

/** Options of {@link createDevWalletSession}. */
export type DevWalletSessionOptions<A> = {
  /** Where the approval is remembered across reloads, like an extension remembers a trusted site. */
  storage: ApprovalStorage;
  /** The storage key, e.g. `devSolanaWallet:authorised`. */
  key: string;
  /** The value stored while approved (the wallet's first address): another value counts as not approved. */
  value: string;
  /** Asks the person (panel, or auto-approve). */
  approve: Approver;
  /** The wallet's error (EIP-1193 style `code`): 4001 rejected. */
  fail: (code: number, message: string) => Error;
  /** The accounts the wallet shows once approved. */
  accounts: () => readonly A[];
};

/**
 * What every dev page wallet (Solana, Bitcoin, Keplr-shaped, polkadot-js-shaped) shares: the
 * remembered approval, the account-change listeners, and the prompt.
 * - `authorised` / `authorise(value)`: the approval (stored under `key`); a change tells the listeners;
 * - `current()`: the accounts while approved, else `[]`;
 * - `on(listener)` → unsubscribe: `listener({ accounts })` after each approval change;
 * - `ask(method, summary)`: resolves when the person approves, else throws `fail(4001, …)`;
 * - `standard`: the Wallet Standard `standard:disconnect` and `standard:events` features on it.
 */
export function createDevWalletSession<A>(options: DevWalletSessionOptions<A>) {
  const { storage, key, value, approve, fail } = options;
  let authorised = storage.getItem(key) === value;
  const listeners = new Set<(properties: { accounts?: readonly A[] }) => void>();
  const current = (): readonly A[] => (authorised ? options.accounts() : []);
  const on = (listener: (properties: { accounts?: readonly A[] }) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const authorise = (next: boolean) => {
    authorised = next;
    if (next) storage.setItem(key, value);
    else storage.removeItem(key);
    listeners.forEach((l) => l({ accounts: current() }));
  };
  return {
    get authorised() {
      return authorised;
    },
    authorise,
    current,
    on,
    ask: async (method: string, summary: string[]) => {
      if (!(await approve({ method, summary }))) throw fail(4001, 'User rejected the request.');
    },
    standard: {
      'standard:disconnect': { version: '1.0.0', disconnect: async () => authorise(false) },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: Parameters<typeof on>[0]) => on(listener),
      },
    },
  };
}

/**
 * Registers a Wallet Standard wallet on the page the way an extension does: dispatches
 * `wallet-standard:register-wallet` and answers every later `wallet-standard:app-ready`.
 */
export function registerWalletStandard<W>(wallet: W): void {
  const register = (api: { register(...wallets: W[]): unknown }) => void api.register(wallet);
  addEventListener('wallet-standard:app-ready', (event) => register((event as CustomEvent).detail));
  dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
}

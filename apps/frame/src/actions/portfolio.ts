import { ApiError } from '../api/client.ts';
import { caches, fetchHistory, fetchTokenBalances } from '../api/blockchain.ts';
import { getApiClient } from '../api/instance.ts';
import { useAccountStore } from '../stores/account.ts';
import { useNetworkStore } from '../stores/network.ts';
import { initialPortfolio, usePortfolioStore } from '../stores/portfolio.ts';
import { showToast } from '../stores/toast.ts';

/** Spec §8 toast when the token balances cannot be read. */
export const TOKEN_BALANCE_UNAVAILABLE = 'Token Balance Unavailable';
/** Spec §8 message when the history cannot be read (the list is then empty). */
export const FAILED_TO_FETCH_TRANSACTIONS = 'Failed to fetch transactions';

function owner(): { key: string; address: `0x${string}`; caipNetworkId: string } | null {
  const address = useAccountStore.getState().address;
  const caipNetworkId = useNetworkStore.getState().caipNetworkId;
  if (!address) return null;
  return { key: `${caipNetworkId}:${address}`, address, caipNetworkId };
}

/** Starts over when the account or network changed since the last load. */
function claim(key: string): void {
  if (usePortfolioStore.getState().owner !== key) usePortfolioStore.setState({ ...initialPortfolio, tab: usePortfolioStore.getState().tab, owner: key });
}

const current = (key: string) => usePortfolioStore.getState().owner === key;

/**
 * Loads the token balances of the connected address on the active network
 * (spec §7 balance call, §9 cache 30 s unless `force`). Without an API
 * (no `apiUrl`) the list is empty (status `error`, no toast); on an
 * unsupported (non-eip155) network or on failure the list is empty and the
 * spec §8 'Token Balance Unavailable' error toast shows; after a failure no new
 * request goes out for 30 s (spec §9 balance retry guard). Never throws.
 */
export async function loadTokens(options: { force?: boolean } = {}): Promise<void> {
  const who = owner();
  if (!who) return;
  claim(who.key);
  const client = getApiClient();
  if (!client) {
    // No provider API configured (FrameConfig.apiUrl): nothing failed, there is just no token list.
    usePortfolioStore.setState({ tokens: [], tokensStatus: 'error' });
    return;
  }
  if (!who.caipNetworkId.startsWith('eip155:')) {
    usePortfolioStore.setState({ tokens: [], tokensStatus: 'error' });
    showToast(TOKEN_BALANCE_UNAVAILABLE, 'error');
    return;
  }
  usePortfolioStore.setState({ tokensStatus: 'loading' });
  try {
    const tokens = await fetchTokenBalances(client, who.caipNetworkId, who.address, options);
    if (current(who.key)) usePortfolioStore.setState({ tokens, tokensStatus: 'ready' });
  } catch {
    if (!current(who.key)) return;
    usePortfolioStore.setState({ tokens: [], tokensStatus: 'error' });
    showToast(TOKEN_BALANCE_UNAVAILABLE, 'error');
  }
}

/**
 * Loads the first history page (or, with `more`, the next one by the stored
 * cursor) of the connected address on the active network (spec §7 history
 * call). A failure empties the list and clears the cursor (spec §4), status
 * `error` ('Failed to fetch transactions'). Never throws.
 */
export async function loadHistory(options: { more?: boolean } = {}): Promise<void> {
  const who = owner();
  if (!who) return;
  claim(who.key);
  const client = getApiClient();
  const state = usePortfolioStore.getState();
  if (options.more && (!state.next || state.loadingMore)) return;
  if (!client) {
    usePortfolioStore.setState({ history: [], next: null, historyStatus: 'error' });
    return;
  }
  usePortfolioStore.setState(options.more ? { loadingMore: true } : { historyStatus: 'loading' });
  try {
    const page = await fetchHistory(client, who.caipNetworkId, who.address, options.more ? (state.next ?? undefined) : undefined);
    if (!current(who.key)) return;
    usePortfolioStore.setState((s) => ({
      history: options.more ? [...s.history, ...page.data] : page.data,
      next: page.next,
      historyStatus: 'ready',
      loadingMore: false,
    }));
  } catch (error) {
    if (!current(who.key)) return;
    usePortfolioStore.setState({ history: [], next: null, historyStatus: 'error', loadingMore: false });
    if (!(error instanceof ApiError)) console.error('[airlock]', error);
  }
}

/** Drops the cached balances of the connected address (after a send) and reloads tokens and history. */
export async function refreshPortfolio(): Promise<void> {
  const who = owner();
  if (!who) return;
  caches.balances.delete(`${who.caipNetworkId}:${who.address.toLowerCase()}`);
  await Promise.all([loadTokens(), loadHistory()]);
}

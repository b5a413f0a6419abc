import { onrampOn } from '@airlock/protocol';
import { ApiError } from '../api/client.ts';
import { fetchHistory, fetchTokenBalances } from '../api/blockchain.ts';
import type { Frame } from '../store/frame.ts';
import { initialPortfolio, type PortfolioState } from '../store/state.ts';
import { namespaceOf } from '../namespaces/info.ts';
import { showToast } from './toast.ts';
import { connectionOf } from '../store/connection.ts';

/** Spec §8 toast when the token balances cannot be read. */
export const TOKEN_BALANCE_UNAVAILABLE = 'Token Balance Unavailable';
/** Spec §8 message when the history cannot be read (the list is then empty). */
export const FAILED_TO_FETCH_TRANSACTIONS = 'Failed to fetch transactions';

function owner(frame: Frame): { key: string; address: string; caipNetworkId: string } | null {
  const { address, caipNetworkId, status } = connectionOf(frame.store.getState());
  if (status !== 'connected' || !address) return null;
  return { key: `${caipNetworkId}:${address}`, address, caipNetworkId };
}

const setPortfolio = (
  frame: Frame,
  patch: Partial<PortfolioState> | ((p: PortfolioState) => Partial<PortfolioState>),
) =>
  frame.store.setState((s) => ({
    portfolio: { ...s.portfolio, ...(typeof patch === 'function' ? patch(s.portfolio) : patch) },
  }));

/** Starts over when the account or network changed since the last load. */
function claim(frame: Frame, key: string): void {
  const { portfolio } = frame.store.getState();
  if (portfolio.owner !== key)
    frame.store.setState({ portfolio: { ...initialPortfolio, tab: portfolio.tab, owner: key } });
}

const current = (frame: Frame, key: string) => frame.store.getState().portfolio.owner === key;

/**
 * Loads the token balances of the connected address on the active network (spec §7
 * balance call, §9 cache 30 s unless `force`). Without an API the list is empty
 * (status `error`, no toast); on a network whose namespace has no token balances or on failure the list is empty
 * and the 'Token Balance Unavailable' toast shows; after a failure no request goes out
 * for 30 s (spec §9 balance retry guard). Never throws.
 */
export async function loadTokens(frame: Frame, options: { force?: boolean } = {}): Promise<void> {
  const who = owner(frame);
  if (!who) return;
  claim(frame, who.key);
  if (!frame.api) {
    setPortfolio(frame, { tokens: [], tokensStatus: 'error' });
    return;
  }
  if (!namespaceOf(who.caipNetworkId)?.supports.tokens) {
    setPortfolio(frame, { tokens: [], tokensStatus: 'error' });
    showToast(frame, TOKEN_BALANCE_UNAVAILABLE, 'error');
    return;
  }
  setPortfolio(frame, { tokensStatus: 'loading' });
  try {
    const tokens = await fetchTokenBalances(frame.api, who.caipNetworkId, who.address, frame.caches, options);
    if (current(frame, who.key)) setPortfolio(frame, { tokens, tokensStatus: 'ready' });
  } catch {
    if (!current(frame, who.key)) return;
    setPortfolio(frame, { tokens: [], tokensStatus: 'error' });
    showToast(frame, TOKEN_BALANCE_UNAVAILABLE, 'error');
  }
}

/**
 * Loads the first history page (or, with `more`, the next one by the stored cursor) of
 * the connected address on the active network (spec §7). A failure empties the list
 * and clears the cursor (spec §4), status `error`. Never throws.
 */
export async function loadHistory(frame: Frame, options: { more?: boolean } = {}): Promise<void> {
  const who = owner(frame);
  if (!who) return;
  claim(frame, who.key);
  const state = frame.store.getState().portfolio;
  if (options.more && (!state.next || state.loadingMore)) return;
  if (!frame.api) {
    setPortfolio(frame, { history: [], next: null, historyStatus: 'error' });
    return;
  }
  setPortfolio(frame, options.more ? { loadingMore: true } : { historyStatus: 'loading' });
  try {
    const api = frame.api;
    // With the onramp feature, the first page also holds the account's card purchases (spec §7 history with `onramp`).
    const onramp =
      !options.more && onrampOn(frame.store.getState().features.features)
        ? import('./onrampApi.ts')
            .then((m) => m.fetchOnrampHistory(api, who.address, who.caipNetworkId))
            .catch(() => [])
        : Promise.resolve([]);
    const [page, purchases] = await Promise.all([
      fetchHistory(api, who.caipNetworkId, who.address, options.more ? (state.next ?? undefined) : undefined),
      onramp,
    ]);
    if (!current(frame, who.key)) return;
    setPortfolio(frame, (p) => ({
      history: options.more ? [...p.history, ...page.data] : [...purchases, ...page.data],
      next: page.next,
      historyStatus: 'ready',
      loadingMore: false,
    }));
  } catch (error) {
    if (!current(frame, who.key)) return;
    setPortfolio(frame, { history: [], next: null, historyStatus: 'error', loadingMore: false });
    if (!(error instanceof ApiError)) console.error('[airlock]', error);
  }
}

/**
 * Drops the cached balances of the connected address (after a send, a swap or a card purchase:
 * its token balances and its native balance, so the Account header reads it again when it shows)
 * and reloads tokens and history.
 */
export async function refreshPortfolio(frame: Frame): Promise<void> {
  const who = owner(frame);
  if (!who) return;
  frame.caches.balances.delete(`${who.caipNetworkId}:${who.address.toLowerCase()}`);
  frame.caches.nativeBalances.delete(who.key);
  await Promise.all([loadTokens(frame), loadHistory(frame)]);
}

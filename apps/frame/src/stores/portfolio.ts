import { create } from 'zustand';
import type { HistoryItem, TokenBalance } from '../api/blockchain.ts';

/** Loading state of one list: `idle` (not asked), `loading`, `ready`, `error` (spec §4 'loading, empty'). */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Account tabs (spec §2 'Account tabs: Tokens, NFTs, Activity'). */
export type AccountTab = 'tokens' | 'nfts' | 'activity';

/** Portfolio store: what the Account tabs show for the connected address on the active network. */
export type PortfolioState = {
  /** The selected tab. */
  tab: AccountTab;
  /** `caipNetworkId:address` the lists below belong to, null before the first load. */
  owner: string | null;
  /** Token balances (spec §3 Token balance), native first, 0-decimal tokens removed. */
  tokens: TokenBalance[];
  /** Status of `tokens`. */
  tokensStatus: LoadStatus;
  /** History items loaded so far (all pages), as the API returned them. */
  history: HistoryItem[];
  /** Status of `history` (`error` = 'Failed to fetch transactions', list emptied). */
  historyStatus: LoadStatus;
  /** Cursor of the next history page, null at the end (spec §4 'next cursor'). */
  next: string | null;
  /** True while a further page loads. */
  loadingMore: boolean;
};

/** The initial portfolio state. */
export const initialPortfolio: PortfolioState = {
  tab: 'tokens',
  owner: null,
  tokens: [],
  tokensStatus: 'idle',
  history: [],
  historyStatus: 'idle',
  next: null,
  loadingMore: false,
};

/** Portfolio store (zustand). */
export const usePortfolioStore = create<PortfolioState>(() => ({ ...initialPortfolio }));

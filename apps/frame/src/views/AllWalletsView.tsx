import { useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import type { WalletListing } from '@airlock/protocol';
import { connectInjected } from '../actions/connect.ts';
import { connectWalletConnect } from '../actions/walletConnect.ts';
import { announcedEntry } from '../connectors/injected/index.ts';
import { pageWalletEntry } from '../connectors/pageWallets.ts';
import type { Frame } from '../store/frame.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { configuredChains, currentSource, loadFeatured } from '../listing/load.ts';
import { hasMore, loadNextPage, orderListing, searchWallets, type ListingPage } from '../listing/paging.ts';
import { ListingIcon } from '../ui/ListingIcon.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { WalletIcon } from '../ui/WalletIcon.tsx';
import { useTranslation } from 'react-i18next';

/**
 * Picks a listing wallet: a wallet announced on the page with the
 * same rdns (EIP-6963) connects directly (ConnectingExternal); any other goes
 * to ConnectingWalletConnect with its links.
 */
export function pickListingWallet(frame: Frame, wallet: WalletListing): void {
  const installed = wallet.rdns ? frame.store.getState().wallets.find((w) => w.rdns === wallet.rdns) : undefined;
  if (installed) void connectInjected(frame, announcedEntry(installed));
  else void connectWalletConnect(frame, wallet);
}

/**
 * AllWallets (spec §2, §7 getWallets, §9): a search box ('Search wallet',
 * 100 entries, at least 300 ms), the listing 40 a page with infinite scroll
 * (the next page loads when the end of the list scrolls into view), recent
 * wallets (2) first with a 'Recent' tag, wallets installed on the page tagged
 * 'Installed', images of the first 20 prefetched (2 s timeout, placeholder on
 * failure). The page's own wallets that the listing does not know (a Wallet Standard
 * Solana wallet, an EIP-6963 wallet without a listing entry) come first, tagged 'Installed',
 * as on Connect. A button per wallet named by its name. Lazy-loaded.
 */
export default function AllWalletsView() {
  const { t } = useTranslation();
  const frame = useFrame();
  const recent = useFrameState((s) => s.preferences.recentWallets);
  const announced = useFrameState((s) => s.wallets);
  const solanaWallets = useFrameState((s) => s.solanaWallets);
  const bitcoinWallets = useFrameState((s) => s.bitcoinWallets);
  const cosmosWallets = useFrameState((s) => s.cosmosWallets);
  const polkadotWallets = useFrameState((s) => s.polkadotWallets);
  const [listing, setListing] = useState<ListingPage | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<WalletListing[] | null>(null);
  const [featured, setFeatured] = useState<WalletListing[]>([]);
  const sentinel = useRef<HTMLLIElement | null>(null);
  const busy = useRef(false);

  const more = async (current: ListingPage | null) => {
    if (busy.current || !hasMore(current)) return;
    busy.current = true;
    setLoading(true);
    try {
      const next = await loadNextPage(currentSource(frame), current, configuredChains(frame));
      if (!current) void frame.images.prefetch(next.wallets.map((w) => w.image_url));
      setListing(next);
    } catch {
      setFailed(true);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };

  useEffect(() => {
    void loadFeatured(frame, [], []).then(setFeatured);
    void more(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const search = query.trim();
    if (!search) {
      setResults(null);
      return;
    }
    let live = true;
    setResults(null);
    void searchWallets(currentSource(frame), search, configuredChains(frame))
      .then((found) => live && setResults(found))
      .catch(() => live && setResults([]));
    return () => {
      live = false;
    };
  }, [query]);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined' || results) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void more(listing);
    });
    observer.observe(node);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listing, results]);

  const searching = query.trim() !== '';
  const entries = searching
    ? (results ?? []).map((wallet) => ({ wallet, recent: false }))
    : orderListing(listing?.wallets ?? [], recent, featured);
  // A listing wallet installed on the page shows the page wallet's own EIP-6963 icon.
  const onPage = new Map(announced.map((w) => [w.rdns, w]));
  // The page's wallets the listing does not list (by rdns), matching the search when there is one.
  const listed = new Set((listing?.wallets ?? []).map((w) => w.rdns).filter(Boolean));
  const needle = query.trim().toLowerCase();
  // (once the listing answered or failed, so no entry moves when it arrives).
  const pageOnly =
    listing || failed
      ? [
          ...announced.map(announcedEntry),
          ...solanaWallets.map((w) => pageWalletEntry('solana', w)),
          ...bitcoinWallets.map((w) => pageWalletEntry('bip122', w)),
          ...cosmosWallets.map((w) => pageWalletEntry('cosmos', w)),
          ...polkadotWallets.map((w) => pageWalletEntry('polkadot', w)),
        ].filter((w) => !(w.rdns && listed.has(w.rdns)) && (!needle || w.name.toLowerCase().includes(needle)))
      : [];

  return (
    <div>
      <div className="airlock-search-box">
        <Search size={16} aria-hidden="true" className="airlock-search-icon" />
        <input
          className="airlock-search"
          type="search"
          aria-label={t('Search wallet')}
          placeholder={t('Search wallet')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {failed && !listing ? <p className="airlock-empty">{t('Could not load the wallet list.')}</p> : null}
      {searching && results && results.length === 0 && pageOnly.length === 0 ? (
        <p className="airlock-empty">{t('No wallet found')}</p>
      ) : null}
      <ul className="airlock-list airlock-scroll" aria-busy={loading || (searching && !results)}>
        {pageOnly.map((wallet) => (
          <li key={`page:${wallet.id}`}>
            <button
              type="button"
              className="airlock-list-item"
              aria-label={wallet.name}
              onClick={() => void connectInjected(frame, wallet)}
            >
              <WalletIcon src={wallet.icon} size={32} />
              <span className="airlock-list-label">{wallet.name}</span>
              <span className="airlock-tag airlock-tag-installed" aria-hidden="true" data-testid="installed-tag">
                {t('Installed')}
              </span>
            </button>
          </li>
        ))}
        {entries.map(({ wallet, recent: isRecent }) => {
          const page = wallet.rdns ? onPage.get(wallet.rdns) : undefined;
          return (
            <li key={wallet.id}>
              <button
                type="button"
                className="airlock-list-item"
                aria-label={wallet.name}
                onClick={() => pickListingWallet(frame, wallet)}
              >
                {page ? (
                  <WalletIcon src={page.icon} size={32} />
                ) : (
                  <ListingIcon src={wallet.image_url} name={wallet.name} />
                )}
                <span className="airlock-list-label">{wallet.name}</span>
                {isRecent ? (
                  <span className="airlock-tag" aria-hidden="true">
                    {t('Recent')}
                  </span>
                ) : null}
                {page ? (
                  <span className="airlock-tag airlock-tag-installed" aria-hidden="true" data-testid="installed-tag">
                    {t('Installed')}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
        {!searching ? <li ref={sentinel} aria-hidden="true" /> : null}
      </ul>
      {loading || (searching && !results) ? (
        <p className="airlock-status">
          <Spinner /> {t('Loading wallets')}
        </p>
      ) : null}
    </div>
  );
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUNDLED_WALLETS } from './bundled.ts';
import {
  PAGE_SIZE,
  SEARCH_MIN_WAIT_MS,
  featuredWallets,
  hasMore,
  loadNextPage,
  orderListing,
  recommendedWallets,
  searchWallets,
  walletLink,
} from './paging.ts';
import { localGetWallets } from './source.ts';
import type { WalletListing } from './types.ts';

const many: WalletListing[] = Array.from({ length: 95 }, (_, i) => ({
  id: `w${i}`,
  name: `Wallet ${i}`,
  chains: ['eip155'],
}));

afterEach(() => vi.useRealTimers());

describe('wallet listing with the bundled source (spec §7/§9)', () => {
  it('the bundled registry is never empty and every wallet has an inline icon', async () => {
    const { data, count } = await localGetWallets()({ page: 1, entries: PAGE_SIZE });
    expect(count).toBe(BUNDLED_WALLETS.length);
    expect(data.length).toBeGreaterThan(8);
    expect(data.every((w) => w.image_url?.startsWith('data:image/svg+xml'))).toBe(true);
  });

  it('pages 40 at a time until the count is reached', async () => {
    const source = localGetWallets(many);
    const p1 = await loadNextPage(source, null, []);
    expect(p1.wallets.map((w) => w.id).slice(0, 2)).toEqual(['w0', 'w1']);
    expect(p1.wallets).toHaveLength(40);
    expect(hasMore(p1)).toBe(true);
    const p2 = await loadNextPage(source, p1, []);
    const p3 = await loadNextPage(source, p2, []);
    expect(p3.wallets).toHaveLength(95);
    expect(p3.wallets[94]!.id).toBe('w94');
    expect(hasMore(p3)).toBe(false);
  });

  it('filters by chains, include, exclude and badge', async () => {
    const source = localGetWallets();
    const bitcoin = await source({ page: 1, entries: 100, chains: ['bip122:000000000019d6689c085ae165831e93'] });
    expect(bitcoin.data.map((w) => w.name)).toEqual(expect.arrayContaining(['Xverse', 'Ledger Live']));
    expect(bitcoin.data.map((w) => w.name)).not.toContain('MetaMask');
    expect((await source({ page: 1, entries: 100, include: ['rainbow'] })).data.map((w) => w.id)).toEqual(['rainbow']);
    expect((await source({ page: 1, entries: 100, exclude: ['metamask'] })).data.map((w) => w.id)).not.toContain(
      'metamask',
    );
  });

  it('searches case-insensitively and takes at least 300 ms', async () => {
    vi.useFakeTimers();
    let found: WalletListing[] | null = null;
    void searchWallets(localGetWallets(), 'rAiN', []).then((r) => (found = r));
    await vi.advanceTimersByTimeAsync(SEARCH_MIN_WAIT_MS - 1);
    expect(found).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(found!.map((w) => w.name)).toEqual(['Rainbow']);
  });

  it('puts the recent wallets (2) first and recommends 4 that are neither installed nor recent', () => {
    const ordered = orderListing(BUNDLED_WALLETS, ['me.rainbow', 'ledger', 'zerion']);
    expect(ordered.slice(0, 3).map((e) => [e.wallet.name, e.recent])).toEqual([
      ['Rainbow', true],
      ['Ledger Live', true],
      ['MetaMask', false],
    ]);
    expect(recommendedWallets(BUNDLED_WALLETS, ['io.metamask'], ['trust']).map((w) => w.id)).toEqual([
      'coinbase',
      'rainbow',
      'ledger',
      'phantom',
    ]);
  });

  it('builds the wallet links for a wc: URI', () => {
    const uri = 'wc:abc@2?relay-protocol=irn&symKey=1';
    const wallet: WalletListing = {
      id: 'x',
      name: 'X',
      mobile_link: 'metamask://',
      webapp_link: 'http://127.0.0.1:5176',
    };
    expect(walletLink(wallet, 'mobile', uri)).toBe(`metamask://wc?uri=${encodeURIComponent(uri)}`);
    expect(walletLink(wallet, 'web', uri)).toBe(`http://127.0.0.1:5176/wc?uri=${encodeURIComponent(uri)}`);
    expect(walletLink(wallet, 'desktop', uri)).toBeNull();
  });
});

describe('featured wallets (spec §1 connector order)', () => {
  const byId = (id: string) => BUNDLED_WALLETS.find((w) => w.id === id)!;

  it('come after the recent ones at the top of AllWallets, each wallet once', () => {
    const ordered = orderListing(BUNDLED_WALLETS, ['ledger'], [byId('zerion'), byId('rainbow')]);
    expect(ordered.slice(0, 3).map((e) => [e.wallet.id, e.recent])).toEqual([
      ['ledger', true],
      ['zerion', false],
      ['rainbow', false],
    ]);
    expect(ordered.filter((e) => e.wallet.id === 'zerion')).toHaveLength(1);
    expect(ordered).toHaveLength(BUNDLED_WALLETS.length);
  });

  it('keep the configured order and drop page and recent wallets', () => {
    const listed = [byId('rainbow'), byId('zerion'), byId('metamask')];
    expect(
      featuredWallets(listed, ['zerion', 'metamask', 'rainbow', 'unknown'], ['io.metamask'], ['rainbow']).map(
        (w) => w.id,
      ),
    ).toEqual(['zerion']);
  });

  it('are not repeated among the recommended ones', () => {
    expect(recommendedWallets(BUNDLED_WALLETS, [], [], ['metamask', 'trust']).map((w) => w.id)).not.toContain(
      'metamask',
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryItem } from './blockchain.ts';
import { deriveNfts, groupActivity } from './activity.ts';

const item = (
  id: string,
  minedAt: string,
  chain = 'eip155:1',
  transfers: HistoryItem['transfers'] = [
    { fungible_info: { symbol: 'DEV' }, direction: 'in', quantity: { numeric: '5' } },
  ],
  operationType = 'receive',
): HistoryItem => ({
  id,
  metadata: { operationType, hash: id, minedAt, sentFrom: '0x1', sentTo: '0x2', status: 'confirmed', chain },
  transfers,
});
const nft = (name: string, direction: 'in' | 'out', spam = false) => [
  { nft_info: { name, content: { preview: { url: `https://img/${name}` } }, flags: { is_spam: spam } }, direction },
];

// Months are the visitor's (the process's time zone): each test names the zone it assumes.
const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('activity list (spec §9)', () => {
  it('keeps the active network, hides spam-only items, newest first, grouped by month', () => {
    process.env.TZ = 'UTC';
    const groups = groupActivity(
      [
        item('a', '2025-12-31T23:00:00Z'),
        item('b', '2026-01-02T00:00:00Z'),
        item('c', '2026-01-20T00:00:00Z'),
        item('other-chain', '2026-01-21T00:00:00Z', 'eip155:2'),
        item('spam', '2026-01-22T00:00:00Z', 'eip155:1', nft('Junk #1', 'in', true)),
      ],
      'eip155:1',
    );
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['January 2026', ['c', 'b']],
      ['December 2025', ['a']],
    ]);
  });
});

describe('month headings in the visitor’s time zone and language', () => {
  it('puts an item in the month it was where the visitor is, named in their language', () => {
    const items = [item('late', '2026-01-31T23:30:00Z'), item('early', '2026-01-01T00:30:00Z')];
    process.env.TZ = 'Asia/Tokyo';
    expect(groupActivity(items, 'eip155:1', 'es').map((g) => [g.key, g.label, g.items.map((i) => i.id)])).toEqual([
      ['2026-02', 'febrero de 2026', ['late']],
      ['2026-01', 'enero de 2026', ['early']],
    ]);
    process.env.TZ = 'America/New_York';
    expect(groupActivity(items, 'eip155:1').map((g) => [g.key, g.label, g.items.map((i) => i.id)])).toEqual([
      ['2026-01', 'January 2026', ['late']],
      ['2025-12', 'December 2025', ['early']],
    ]);
  });
});

describe('card purchases (spec §7 history with onramp)', () => {
  it('shows a delivered purchase once, as the Buy, not again as the Receive of its transaction', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const buy = { ...item('purchase-1', '2026-01-05T10:00:00Z', 'eip155:1', undefined, 'buy') };
    buy.metadata = { ...buy.metadata, hash };
    const receive = item('chain-1', '2026-01-05T09:59:00Z');
    receive.metadata = { ...receive.metadata, hash: hash.toUpperCase().replace('0X', '0x') };
    const pending = item('purchase-2', '2026-01-06T10:00:00Z', 'eip155:1', undefined, 'buy');
    pending.metadata = { ...pending.metadata, hash: '' };
    const unrelated = item('chain-2', '2026-01-07T00:00:00Z');
    const groups = groupActivity([pending, buy, receive, unrelated], 'eip155:1');
    expect(groups.flatMap((g) => g.items.map((i) => i.id))).toEqual(['chain-2', 'purchase-2', 'purchase-1']);
  });
});

describe('NFTs from history', () => {
  it('lists NFTs received and not sent away, spam excluded', () => {
    const nfts = deriveNfts(
      [
        item('1', '2026-01-01T00:00:00Z', 'eip155:1', nft('DevNFT #1', 'in')),
        item('2', '2026-01-02T00:00:00Z', 'eip155:1', nft('DevNFT #2', 'in')),
        item('3', '2026-01-03T00:00:00Z', 'eip155:1', nft('DevNFT #1', 'out')),
        item('4', '2026-01-04T00:00:00Z', 'eip155:1', nft('Junk #9', 'in', true)),
        item('5', '2026-01-04T00:00:00Z', 'eip155:2', nft('Other #1', 'in')),
      ],
      'eip155:1',
    );
    expect(nfts.map((n) => [n.name, n.imageUrl])).toEqual([['DevNFT #2', 'https://img/DevNFT #2']]);
  });
});

import type { HistoryItem } from './blockchain.ts';

/** A month of activity: `key` `YYYY-MM` (UTC), `label` e.g. `March 2026`, items newest first. */
export type ActivityGroup = { key: string; label: string; items: HistoryItem[] };

/** An NFT the account holds, derived from its history (the API has no NFT listing). */
export type OwnedNft = { key: string; name: string; imageUrl: string | undefined; chain: string };

/** True when every transfer of the item is flagged spam (spec §9 'Spam transactions (all transfers flagged spam) hidden'). */
export function isSpamOnly(item: HistoryItem): boolean {
  return item.transfers.length > 0 && item.transfers.every((t) => t.nft_info?.flags?.is_spam === true);
}

/**
 * The Activity list (spec §9): items of the active network only (`metadata.chain`
 * equals `caipNetworkId`), spam-only items hidden, newest first by
 * `metadata.minedAt`, grouped by year and month (UTC), newest month first.
 */
export function groupActivity(items: readonly HistoryItem[], caipNetworkId: string): ActivityGroup[] {
  const shown = items
    .filter((item) => item.metadata.chain === caipNetworkId && !isSpamOnly(item))
    .sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt));
  const groups = new Map<string, ActivityGroup>();
  for (const item of shown) {
    const date = new Date(item.metadata.minedAt);
    const valid = !Number.isNaN(date.getTime());
    const key = valid ? `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}` : 'unknown';
    const label = valid
      ? date.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
      : 'Unknown date';
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, label, items: [] }));
    group.items.push(item);
  }
  return [...groups.values()];
}

/**
 * The NFTs the account still holds, from its history (oldest to newest: an
 * incoming ERC-721 transfer adds it, an outgoing one removes it), on
 * `caipNetworkId`, spam left out. Keyed by chain and `nft_info.name`
 * (`<collection> #<tokenId>` from apps/api).
 */
export function deriveNfts(items: readonly HistoryItem[], caipNetworkId: string): OwnedNft[] {
  const owned = new Map<string, OwnedNft>();
  const ordered = items
    .filter((item) => item.metadata.chain === caipNetworkId && item.metadata.status !== 'failed')
    .sort((a, b) => Date.parse(a.metadata.minedAt) - Date.parse(b.metadata.minedAt));
  for (const item of ordered) {
    for (const t of item.transfers) {
      const nft = t.nft_info;
      if (!nft?.name || nft.flags?.is_spam) continue;
      const key = `${item.metadata.chain}:${nft.name}`;
      if (t.direction === 'in')
        owned.set(key, { key, name: nft.name, imageUrl: nft.content?.preview?.url, chain: item.metadata.chain });
      else if (t.direction === 'out') owned.delete(key);
    }
  }
  return [...owned.values()].reverse();
}

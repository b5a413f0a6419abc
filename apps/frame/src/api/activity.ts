import type { HistoryItem } from './blockchain.ts';

/**
 * A month of activity in the visitor's time zone: `key` `YYYY-MM`, `label` its name in the
 * requested locale (`March 2026`, `marzo de 2026`; `Unknown date` for an invalid time), items newest first.
 */
export type ActivityGroup = { key: string; label: string; items: HistoryItem[] };

/** An NFT the account holds, derived from its history (the API has no NFT listing). */
export type OwnedNft = { key: string; name: string; imageUrl: string | undefined; chain: string };

/** True when every transfer of the item is flagged spam (spec §9 'Spam transactions (all transfers flagged spam) hidden'). */
export function isSpamOnly(item: HistoryItem): boolean {
  return item.transfers.length > 0 && item.transfers.every((t) => t.nft_info?.flags?.is_spam === true);
}

/**
 * The transaction hashes (lower case) of the card purchases among `items` that the provider
 * delivered (`operationType` `buy` with a hash): the chain's own item for that transaction is the
 * same event seen from the chain (a Receive) and is not listed again.
 */
function purchaseHashes(items: readonly HistoryItem[]): Set<string> {
  const hashes = new Set<string>();
  for (const item of items) {
    if (item.metadata.operationType.toLowerCase() === 'buy' && item.metadata.hash)
      hashes.add(`${item.metadata.chain}:${item.metadata.hash.toLowerCase()}`);
  }
  return hashes;
}

/** True when `item` is the chain's record of a purchase already listed as a Buy (see {@link purchaseHashes}). */
function isPurchaseEcho(item: HistoryItem, purchases: Set<string>): boolean {
  return (
    item.metadata.operationType.toLowerCase() !== 'buy' &&
    item.metadata.hash !== '' &&
    purchases.has(`${item.metadata.chain}:${item.metadata.hash.toLowerCase()}`)
  );
}

/**
 * The Activity list (spec §9): items of the active network only (`metadata.chain`
 * equals `caipNetworkId`), spam-only items hidden, a card purchase once (its Buy item
 * from the onramp history, not also the chain's Receive of the same transaction), newest first by
 * `metadata.minedAt`, grouped by year and month in the visitor's time zone (an item mined
 * at 23:30 UTC on 31 January is February's in Tokyo), newest month first. `locale` (BCP 47,
 * default English) names the months.
 */
export function groupActivity(items: readonly HistoryItem[], caipNetworkId: string, locale = 'en'): ActivityGroup[] {
  const purchases = purchaseHashes(items);
  const shown = items
    .filter((item) => item.metadata.chain === caipNetworkId && !isSpamOnly(item) && !isPurchaseEcho(item, purchases))
    .sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt));
  const groups = new Map<string, ActivityGroup>();
  for (const item of shown) {
    const date = new Date(item.metadata.minedAt);
    const valid = !Number.isNaN(date.getTime());
    const key = valid ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}` : 'unknown';
    const label = valid
      ? date.toLocaleString(locale === 'en' ? 'en-US' : locale, { month: 'long', year: 'numeric' })
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

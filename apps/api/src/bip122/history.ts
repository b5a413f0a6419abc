import { ApiError } from '../http/errors.ts';
import type { HistoryItem, HistoryPage } from '../history.ts';
import type { PriceSource } from '../prices.ts';
import { BTC } from './balances.ts';
import type { Bip122Chain } from './config.ts';
import { esplora, type EsploraTx, formatSats } from './esplora.ts';

/** A txid (64 hex), the cursor of the next page. */
export const TXID = /^[0-9a-f]{64}$/;

/** Esplora's page of confirmed transactions (`/txs`, `/txs/chain/:last`). */
const ESPLORA_PAGE = 25;

/** A Bitcoin history item: the spec §3 shape, with `status` `pending` for a transaction still in the mempool. */
export type Bip122HistoryItem = Omit<HistoryItem, 'metadata'> & {
  metadata: Omit<HistoryItem['metadata'], 'status'> & { status: 'confirmed' | 'pending' };
};

/**
 * History of `address` on a Bitcoin network in the spec §3 shape, newest first (mempool first),
 * `pageSize` per page, from its Esplora API (`/address/:a/txs`, then `/txs/chain/:last_txid`
 * past Esplora's first 25 confirmed). One BTC transfer per transaction: the address's change in
 * the transaction, the fee left out when the address paid all inputs; `direction` `out` / `in`;
 * `operationType` `send` / `receive` (`execute` when only the fee moved). `sentFrom` the first
 * input's address ('' for a coinbase), `sentTo` the first output to another address (the
 * address itself when none). A mempool transaction has `status` `pending` and `minedAt` the time
 * of the request. `nonce` is 0 (Bitcoin has none). The cursor is the page's last txid.
 * @throws ApiError 400 'cursor: Invalid input' for a malformed or unknown cursor; 502 when the backend fails.
 */
export async function getBip122History(
  deps: { chain: Bip122Chain; prices: PriceSource },
  query: {
    address: string;
    cursor?: string | undefined;
    pageSize: number;
    currency: string;
    iconUrl: (s: string) => string;
  },
): Promise<Omit<HistoryPage, 'data'> & { data: Bip122HistoryItem[] }> {
  const { chain } = deps;
  const path = `/address/${encodeURIComponent(query.address)}/txs`;
  if (query.cursor !== undefined && !TXID.test(query.cursor)) throw new ApiError(400, 'cursor: Invalid input');
  let list = await esplora<EsploraTx[]>(chain, path);
  let full = list.filter((t) => t.status.confirmed).length >= ESPLORA_PAGE;
  let start = 0;
  if (query.cursor) {
    start = list.findIndex((t) => t.txid === query.cursor) + 1;
    // Past Esplora's page (or a cursor from a later page): continue after it in the confirmed history.
    if (start === 0 || (start >= list.length && full)) {
      list = await esplora<EsploraTx[]>(chain, `${path}/chain/${query.cursor}`);
      full = list.length >= ESPLORA_PAGE;
      start = 0;
    }
  }
  const page = list.slice(start, start + query.pageSize);
  const now = new Date().toISOString();
  const data = await Promise.all(page.map((tx) => toItem(deps, query, tx, now)));
  const more = start + query.pageSize < list.length || full;
  return { data, next: page.length && more ? page.at(-1)!.txid : null };
}

async function toItem(
  deps: { chain: Bip122Chain; prices: PriceSource },
  query: { address: string; currency: string; iconUrl: (s: string) => string },
  tx: EsploraTx,
  now: string,
): Promise<Bip122HistoryItem> {
  const { chain, prices } = deps;
  const mine = (o: { scriptpubkey_address?: string } | null) => o?.scriptpubkey_address === query.address;
  const received = tx.vout.filter(mine).reduce((s, o) => s + BigInt(o.value), 0n);
  const inputs = tx.vin.map((i) => i.prevout);
  const spent = inputs.filter(mine).reduce((s, o) => s + BigInt(o!.value), 0n);
  const paidAll = inputs.length > 0 && inputs.every(mine);
  let delta = received - spent;
  if (paidAll) delta += BigInt(tx.fee ?? 0);
  const coinbase = tx.vin.some((i) => i.is_coinbase);
  const sentFrom = coinbase ? '' : (inputs[0]?.scriptpubkey_address ?? '');
  const other = tx.vout.find((o) => o.scriptpubkey_address && !mine(o))?.scriptpubkey_address;
  const sentTo = other ?? query.address;
  const transfers: HistoryItem['transfers'] = [];
  if (delta !== 0n) {
    const numeric = formatSats(delta < 0n ? -delta : delta);
    const price =
      (await prices.getPrice(
        { caipNetworkId: chain.caipNetworkId as never, address: null, symbol: BTC.symbol },
        query.currency,
      )) ?? 0;
    transfers.push({
      fungible_info: { name: BTC.name, symbol: BTC.symbol, icon: { url: query.iconUrl(BTC.symbol) } },
      direction: delta < 0n ? 'out' : 'in',
      sender: delta < 0n ? query.address : sentFrom,
      recipient: delta < 0n ? sentTo : query.address,
      quantity: { numeric },
      price,
      value: Number(numeric) * price,
    });
  }
  const confirmed = tx.status.confirmed;
  return {
    id: tx.txid,
    metadata: {
      operationType: delta < 0n ? 'send' : delta > 0n ? 'receive' : 'execute',
      hash: tx.txid,
      minedAt: confirmed && tx.status.block_time ? new Date(tx.status.block_time * 1000).toISOString() : now,
      sentFrom,
      sentTo,
      status: confirmed ? 'confirmed' : 'pending',
      nonce: 0,
      chain: chain.caipNetworkId as never,
    },
    transfers,
  };
}

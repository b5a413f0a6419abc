import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { formatUnits } from 'viem';
import { toChecksumAddress, type CaipNetworkId } from '@airlock/protocol';
import type { Chain } from './chains.ts';
import type { Db } from './db/client.ts';
import { tokens, transactions, transfers } from './db/schema.ts';
import type { PriceSource } from './prices.ts';
import { ApiError } from './http/errors.ts';

/**
 * One transfer inside a history item (spec §3 'Transaction history item'):
 * `fungible_info` (name, symbol, icon.url) for native and ERC-20 transfers,
 * `nft_info` (name, content.preview { url, content_type }, flags.is_spam)
 * for ERC-721, `direction` from the account's point of view, `quantity.numeric`
 * in whole tokens (decimal string; '1' for an NFT), `value` (quantity × price)
 * and `price` (per whole token, 0 when unknown).
 */
export type HistoryTransfer = {
  fungible_info?: { name: string; symbol: string; icon: { url: string } };
  nft_info?: { name: string; content: { preview: { url: string; content_type: string } }; flags: { is_spam: boolean } };
  direction: 'in' | 'out' | 'self';
  /** Who sent and who received this transfer (checksummed), as Zerion's transfers name them. */
  sender: string;
  recipient: string;
  quantity: { numeric: string };
  value: number;
  price: number;
};

/**
 * A history item (spec §3): `id` (tx hash), `metadata` with `operationType`
 * (`send` | `receive` | `mint` | `execute`), `hash`, `minedAt` (ISO 8601),
 * `sentFrom` / `sentTo` (checksummed; sentTo '' for none), `status`
 * (`confirmed` | `failed`), `nonce`, `chain` (CAIP-2), and `transfers`.
 */
export type HistoryItem = {
  id: string;
  metadata: {
    operationType: 'send' | 'receive' | 'mint' | 'execute';
    hash: string;
    minedAt: string;
    sentFrom: string;
    sentTo: string;
    status: 'confirmed' | 'failed';
    nonce: number;
    chain: CaipNetworkId;
  };
  transfers: HistoryTransfer[];
};

/** A page of history: `data` newest first, `next` the cursor of the following page or null (spec §3). */
export type HistoryPage = { data: HistoryItem[]; next: string | null };

type CursorKey = [minedAt: number, caipNetworkId: string, blockNumber: number, txIndex: number];

/** Encodes the position after an item as an opaque base64url cursor. */
export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** Decodes a cursor. @throws ApiError 400 'cursor: Invalid input' when it is not one of ours. */
export function decodeCursor(cursor: string): CursorKey {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(key) &&
      key.length === 4 &&
      Number.isSafeInteger(key[0]) &&
      typeof key[1] === 'string' &&
      Number.isSafeInteger(key[2]) &&
      Number.isSafeInteger(key[3])
    ) {
      return key as CursorKey;
    }
  } catch {
    // fall through
  }
  throw new ApiError(400, 'cursor: Invalid input');
}

const ZERO = '0x0000000000000000000000000000000000000000';

/**
 * The account's transactions from the index, newest first (block time, then
 * chain, block, position), `pageSize` per page. A transaction is included
 * when the account sent it or is the sender or receiver of one of its
 * recorded transfers; only the account's own transfers are listed.
 * `caipNetworkId` limits it to one chain.
 * @throws ApiError 400 for a malformed cursor.
 */
export async function getHistory(
  deps: { db: Db; chains: Map<string, Chain>; prices: PriceSource },
  query: {
    address: string;
    caipNetworkId?: string;
    cursor?: string;
    pageSize: number;
    currency: string;
    iconUrl: (symbol: string) => string;
  },
): Promise<HistoryPage> {
  const { db } = deps;
  const account = query.address.toLowerCase();
  const where: SQL[] = [
    or(
      eq(transactions.fromAddress, account),
      sql`exists (select 1 from ${transfers} where ${transfers.caipNetworkId} = ${transactions.caipNetworkId} and ${transfers.txHash} = ${transactions.hash} and (${transfers.fromAddress} = ${account} or ${transfers.toAddress} = ${account}))`,
    )!,
  ];
  if (query.caipNetworkId) where.push(eq(transactions.caipNetworkId, query.caipNetworkId));
  if (query.cursor) {
    const [minedAt, chain, block, index] = decodeCursor(query.cursor);
    where.push(
      sql`(${transactions.minedAt}, ${transactions.caipNetworkId}, ${transactions.blockNumber}, ${transactions.txIndex}) < (${minedAt}, ${chain}, ${block}, ${index})`,
    );
  }
  const rows = await db
    .select()
    .from(transactions)
    .where(and(...where))
    .orderBy(
      desc(transactions.minedAt),
      desc(transactions.caipNetworkId),
      desc(transactions.blockNumber),
      desc(transactions.txIndex),
    )
    .limit(query.pageSize + 1);
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  const next =
    rows.length > query.pageSize && last
      ? encodeCursor([last.minedAt, last.caipNetworkId, last.blockNumber, last.txIndex])
      : null;
  if (!page.length) return { data: [], next: null };

  const moved = await db
    .select({ t: transfers, token: tokens })
    .from(transfers)
    .leftJoin(
      tokens,
      and(eq(tokens.caipNetworkId, transfers.caipNetworkId), eq(tokens.address, transfers.tokenAddress)),
    )
    .where(
      and(
        inArray(
          transfers.txHash,
          page.map((r) => r.hash),
        ),
        or(eq(transfers.fromAddress, account), eq(transfers.toAddress, account)),
      ),
    )
    .orderBy(transfers.logIndex);

  const data: HistoryItem[] = [];
  for (const tx of page) {
    const own = moved.filter((m) => m.t.txHash === tx.hash && m.t.caipNetworkId === tx.caipNetworkId);
    const items = await Promise.all(own.map((m) => toHistoryTransfer(deps, m.t, m.token, account, query)));
    const outgoing = items.some((i) => i.direction === 'out');
    const minted = own.length > 0 && own.every((m) => m.t.fromAddress === ZERO);
    const operationType = minted ? 'mint' : outgoing ? 'send' : own.length ? 'receive' : 'execute';
    data.push({
      id: tx.hash,
      metadata: {
        operationType,
        hash: tx.hash,
        minedAt: new Date(tx.minedAt * 1000).toISOString(),
        sentFrom: toChecksumAddress(tx.fromAddress),
        sentTo: tx.toAddress ? toChecksumAddress(tx.toAddress) : '',
        status: tx.status === 'failed' ? 'failed' : 'confirmed',
        nonce: tx.nonce,
        chain: tx.caipNetworkId as CaipNetworkId,
      },
      transfers: items,
    });
  }
  return { data, next };
}

async function toHistoryTransfer(
  deps: { chains: Map<string, Chain>; prices: PriceSource },
  t: typeof transfers.$inferSelect,
  token: typeof tokens.$inferSelect | null,
  account: string,
  query: { currency: string; iconUrl: (symbol: string) => string },
): Promise<HistoryTransfer> {
  const direction =
    t.fromAddress === account && t.toAddress === account ? 'self' : t.fromAddress === account ? 'out' : 'in';
  if (t.kind === 'erc721') {
    const name = `${token?.name ?? 'NFT'} #${t.tokenId ?? '?'}`;
    return {
      nft_info: {
        name,
        content: { preview: { url: query.iconUrl(token?.symbol ?? 'NFT'), content_type: 'image/svg+xml' } },
        flags: { is_spam: false },
      },
      direction,
      sender: toChecksumAddress(t.fromAddress),
      recipient: toChecksumAddress(t.toAddress),
      quantity: { numeric: '1' },
      value: 0,
      price: 0,
    };
  }
  const native = deps.chains.get(t.caipNetworkId)?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 };
  const meta =
    t.kind === 'native'
      ? native
      : { name: token?.name ?? 'Unknown Token', symbol: token?.symbol ?? 'UNKNOWN', decimals: token?.decimals ?? 18 };
  const numeric = formatUnits(BigInt(t.amount), meta.decimals);
  const price =
    (await deps.prices.getPrice(
      { caipNetworkId: t.caipNetworkId, address: t.tokenAddress, symbol: meta.symbol },
      query.currency,
    )) ?? 0;
  return {
    fungible_info: { name: meta.name, symbol: meta.symbol, icon: { url: query.iconUrl(meta.symbol) } },
    direction,
    sender: toChecksumAddress(t.fromAddress),
    recipient: toChecksumAddress(t.toAddress),
    quantity: { numeric },
    value: Number(numeric) * price,
    price,
  };
}

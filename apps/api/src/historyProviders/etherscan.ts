import { formatUnits } from 'viem';
import { z } from 'zod/mini';
import { toChecksumAddress, type CaipNetworkId } from '@airlock/protocol';
import type { Chain } from '../chains.ts';
import type { HistoryItem, HistoryPage, HistoryTransfer } from '../history.ts';
import type { PriceSource } from '../prices.ts';
import type { HistoryProviderConfig } from './config.ts';
import { decodeProviderCursor, encodeProviderCursor, type HistoryProvider, type HistoryQuery } from './provider.ts';

/**
 * History from an Etherscan-v2-compatible account API (Etherscan's `https://api.etherscan.io/v2/api?chainid=…`,
 * Blockscout's `/api`): `module=account&action=txlist` (the account's transactions, with native value) and
 * `action=tokentx` (its ERC-20 transfers, also those in other senders' transactions), both newest first.
 *
 * Paging: a page asks both lists for up to `pageSize` entries at or below the cursor's block (`endblock`). When a
 * list comes back full, blocks below its oldest one may hold more of its entries, so only the blocks above the
 * highest such cut are answered and the next cursor starts at that block; a block is never split across pages
 * (except a single block holding more than a page, whose extra entries are skipped).
 */

/** Etherscan's answer: `status` '1' ok, '0' error or nothing found (`message` 'No transactions found'). */
const EnvelopeSchema = z.object({
  status: z.string(),
  message: z.string(),
  result: z.union([z.array(z.record(z.string(), z.unknown())), z.string()]),
});

/** One `txlist` entry (the fields used). */
const TxSchema = z.object({
  blockNumber: z.string(),
  timeStamp: z.string(),
  hash: z.string(),
  nonce: z.string(),
  transactionIndex: z.string(),
  from: z.string(),
  to: z.string(),
  value: z.string(),
  isError: z.optional(z.string()),
});

/** One `tokentx` entry (the fields used). */
const TokenTxSchema = z.object({
  blockNumber: z.string(),
  timeStamp: z.string(),
  hash: z.string(),
  nonce: z.optional(z.string()),
  transactionIndex: z.optional(z.string()),
  from: z.string(),
  to: z.string(),
  value: z.string(),
  contractAddress: z.string(),
  tokenName: z.string(),
  tokenSymbol: z.string(),
  tokenDecimal: z.string(),
});

type Tx = z.infer<typeof TxSchema>;
type TokenTx = z.infer<typeof TokenTxSchema>;

/** How long one call to the explorer may take (ms). */
const TIMEOUT_MS = 10_000;
/** The highest block Etherscan accepts as `endblock`: "no upper bound". */
const NO_END = 999_999_999;
const ZERO = '0x0000000000000000000000000000000000000000';

/** Options of {@link createEtherscanHistory}. */
export type EtherscanHistoryOptions = { chain: Chain; config: HistoryProviderConfig; prices: PriceSource };

/** The Etherscan-v2-compatible history provider of one chain (see the module comment). */
export function createEtherscanHistory(options: EtherscanHistoryOptions): HistoryProvider {
  const { chain, config, prices } = options;
  const chainId = chain.caipNetworkId.slice('eip155:'.length);

  /** One list call. @throws Error with Etherscan's message (never the URL, which holds the key). */
  const list = async <T>(action: string, address: string, endBlock: number, size: number, schema: z.ZodMiniType<T>) => {
    const url = new URL(config.url);
    const params: Record<string, string> = {
      chainid: chainId,
      module: 'account',
      action,
      address,
      startblock: '0',
      endblock: String(endBlock),
      page: '1',
      offset: String(size),
      sort: 'desc',
    };
    if (config.apiKey) params.apikey = config.apiKey;
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${action}: HTTP ${response.status}`);
    const body = EnvelopeSchema.parse(await response.json());
    if (body.status !== '1') {
      if (
        /^No (transactions|token transfers) found/i.test(body.message) ||
        (Array.isArray(body.result) && !body.result.length)
      )
        return [];
      throw new Error(`${action}: ${body.message}${typeof body.result === 'string' ? ` (${body.result})` : ''}`);
    }
    if (!Array.isArray(body.result)) throw new Error(`${action}: no result list`);
    return body.result.map((entry) => schema.parse(entry));
  };

  const price = async (address: string | null, symbol: string, currency: string) =>
    (await prices.getPrice({ caipNetworkId: chain.caipNetworkId, address, symbol }, currency)) ?? 0;

  return {
    page: async (query: HistoryQuery): Promise<HistoryPage> => {
      const account = query.address.toLowerCase();
      const endBlock = query.cursor ? decodeProviderCursor(query.cursor) : NO_END;
      const size = query.pageSize;
      const [txs, tokenTxs] = await Promise.all([
        list('txlist', account, endBlock, size, TxSchema),
        list('tokentx', account, endBlock, size, TokenTxSchema),
      ]);
      // Blocks above `cut` are complete in both lists.
      const cuts = [txs, tokenTxs]
        .filter((l) => l.length >= size)
        .map((l) => Math.min(...l.map((e) => Number(e.blockNumber))));
      let cut = cuts.length ? Math.max(...cuts) : -1;
      let next: number | null = cut >= 0 ? cut : null;
      const above = (e: { blockNumber: string }) => Number(e.blockNumber) > cut;
      if (cut >= 0 && ![...txs, ...tokenTxs].some(above)) {
        // One block holds more than a page: answer what came back and move below it.
        cut = cut - 1;
        next = cut >= 0 ? cut : null;
      }
      const keptTxs = txs.filter(above);
      const keptTokens = tokenTxs.filter(above);
      const hashes = [...new Set([...keptTxs, ...keptTokens].map((e) => e.hash.toLowerCase()))];
      const items: (HistoryItem & { order: [number, number] })[] = [];
      for (const hash of hashes) {
        const tx = keptTxs.find((t) => t.hash.toLowerCase() === hash);
        const tokens = keptTokens.filter((t) => t.hash.toLowerCase() === hash);
        items.push(await toItem(chain, account, tx, tokens, query, price));
      }
      items.sort((a, b) => b.order[0] - a.order[0] || b.order[1] - a.order[1]);
      return {
        data: items.map(({ order: _, ...item }) => item),
        next: next === null ? null : encodeProviderCursor(next),
      };
    },
  };
}

/** One history item from a transaction (when the account's `txlist` has it) and the account's token transfers in it. */
async function toItem(
  chain: Chain,
  account: string,
  tx: Tx | undefined,
  tokenTxs: TokenTx[],
  query: HistoryQuery,
  price: (address: string | null, symbol: string, currency: string) => Promise<number>,
): Promise<HistoryItem & { order: [number, number] }> {
  const first = (tx ?? tokenTxs[0])!;
  const direction = (from: string, to: string): HistoryTransfer['direction'] =>
    from.toLowerCase() === account && to.toLowerCase() === account
      ? 'self'
      : from.toLowerCase() === account
        ? 'out'
        : 'in';
  const transfers: HistoryTransfer[] = [];
  if (tx && BigInt(tx.value) > 0n) {
    const { name, symbol, decimals } = chain.nativeCurrency;
    const numeric = formatUnits(BigInt(tx.value), decimals);
    const p = await price(null, symbol, query.currency);
    transfers.push({
      fungible_info: { name, symbol, icon: { url: query.iconUrl(symbol) } },
      direction: direction(tx.from, tx.to),
      sender: toChecksumAddress(tx.from),
      recipient: toChecksumAddress(tx.to),
      quantity: { numeric },
      value: Number(numeric) * p,
      price: p,
    });
  }
  for (const t of tokenTxs) {
    const numeric = formatUnits(BigInt(t.value), Number(t.tokenDecimal) || 0);
    const p = await price(t.contractAddress.toLowerCase(), t.tokenSymbol, query.currency);
    transfers.push({
      fungible_info: { name: t.tokenName, symbol: t.tokenSymbol, icon: { url: query.iconUrl(t.tokenSymbol) } },
      direction: direction(t.from, t.to),
      sender: toChecksumAddress(t.from),
      recipient: toChecksumAddress(t.to),
      quantity: { numeric },
      value: Number(numeric) * p,
      price: p,
    });
  }
  const minted = tokenTxs.length > 0 && tokenTxs.every((t) => t.from.toLowerCase() === ZERO);
  const outgoing = transfers.some((t) => t.direction === 'out');
  const operationType = minted ? 'mint' : transfers.length === 0 ? 'execute' : outgoing ? 'send' : 'receive';
  return {
    id: first.hash,
    metadata: {
      operationType,
      hash: first.hash,
      minedAt: new Date(Number(first.timeStamp) * 1000).toISOString(),
      sentFrom: toChecksumAddress(first.from),
      sentTo: first.to ? toChecksumAddress(first.to) : '',
      status: tx?.isError === '1' ? 'failed' : 'confirmed',
      nonce: Number(first.nonce ?? 0),
      chain: chain.caipNetworkId as CaipNetworkId,
    },
    transfers,
    order: [Number(first.blockNumber), Number(first.transactionIndex ?? 0)],
  };
}

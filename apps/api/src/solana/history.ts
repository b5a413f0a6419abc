import { ApiError } from '../http/errors.ts';
import type { HistoryItem, HistoryPage } from '../history.ts';
import type { PriceSource } from '../prices.ts';
import { SOL, tokenMeta } from './balances.ts';
import type { SolanaChain } from './config.ts';
import { formatUnits, solanaRpc, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from './rpc.ts';

/** A transaction as `getTransaction` (encoding `json`) returns it, the fields read here. */
type RpcTransaction = {
  slot: number;
  blockTime: number | null;
  transaction: { signatures: string[]; message: { accountKeys: string[] } };
  meta: {
    err: unknown;
    fee: number;
    preBalances: number[];
    postBalances: number[];
    loadedAddresses?: { writable: string[]; readonly: string[] };
    preTokenBalances?: TokenBalanceEntry[];
    postTokenBalances?: TokenBalanceEntry[];
  } | null;
};
type TokenBalanceEntry = {
  accountIndex: number;
  mint: string;
  owner?: string;
  uiTokenAmount: { amount: string; decimals: number };
};

/** A Solana signature (base58, 64 bytes: 64 to 88 characters), the cursor of the next page. */
export const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

/**
 * History of `owner` on a Solana chain in the eip155 shape (spec §3 'Transaction history item'),
 * newest first, `pageSize` per page: the chain's own index (`getSignaturesForAddress` of the owner and of its
 * token accounts; the cursor is the last signature of the page) and each transaction (`getTransaction`). Transfers are the
 * owner's balance changes: SOL (the fee left out when the owner paid it) and every SPL mint whose
 * token accounts it owns (pre/post token balances); `direction` `out` for a decrease, `in` for an
 * increase; `sender` / `recipient` the owner and the other side. `nonce` is 0 (Solana accounts have
 * none). `operationType` `send` when something left, `receive` when something came, else
 * `execute`; `sentTo` the first other account whose SOL or tokens went up.
 * @throws ApiError 400 'cursor: Invalid input' for a malformed cursor; Error when the RPC fails.
 */
export async function getSolanaHistory(
  deps: { chain: SolanaChain; prices: PriceSource },
  query: {
    owner: string;
    cursor?: string | undefined;
    pageSize: number;
    currency: string;
    iconUrl: (symbol: string) => string;
  },
): Promise<HistoryPage> {
  const { chain } = deps;
  if (query.cursor !== undefined && !SIGNATURE.test(query.cursor)) throw new ApiError(400, 'cursor: Invalid input');
  const all = await signaturesOf(chain, query.owner);
  const start = query.cursor ? all.findIndex((s) => s.signature === query.cursor) + 1 : 0;
  if (query.cursor && start === 0) throw new ApiError(400, 'cursor: Invalid input');
  const page = all.slice(start, start + query.pageSize);
  const transactions = await Promise.all(
    page.map(({ signature }) =>
      solanaRpc<RpcTransaction | null>(chain, 'getTransaction', [
        signature,
        { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
      ]),
    ),
  );
  const data: HistoryItem[] = [];
  for (const [i, tx] of transactions.entries()) {
    if (tx?.meta) data.push(await toItem(deps, query, page[i]!.signature, tx));
  }
  return { data, next: all.length > start + query.pageSize ? page.at(-1)!.signature : null };
}

/** How many signatures are read per address (the owner and each of its token accounts). */
export const SIGNATURES_PER_ADDRESS = 1_000;

/**
 * The signatures touching `owner`, newest first: its own (`getSignaturesForAddress`) and those of
 * every token account it owns (an SPL transfer names the token accounts, not the wallet), the
 * newest {@link SIGNATURES_PER_ADDRESS} of each, deduplicated.
 */
async function signaturesOf(chain: SolanaChain, owner: string): Promise<{ signature: string; slot: number }[]> {
  const accounts = await Promise.all(
    [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].map((programId) =>
      solanaRpc<{ value: { pubkey: string }[] }>(chain, 'getTokenAccountsByOwner', [
        owner,
        { programId },
        { encoding: 'base64', dataSlice: { offset: 0, length: 0 }, commitment: 'confirmed' },
      ]),
    ),
  );
  const addresses = [owner, ...accounts.flatMap((a) => a.value.map((v) => v.pubkey))];
  const lists = await Promise.all(
    addresses.map((address) =>
      solanaRpc<{ signature: string; slot: number }[]>(chain, 'getSignaturesForAddress', [
        address,
        { limit: SIGNATURES_PER_ADDRESS, commitment: 'confirmed' },
      ]),
    ),
  );
  const seen = new Map<string, { signature: string; slot: number }>();
  for (const entry of lists.flat()) seen.set(entry.signature, entry);
  return [...seen.values()].sort((a, b) => b.slot - a.slot);
}

async function toItem(
  deps: { chain: SolanaChain; prices: PriceSource },
  query: { owner: string; currency: string; iconUrl: (symbol: string) => string },
  signature: string,
  tx: RpcTransaction,
): Promise<HistoryItem> {
  const { chain, prices } = deps;
  const meta = tx.meta!;
  const keys = [
    ...tx.transaction.message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ];
  const owner = query.owner;
  const feePayer = keys[0];
  const transfers: Omit<HistoryItem['transfers'][number], 'sender' | 'recipient'>[] = [];
  let counterpart = '';
  const price = async (symbol: string, mint: string | null, numeric: string) => {
    const p =
      (await prices.getPrice({ caipNetworkId: chain.caipNetworkId, address: mint, symbol }, query.currency)) ?? 0;
    return { price: p, value: Math.abs(Number(numeric)) * p };
  };
  // SOL: the owner's lamports, before the fee it paid.
  const index = keys.indexOf(owner);
  if (index >= 0) {
    let delta = BigInt(meta.postBalances[index]! - meta.preBalances[index]!);
    if (owner === feePayer) delta += BigInt(meta.fee);
    if (delta !== 0n) {
      const numeric = formatUnits(delta < 0n ? -delta : delta, SOL.decimals);
      transfers.push({
        fungible_info: { name: SOL.name, symbol: SOL.symbol, icon: { url: query.iconUrl(SOL.symbol) } },
        direction: delta < 0n ? 'out' : 'in',
        quantity: { numeric },
        ...(await price(SOL.symbol, null, numeric)),
      });
    }
    if (delta < 0n) {
      counterpart = keys.find((key, i) => key !== owner && meta.postBalances[i]! > meta.preBalances[i]!) ?? counterpart;
    }
  }
  // SPL: per mint, the owner's token accounts.
  const amounts = new Map<string, { pre: bigint; post: bigint; decimals: number }>();
  const add = (list: TokenBalanceEntry[] | undefined, field: 'pre' | 'post') => {
    for (const entry of list ?? []) {
      if (entry.owner !== owner) continue;
      const now = amounts.get(entry.mint) ?? { pre: 0n, post: 0n, decimals: entry.uiTokenAmount.decimals };
      now[field] += BigInt(entry.uiTokenAmount.amount);
      amounts.set(entry.mint, now);
    }
  };
  add(meta.preTokenBalances, 'pre');
  add(meta.postTokenBalances, 'post');
  for (const [mint, { pre, post, decimals }] of amounts) {
    const delta = post - pre;
    if (delta === 0n) continue;
    const token = tokenMeta(chain, mint);
    const numeric = formatUnits(delta < 0n ? -delta : delta, decimals);
    transfers.push({
      fungible_info: { name: token.name, symbol: token.symbol, icon: { url: query.iconUrl(token.symbol) } },
      direction: delta < 0n ? 'out' : 'in',
      quantity: { numeric },
      ...(await price(token.symbol, mint, numeric)),
    });
    if (delta < 0n && !counterpart) {
      const receiver = (meta.postTokenBalances ?? []).find((entry) => {
        if (entry.mint !== mint || entry.owner === owner) return false;
        const before = (meta.preTokenBalances ?? []).find((p) => p.accountIndex === entry.accountIndex);
        return BigInt(entry.uiTokenAmount.amount) > BigInt(before?.uiTokenAmount.amount ?? '0');
      });
      counterpart = receiver?.owner ?? counterpart;
    }
  }
  const outgoing = transfers.some((t) => t.direction === 'out');
  const incoming = transfers.some((t) => t.direction === 'in');
  const from = (feePayer !== owner ? feePayer : undefined) ?? '';
  return {
    id: signature,
    metadata: {
      operationType: outgoing ? 'send' : incoming ? 'receive' : 'execute',
      hash: signature,
      minedAt: new Date((tx.blockTime ?? 0) * 1000).toISOString(),
      sentFrom: feePayer ?? '',
      sentTo: outgoing ? counterpart : owner,
      status: meta.err ? 'failed' : 'confirmed',
      nonce: 0,
      chain: chain.caipNetworkId,
    },
    transfers: transfers.map((t) =>
      t.direction === 'out'
        ? { ...t, sender: owner, recipient: counterpart }
        : { ...t, sender: from, recipient: owner },
    ),
  };
}

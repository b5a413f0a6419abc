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
 * increase; `sender` / `recipient` the owner and the other side (for tokens the owner of the
 * receiving token account, for SOL the account whose lamports rose). SPL transfers come before
 * the SOL one, so a token send that also paid the receiver's token-account rent reads as the
 * token send. `nonce` is 0 (Solana accounts have none). `operationType` `send` when something
 * left, `receive` when something came, else `execute`; `sentTo` the recipient of the first
 * outgoing transfer.
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
  type Moved = Omit<HistoryItem['transfers'][number], 'sender' | 'recipient'> & { to: string };
  const sol: Moved[] = [];
  const tokens: Moved[] = [];
  const price = async (symbol: string, mint: string | null, numeric: string) => {
    const p =
      (await prices.getPrice({ caipNetworkId: chain.caipNetworkId, address: mint, symbol }, query.currency)) ?? 0;
    return { price: p, value: Math.abs(Number(numeric)) * p };
  };
  // SOL: the owner's lamports, before the fee it paid; an outgoing amount went to the first other account whose lamports rose.
  const index = keys.indexOf(owner);
  if (index >= 0) {
    let delta = BigInt(meta.postBalances[index]! - meta.preBalances[index]!);
    if (owner === feePayer) delta += BigInt(meta.fee);
    if (delta !== 0n) {
      const numeric = formatUnits(delta < 0n ? -delta : delta, SOL.decimals);
      const to =
        delta < 0n ? (keys.find((key, i) => key !== owner && meta.postBalances[i]! > meta.preBalances[i]!) ?? '') : '';
      sol.push({
        fungible_info: { name: SOL.name, symbol: SOL.symbol, icon: { url: query.iconUrl(SOL.symbol) } },
        direction: delta < 0n ? 'out' : 'in',
        quantity: { numeric },
        ...(await price(SOL.symbol, null, numeric)),
        to,
      });
    }
  }
  // SPL: per mint, the owner's token accounts; an outgoing amount went to the owner of the first other token account of that mint that rose.
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
    const receiver =
      delta < 0n
        ? (meta.postTokenBalances ?? []).find((entry) => {
            if (entry.mint !== mint || entry.owner === owner) return false;
            const before = (meta.preTokenBalances ?? []).find((p) => p.accountIndex === entry.accountIndex);
            return BigInt(entry.uiTokenAmount.amount) > BigInt(before?.uiTokenAmount.amount ?? '0');
          })
        : undefined;
    tokens.push({
      fungible_info: { name: token.name, symbol: token.symbol, icon: { url: query.iconUrl(token.symbol) } },
      direction: delta < 0n ? 'out' : 'in',
      quantity: { numeric },
      ...(await price(token.symbol, mint, numeric)),
      to: receiver?.owner ?? '',
    });
  }
  // Tokens first: an SPL send that creates the receiver's token account also moves that account's rent in SOL,
  // which is not what the visitor sent (spec §3: the item's first transfer is the one a list shows).
  const transfers = [...tokens, ...sol];
  const counterpart = transfers.find((t) => t.direction === 'out' && t.to)?.to ?? '';
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
    transfers: transfers.map(({ to, ...t }) =>
      t.direction === 'out'
        ? { ...t, sender: owner, recipient: to || counterpart }
        : { ...t, sender: from, recipient: owner },
    ),
  };
}

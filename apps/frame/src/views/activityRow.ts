import type { HistoryItem, Network } from '@airlock/protocol';
import { shortenAddress } from '../ui/format.ts';
import { formatTokenAmount } from '../ui/money.ts';

/** Which way an activity row moved value, from the account's side; `call` when nothing moved. */
export type ActivityDirection = 'in' | 'out' | 'self' | 'call';

/**
 * One Activity row, ready to show (spec §3 'Transaction history item'): what happened
 * (`label`), which way, the other party, the amount with its sign, the status and the
 * transaction's page on the network's block explorer.
 */
export type ActivityRow = {
  /** 'Send', 'Receive', 'Approve', 'Swap', 'Mint', 'Buy', 'Contract call', … */
  label: string;
  direction: ActivityDirection;
  /** The other party: who received (`To`), who sent (`From`) or the called contract (`Contract`). */
  counterparty: { role: 'To' | 'From' | 'Contract'; address: string; short: string } | null;
  /** '−5 DEV', '+0.01 ETH', 'DevNFT #1' (a swap: what went out, '−1 ETH'), or null when nothing moved. */
  amount: string | null;
  /** A swap's second line, what came in ('+3000 DEV'); null otherwise. */
  received: string | null;
  /**
   * The token the row moved (a swap: the one that went out): its symbol and the API's logo URL
   * (`fungible_info.icon.url`, null when absent); null when no fungible token moved.
   */
  token: { symbol: string; iconUrl: string | null } | null;
  /** 'Confirmed', 'Failed' or 'Pending' (the API's status, capitalised). */
  status: string;
  /** `<explorer>/tx/<hash>`, null when the network has no explorer or the hash is not one. */
  explorerUrl: string | null;
};

/** The API's `operationType` values and how a person calls them; `execute` is a contract call. */
const LABELS: Record<string, string> = {
  send: 'Send',
  receive: 'Receive',
  approve: 'Approve',
  trade: 'Swap',
  swap: 'Swap',
  mint: 'Mint',
  burn: 'Burn',
  buy: 'Buy',
  sell: 'Sell',
  deposit: 'Deposit',
  withdraw: 'Withdraw',
  stake: 'Stake',
  unstake: 'Unstake',
  claim: 'Claim',
  execute: 'Contract call',
};

const HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * Describes a history item for its row. Names what is known: the API's operation, and a
 * contract call that sent one token and received another is a Swap. The counterparty comes
 * from the first transfer's `recipient` / `sender` when the API gives them (an ERC-20
 * transfer's transaction goes to the token contract, not to the person), else from the
 * transaction's `sentTo` / `sentFrom`. Amounts are written in `locale` (BCP 47, default
 * English; ui/money.ts formatTokenAmount). Pure.
 */
export function describeActivity(item: HistoryItem, network: Network | undefined, locale = 'en'): ActivityRow {
  const op = item.metadata.operationType.toLowerCase();
  const first = item.transfers[0];
  const outs = item.transfers.filter((t) => t.direction === 'out');
  const ins = item.transfers.filter((t) => t.direction === 'in');
  const swapped =
    outs.length > 0 &&
    ins.length > 0 &&
    outs[0]?.fungible_info?.symbol !== undefined &&
    outs[0].fungible_info.symbol !== ins[0]?.fungible_info?.symbol;
  const label = swapped ? 'Swap' : (LABELS[op] ?? (op ? op.charAt(0).toUpperCase() + op.slice(1) : 'Transaction'));
  const direction: ActivityDirection = !first
    ? 'call'
    : swapped || first.direction === 'self'
      ? 'self'
      : first.direction === 'out'
        ? 'out'
        : first.direction === 'in'
          ? 'in'
          : 'call';

  // The zero address is no one: a mint's sender, a burn's receiver.
  const party = (role: 'To' | 'From' | 'Contract', address: string | undefined) =>
    address && !/^0x0{40}$/i.test(address)
      ? { role, address, short: address.startsWith('0x') ? shortenAddress(address) : address }
      : null;
  const counterparty =
    direction === 'out'
      ? party('To', first?.recipient ?? item.metadata.sentTo)
      : direction === 'in'
        ? op === 'mint' && !first?.sender
          ? null
          : party('From', first?.sender ?? item.metadata.sentFrom)
        : party('Contract', item.metadata.sentTo);

  const quantity = (transfer: HistoryItem['transfers'][number] | undefined, sign: string) =>
    `${sign}${formatTokenAmount(transfer?.quantity?.numeric ?? '', locale)} ${transfer?.fungible_info?.symbol ?? ''}`.trim();
  let amount: string | null = null;
  let received: string | null = null;
  if (first?.nft_info?.name) amount = first.nft_info.name;
  else if (swapped) {
    amount = quantity(outs[0], '\u2212');
    received = quantity(ins[0], '+');
  } else if (first) amount = quantity(first, direction === 'out' ? '\u2212' : direction === 'in' ? '+' : '');

  const status = item.metadata.status
    ? item.metadata.status.charAt(0).toUpperCase() + item.metadata.status.slice(1)
    : '';
  const explorer = network?.blockExplorers?.default.url.replace(/\/+$/, '');
  const explorerUrl = explorer && HASH.test(item.metadata.hash) ? `${explorer}/tx/${item.metadata.hash}` : null;
  const moved = swapped ? outs[0] : first;
  const symbol = first?.nft_info?.name ? undefined : moved?.fungible_info?.symbol;
  const token = symbol ? { symbol, iconUrl: moved?.fungible_info?.icon?.url ?? null } : null;
  return { label, direction, counterparty, amount, received, token, status, explorerUrl };
}

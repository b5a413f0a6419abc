import { encodeFunctionData, parseUnits, type Hex } from 'viem';
import { isEvmAddress, toChecksumAddress } from '@airlock/protocol';
import type { TokenBalance } from '@airlock/protocol';
import { errorTable, type ErrorText } from '../i18n/errorKeys.ts';
import { namespaceOf } from '../namespaces/info.ts';

/**
 * The send form's errors (keys `error.Send<Name>`): the first three are spec §5's words; the others
 * say what is wrong with a typed value and how to fix it.
 */
export const SendMessage = errorTable('Send', {
  AmountAndReceiverRequired: 'An amount and receiver address are required',
  TokenRequired: 'A token is required',
  UnsupportedChain: 'Unsupported chain',
  InvalidAddress: 'Invalid address: 0x followed by 40 hexadecimal characters',
  InvalidAmount: 'The amount must be a number, like 0.5',
  ZeroAmount: 'The amount must be more than 0',
  TooManyDecimals: 'Too many decimal places for this token',
  InsufficientBalance: 'Insufficient balance',
  InvalidSolanaAddress: 'Invalid address: base58, 32 to 44 characters',
  FeeUnknown: 'Could not estimate the network fee; enter the amount yourself',
});

/** The form field a send problem belongs to (the view marks that field invalid). */
export type SendField = 'token' | 'amount' | 'receiver' | 'network';

/**
 * One thing wrong with a send. `required` problems (a field left empty) are shown once
 * the visitor tries to continue; the others as soon as the value is typed.
 */
export type SendProblem = { field: SendField; message: ErrorText; required: boolean };

/**
 * USDT contracts whose `transfer` returns nothing (spec §9 'A fixed list of USDT
 * contract addresses uses a different transfer signature'), lowercase:
 * Ethereum mainnet Tether USD.
 */
export const USDT_ADDRESSES: ReadonlySet<string> = new Set(['0xdac17f958d2ee523a2206206994597c13d831ec7']);

const ERC20_TRANSFER = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const;

const USDT_TRANSFER = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: '_to', type: 'address' },
      { name: '_value', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;

/** What the Send view holds (spec §3 Send state). */
export type SendInput = { token: TokenBalance | null; sendTokenAmount: string; receiverAddress: string };

/** An `eth_sendTransaction` call object (EIP-1193): value in wei as hex; data for ERC-20 transfers. */
export type SendTransaction = {
  from: `0x${string}`;
  to: `0x${string}`;
  value?: Hex;
  data?: Hex;
  /** Gas limit (hex), from the review's estimate. */
  gas?: Hex;
  /** EIP-1559 fee caps in wei per gas (hex), from the review's estimate. */
  maxFeePerGas?: Hex;
  maxPriorityFeePerGas?: Hex;
};

/** The address part of a token's CAIP-10 id (`eip155:1:0x…`), or the id itself when it is a bare address. */
export function tokenContract(token: TokenBalance): `0x${string}` | null {
  if (!token.address) return null;
  const address = token.address.split(':').pop() ?? '';
  return isEvmAddress(address) ? toChecksumAddress(address) : null;
}

/** True when `amount` is a plain decimal number ('5', '0.5', '.5', '5.'). */
function isDecimal(amount: string): boolean {
  return /^(\d+\.?\d*|\.\d+)$/.test(amount);
}

/**
 * Every problem of a send at once (spec §5), in the order of the form: 'An amount and
 * receiver address are required' (either empty), 'A token is required', 'Unsupported
 * chain' (a network without the EVM JSON-RPC or a token of another chain), an invalid receiver
 * (strict EIP-55 checksum when mixed case), an amount that is not a number, is 0, has
 * more decimals than the token or is above the token's balance. Empty when the send can go.
 */
export function checkSend(input: SendInput, caipNetworkId: string): SendProblem[] {
  const problems: SendProblem[] = [];
  const amount = input.sendTokenAmount.trim();
  const receiver = input.receiverAddress.trim();
  const add = (field: SendField, message: ErrorText, required = false) => problems.push({ field, message, required });
  if (!amount || !receiver) add(amount ? 'receiver' : 'amount', SendMessage.AmountAndReceiverRequired, true);
  if (!input.token) add('token', SendMessage.TokenRequired, true);
  if (!namespaceOf(caipNetworkId)?.supports.evm || (input.token && input.token.chainId !== caipNetworkId))
    add('network', SendMessage.UnsupportedChain);
  if (receiver && !isEvmAddress(receiver, { strict: true })) add('receiver', SendMessage.InvalidAddress);
  if (!amount) return problems;
  if (!isDecimal(amount)) {
    add('amount', SendMessage.InvalidAmount);
    return problems;
  }
  const value = amountInUnits(amount, input.token);
  if (value === 0n) add('amount', SendMessage.ZeroAmount);
  else if (value === null && input.token) add('amount', SendMessage.TooManyDecimals);
  else if (value !== null && input.token && value > balanceInUnits(input.token))
    add('amount', SendMessage.InsufficientBalance);
  return problems;
}

/** The token's decimals, null when the listing gave something that is not a small integer. */
function decimalsOf(token: TokenBalance): number | null {
  const decimals = Number(token.quantity.decimals);
  return Number.isInteger(decimals) && decimals >= 0 && decimals <= 255 ? decimals : null;
}

/**
 * `amount` (whole tokens, decimal string) in the token's smallest unit (wei for 18
 * decimals); 0n for a zero amount; null when there is no token, the amount is not a
 * number or has more decimal places than the token.
 */
export function amountInUnits(amount: string, token: TokenBalance | null): bigint | null {
  const trimmed = amount.trim();
  if (!isDecimal(trimmed)) return null;
  if (/^[0.]+$/.test(trimmed)) return 0n;
  const decimals = token ? decimalsOf(token) : null;
  if (decimals === null) return null;
  if ((trimmed.split('.')[1] ?? '').length > decimals) return null;
  return parseUnits(trimmed.startsWith('.') ? `0${trimmed}` : trimmed.replace(/\.$/, ''), decimals);
}

/** The token's balance in its smallest unit (0n when the listing's quantity is unreadable). */
export function balanceInUnits(token: TokenBalance): bigint {
  const decimals = decimalsOf(token);
  if (decimals === null) return 0n;
  try {
    return parseUnits(token.quantity.numeric, decimals);
  } catch {
    return 0n;
  }
}

/**
 * The amount worth in US dollars at the token's price (spec §3 token balance `price`),
 * null when the price is unknown (0) or the amount is not a number.
 */
export function fiatValue(amount: string, token: TokenBalance | null): number | null {
  if (!token || !(token.price > 0) || !isDecimal(amount.trim())) return null;
  const value = Number(amount.trim()) * token.price;
  return Number.isFinite(value) ? value : null;
}

/**
 * Checks a send (spec §5, {@link checkSend}) and builds the transaction: a native transfer
 * (`to` receiver, `value` wei) or an ERC-20 `transfer(to, amount)` (USDT-style
 * signature for {@link USDT_ADDRESSES}), amount scaled by the token's decimals.
 * @returns `{ ok: true, tx }` or `{ ok: false, message, problems }`: every problem, and
 *   the first one's message.
 */
export function buildSendTransaction(
  input: SendInput,
  from: `0x${string}`,
  caipNetworkId: string,
): { ok: true; tx: SendTransaction } | { ok: false; message: ErrorText; problems: SendProblem[] } {
  const problems = checkSend(input, caipNetworkId);
  const value = amountInUnits(input.sendTokenAmount, input.token);
  if (problems.length > 0 || !input.token || value === null)
    return { ok: false, message: problems[0]?.message ?? SendMessage.InvalidAmount, problems };
  const to = toChecksumAddress(input.receiverAddress.trim());
  if (!input.token.address) return { ok: true, tx: { from, to, value: `0x${value.toString(16)}` } };
  const contract = tokenContract(input.token);
  const tokenProblem = { field: 'token', message: SendMessage.TokenRequired, required: true } as const;
  if (!contract) return { ok: false, message: SendMessage.TokenRequired, problems: [tokenProblem] };
  const abi = USDT_ADDRESSES.has(contract.toLowerCase()) ? USDT_TRANSFER : ERC20_TRANSFER;
  const data = encodeFunctionData({ abi, functionName: 'transfer', args: [to, value] });
  return { ok: true, tx: { from, to: contract, data } };
}

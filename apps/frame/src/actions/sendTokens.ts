import { encodeFunctionData, parseUnits, type Hex } from 'viem';
import { isEvmAddress, toChecksumAddress } from '@airlock/protocol';
import type { TokenBalance } from '@airlock/protocol';

/** Spec §5 send messages. */
export const SendMessage = {
  AmountAndReceiverRequired: 'An amount and receiver address are required',
  TokenRequired: 'A token is required',
  UnsupportedChain: 'Unsupported chain',
  InvalidAddress: 'Invalid address',
  InvalidAmount: 'Invalid amount',
  InsufficientBalance: 'Insufficient balance',
} as const;

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
export type SendTransaction = { from: `0x${string}`; to: `0x${string}`; value?: Hex; data?: Hex };

/** The address part of a token's CAIP-10 id (`eip155:1:0x…`), or the id itself when it is a bare address. */
export function tokenContract(token: TokenBalance): `0x${string}` | null {
  if (!token.address) return null;
  const address = token.address.split(':').pop() ?? '';
  return isEvmAddress(address) ? toChecksumAddress(address) : null;
}

/**
 * Checks a send (spec §5) and builds the transaction: a native transfer
 * (`to` receiver, `value` wei) or an ERC-20 `transfer(to, amount)` (USDT-style
 * signature for {@link USDT_ADDRESSES}), amount scaled by the token's decimals.
 * @returns `{ ok: true, tx }` or `{ ok: false, message }` with the spec §5 message
 *   ('An amount and receiver address are required', 'A token is required',
 *   'Unsupported chain' for a non-eip155 network or a token of another chain,
 *   'Invalid address', 'Invalid amount', 'Insufficient balance').
 */
export function buildSendTransaction(
  input: SendInput,
  from: `0x${string}`,
  caipNetworkId: string,
): { ok: true; tx: SendTransaction } | { ok: false; message: string } {
  const amount = input.sendTokenAmount.trim();
  const receiver = input.receiverAddress.trim();
  if (!amount || !receiver) return { ok: false, message: SendMessage.AmountAndReceiverRequired };
  if (!input.token) return { ok: false, message: SendMessage.TokenRequired };
  if (!caipNetworkId.startsWith('eip155:') || input.token.chainId !== caipNetworkId)
    return { ok: false, message: SendMessage.UnsupportedChain };
  if (!isEvmAddress(receiver, { strict: true })) return { ok: false, message: SendMessage.InvalidAddress };
  const decimals = Number(input.token.quantity.decimals);
  if (!/^\d+(\.\d+)?$/.test(amount) || !Number.isInteger(decimals))
    return { ok: false, message: SendMessage.InvalidAmount };
  let value: bigint;
  try {
    value = parseUnits(amount, decimals);
  } catch {
    return { ok: false, message: SendMessage.InvalidAmount };
  }
  if (value <= 0n) return { ok: false, message: SendMessage.InvalidAmount };
  if (value > parseUnits(input.token.quantity.numeric, decimals))
    return { ok: false, message: SendMessage.InsufficientBalance };
  const to = toChecksumAddress(receiver);
  const contract = tokenContract(input.token);
  if (!input.token.address) return { ok: true, tx: { from, to, value: `0x${value.toString(16)}` } };
  if (!contract) return { ok: false, message: SendMessage.TokenRequired };
  const abi = USDT_ADDRESSES.has(contract.toLowerCase()) ? USDT_TRANSFER : ERC20_TRANSFER;
  const data = encodeFunctionData({ abi, functionName: 'transfer', args: [to, value] });
  return { ok: true, tx: { from, to: contract, data } };
}

import { formatGwei, parseGwei } from 'viem';
import { ErrorCode } from '@airlock/protocol';
import { apiFailure } from '../api/client.ts';
import { formatNative, type NativeCurrency } from './nativeCurrency.ts';
import type { RpcSource } from './trustedRpc.ts';

/**
 * The fee policy of the embedded wallet's `eth_sendTransaction` (docs/threat-model.md,
 * "Embedded wallet", fees). The secure frame fills the fees itself (what the dapp passes as
 * `maxFeePerGas`, `maxPriorityFeePerGas`, `gasPrice` or `nonce` is ignored), shows the maximum
 * cost, and signs exactly those numbers. Amounts are wei (per gas for fee rates). Pure.
 */

/** maxFeePerGas = base fee × this + tip: room for the base fee to grow 12.5 % a block for 6 blocks (the usual wallet rule). */
export const BASE_FEE_MULTIPLIER = 2n;

/**
 * Highest tip (maxPriorityFeePerGas) taken from the page's RPC: 2 gwei, above what Ethereum
 * mainnet's blocks usually need; a higher quote is lowered to it (the transaction still goes
 * through, the page cannot make the visitor overpay the block producer).
 */
export const APP_RPC_TIP_CAP = parseGwei('2');

/**
 * Highest gas price taken from the page's RPC on a network without a base fee (legacy
 * pricing): there is no second number to compare with, so a higher quote is refused.
 */
export const APP_RPC_LEGACY_GAS_PRICE_CAP = parseGwei('200');

/** A fee rate no network charges: a quote above it (from any RPC) is refused as absurd. */
export const ABSURD_FEE_PER_GAS = parseGwei('10000');

/** What a JSON-RPC said about fees: the latest block's base fee (undefined: no EIP-1559), the tip, the gas price. */
export type FeeQuote = { baseFeePerGas?: bigint; maxPriorityFeePerGas?: bigint; gasPrice?: bigint };

/** The fee fields to sign: EIP-1559 or legacy. */
export type FeeFields =
  | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  | { type: 'legacy'; gasPrice: bigint };

/** The fee fields and whether the page's quote was lowered to {@link APP_RPC_TIP_CAP}. */
export type FeeDecision = { fees: FeeFields; clamped: boolean };

const refuse = (message: string) => apiFailure(ErrorCode.InvalidParams, message);

/**
 * The fee fields from a quote of `source`: EIP-1559 when the block has a base fee
 * (tip = the quote, lowered to {@link APP_RPC_TIP_CAP} when it comes from the page's RPC;
 * maxFeePerGas = base fee × {@link BASE_FEE_MULTIPLIER} + tip), else legacy (`gasPrice`).
 * @throws -32602 'The network's fee is absurd …' above {@link ABSURD_FEE_PER_GAS}, or for a
 * legacy quote of the page's RPC above {@link APP_RPC_LEGACY_GAS_PRICE_CAP}; -32603 when the
 * quote has no usable number.
 */
export function decideFees(quote: FeeQuote, source: RpcSource): FeeDecision {
  const absurd = (rate: bigint) => {
    if (rate > ABSURD_FEE_PER_GAS)
      throw refuse(`The network's fee is absurd (${formatGwei(rate)} gwei per gas); nothing was signed`);
  };
  if (quote.baseFeePerGas !== undefined) {
    const quoted = quote.maxPriorityFeePerGas ?? 0n;
    if (quoted < 0n) throw apiFailure(ErrorCode.InternalError, 'The network gave no fee');
    const clamped = source === 'app' && quoted > APP_RPC_TIP_CAP;
    const tip = clamped ? APP_RPC_TIP_CAP : quoted;
    const maxFeePerGas = quote.baseFeePerGas * BASE_FEE_MULTIPLIER + tip;
    absurd(maxFeePerGas);
    return { fees: { type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas: tip }, clamped };
  }
  if (quote.gasPrice === undefined || quote.gasPrice < 0n)
    throw apiFailure(ErrorCode.InternalError, 'The network gave no fee');
  absurd(quote.gasPrice);
  if (source === 'app' && quote.gasPrice > APP_RPC_LEGACY_GAS_PRICE_CAP)
    throw refuse(
      `The app's RPC asks ${formatGwei(quote.gasPrice)} gwei per gas, more than ${formatGwei(APP_RPC_LEGACY_GAS_PRICE_CAP)}; nothing was signed`,
    );
  return { fees: { type: 'legacy', gasPrice: quote.gasPrice }, clamped: false };
}

/** The highest fee rate the signed transaction allows (maxFeePerGas, or gasPrice). */
export function maxFeePerGasOf(fees: FeeFields): bigint {
  return fees.type === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice;
}

/**
 * The most the transaction can take from the account, wei: gas × max fee rate + value.
 * @throws -32602 'Insufficient funds: …' when that is more than `balance`.
 */
export function maxCostWithin(
  { gas, fees, value }: { gas: bigint; fees: FeeFields; value: bigint },
  balance: bigint,
  native: NativeCurrency,
): { maxFee: bigint; maxCost: bigint } {
  const maxFee = gas * maxFeePerGasOf(fees);
  const maxCost = maxFee + value;
  if (maxCost > balance)
    throw refuse(
      `Insufficient funds: this transaction may cost up to ${formatNative(maxCost, native)} and the balance is ${formatNative(balance, native)}; nothing was signed`,
    );
  return { maxFee, maxCost };
}

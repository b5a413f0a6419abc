import type { Address, Hex } from 'viem';
import { invalidParams } from './errors.ts';

/**
 * An `eth_sendTransaction` request as a viem wallet client takes it: hex
 * quantities turned into bigint (wei for value and fees, gas units) and the
 * nonce into a number.
 */
export type DevWalletTransaction = {
  to?: Address;
  data?: Hex;
  value?: bigint;
  gas?: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  nonce?: number;
};

const HEX = /^0x[0-9a-fA-F]*$/;

const bigintField = (tx: Record<string, unknown>, key: string): bigint | undefined => {
  const value = tx[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !HEX.test(value) || value === '0x') {
    throw invalidParams(`eth_sendTransaction: ${key} must be a hex quantity`);
  }
  return BigInt(value);
};

/**
 * Converts an EIP-1474 transaction object (hex strings: `to`, `data`/`input`,
 * `value` in wei, `gas`, `gasPrice`, `maxFeePerGas`, `maxPriorityFeePerGas`,
 * `nonce`) into a {@link DevWalletTransaction}. `from`, `chainId` and `type`
 * are checked by the caller and left out here (viem fills nonce, gas and fees).
 * @throws DevWalletRpcError -32602 on a malformed field.
 */
export function toTransaction(raw: unknown): DevWalletTransaction {
  if (typeof raw !== 'object' || raw === null)
    throw invalidParams('eth_sendTransaction: expected a transaction object');
  const tx = raw as Record<string, unknown>;
  const out: DevWalletTransaction = {};
  if (tx.to !== undefined && tx.to !== null) {
    if (typeof tx.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(tx.to))
      throw invalidParams('eth_sendTransaction: bad to');
    out.to = tx.to as Address;
  }
  const data = tx.data ?? tx.input;
  if (data !== undefined && data !== null) {
    if (typeof data !== 'string' || !HEX.test(data)) throw invalidParams('eth_sendTransaction: data must be hex');
    out.data = data as Hex;
  }
  for (const key of ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    const value = bigintField(tx, key);
    if (value !== undefined) out[key] = value;
  }
  const nonce = bigintField(tx, 'nonce');
  if (nonce !== undefined) out.nonce = Number(nonce);
  return out;
}

import { formatUnits, type Hex } from 'viem';
import type { Frame } from '../store/frame.ts';
import { namespaceOf } from '../namespaces/info.ts';
import { findNetwork } from '../store/networks.ts';
import { balanceInUnits, type SendTransaction } from './sendTokens.ts';
import type { TokenBalance } from '@airlock/protocol';
import { connectionOf } from '../store/connection.ts';

/** Gas of a plain native transfer to an account (the Ethereum yellow paper's G_transaction). */
export const NATIVE_TRANSFER_GAS = 21_000n;

/**
 * A network-fee estimate for one transaction (EIP-1559): `gas` units, the fee caps in
 * wei per gas, and `fee` = gas × maxFeePerGas in wei, the most the transaction can cost
 * in fees (what the chain reserves from the balance).
 */
export type FeeEstimate = { gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; fee: bigint };

const hexToBig = (value: unknown): bigint =>
  typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value) ? BigInt(value) : 0n;

/**
 * Estimates the fee of `tx` on the active network through the frame's chain reads:
 * `eth_estimateGas`, the latest block's `baseFeePerGas` and `eth_maxPriorityFeePerGas`;
 * `maxFeePerGas` = 2 × base fee + priority fee (room for two full blocks of base-fee
 * rises). A chain without EIP-1559 falls back to `eth_gasPrice` for both caps.
 * @returns the estimate, or null when the network is not configured, does not speak the EVM JSON-RPC, or
 *   an RPC read fails (each read times out after 10 000 ms, the chain client's limit).
 */
export async function estimateFee(
  frame: Frame,
  tx: Pick<SendTransaction, 'from' | 'to' | 'value' | 'data'>,
): Promise<FeeEstimate | null> {
  const network = findNetwork(frame.config, connectionOf(frame.store.getState()).caipNetworkId);
  if (!network || !namespaceOf(network.caipNetworkId)?.supports.evm) return null;
  try {
    const chain = await frame.chain();
    const call = {
      from: tx.from,
      to: tx.to,
      ...(tx.value ? { value: tx.value } : {}),
      ...(tx.data ? { data: tx.data } : {}),
    };
    const [gasHex, block] = await Promise.all([
      chain.readRpc(network, 'eth_estimateGas', [call]),
      chain.readRpc(network, 'eth_getBlockByNumber', ['latest', false]) as Promise<{ baseFeePerGas?: Hex } | null>,
    ]);
    const gas = hexToBig(gasHex);
    let maxFeePerGas: bigint;
    let maxPriorityFeePerGas: bigint;
    if (block?.baseFeePerGas) {
      maxPriorityFeePerGas = hexToBig(await chain.readRpc(network, 'eth_maxPriorityFeePerGas', []));
      maxFeePerGas = 2n * hexToBig(block.baseFeePerGas) + maxPriorityFeePerGas;
    } else {
      maxFeePerGas = maxPriorityFeePerGas = hexToBig(await chain.readRpc(network, 'eth_gasPrice', []));
    }
    if (gas === 0n) return null;
    return { gas, maxFeePerGas, maxPriorityFeePerGas, fee: gas * maxFeePerGas };
  } catch {
    return null;
  }
}

/**
 * The Max amount of `token` (whole units, decimal string): its whole balance for an
 * ERC-20; for the native token the balance minus the fee of a transfer
 * ({@link estimateFee} of a 21 000-gas transfer, or of the real call when `to` is given),
 * '0' when the fee is above the balance.
 * @returns null when the native fee cannot be estimated (the form keeps its amount).
 */
export async function maxAmount(
  frame: Frame,
  token: TokenBalance,
  from: `0x${string}`,
  to: `0x${string}` | null,
): Promise<string | null> {
  const decimals = Number(token.quantity.decimals);
  const balance = balanceInUnits(token);
  if (token.address) return formatUnits(balance, decimals);
  const estimate = await estimateFee(frame, { from, to: to ?? from, value: '0x0' });
  if (!estimate) return null;
  const gas = estimate.gas > NATIVE_TRANSFER_GAS ? estimate.gas : NATIVE_TRANSFER_GAS;
  const rest = balance - gas * estimate.maxFeePerGas;
  return rest > 0n ? formatUnits(rest, decimals) : '0';
}

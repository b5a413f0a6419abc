import { ApiError } from '../http/errors.ts';
import type { Bip122Chain } from './config.ts';

/** How long one Esplora call may take, ms. */
export const ESPLORA_TIMEOUT_MS = 10_000;

/** Esplora's funded/spent counters of an address (`chain_stats`, `mempool_stats`). */
export type EsploraStats = {
  funded_txo_count: number;
  funded_txo_sum: number;
  spent_txo_count: number;
  spent_txo_sum: number;
  tx_count: number;
};

/** An output in Esplora's transaction JSON. */
export type EsploraOutput = { scriptpubkey_address?: string; value: number };

/** A transaction in Esplora's JSON (the fields read here). */
export type EsploraTx = {
  txid: string;
  vin: { prevout: EsploraOutput | null; is_coinbase?: boolean }[];
  vout: EsploraOutput[];
  fee?: number;
  status: { confirmed: boolean; block_height?: number; block_time?: number };
};

/**
 * GET `path` of the chain's Esplora API as JSON, within {@link ESPLORA_TIMEOUT_MS}.
 * @throws ApiError 502 'Bitcoin backend unavailable' when it does not answer, answers an error
 *   status or something that is not JSON (the operator's backend, not the caller, is at fault).
 */
export async function esplora<T>(chain: Bip122Chain, path: string): Promise<T> {
  try {
    const res = await fetch(`${chain.esploraUrl}${path}`, { signal: AbortSignal.timeout(ESPLORA_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`status ${res.status}`);
    return (await res.json()) as T;
  } catch (error) {
    throw new ApiError(502, `Bitcoin backend unavailable (${(error as Error).message})`);
  }
}

/** Satoshis as BTC decimal text without trailing zeros (`150000000` → `1.5`, `-1` → `-0.00000001`). */
export function formatSats(sats: bigint): string {
  const sign = sats < 0n ? '-' : '';
  const abs = sats < 0n ? -sats : sats;
  const fraction = (abs % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return `${sign}${abs / 100_000_000n}${fraction ? `.${fraction}` : ''}`;
}

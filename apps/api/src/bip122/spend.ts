import { ApiError } from '../http/errors.ts';
import type { Bip122Chain } from './config.ts';
import { ESPLORA_TIMEOUT_MS, esplora } from './esplora.ts';
import { TXID } from './history.ts';

/**
 * What a Bitcoin send needs from the operator's Esplora backend: the fee rates to choose from
 * and the coins an address can spend. The frame builds the PSBT from these (the wallet signs it);
 * nothing Bitcoin-specific is fetched from the page.
 */

/**
 * Fee rates in sat/vB (spec §7 `GET /v1/convert/gas-price` shape, for a `bip122:` chain): what to
 * pay per virtual byte to be mined within about six blocks (`standard`), three (`fast`) or the
 * next one (`instant`). Integers, at least 1 (Bitcoin Core's minimum relay fee), and
 * standard ≤ fast ≤ instant.
 */
export type Bip122FeeRates = { standard: number; fast: number; instant: number };

/** The confirmation targets (blocks) read from Esplora's `/fee-estimates` for standard, fast and instant. */
export const FEE_TARGETS = { standard: 6, fast: 3, instant: 1 } as const;

/**
 * The fee rates of a Bitcoin network from its Esplora `GET /fee-estimates` (`{ "<blocks>":
 * sat/vB }`, fractional): each target's estimate, or the nearest longer target's when the
 * backend gives none for it, rounded up to whole sat/vB, at least 1, then made monotonic.
 * @throws ApiError 502 when the backend fails or answers something that is not an estimate table.
 */
export async function getBip122FeeRates(chain: Bip122Chain): Promise<Bip122FeeRates> {
  const table = await esplora<Record<string, unknown>>(chain, '/fee-estimates');
  const known = Object.entries(table ?? {})
    .map(([blocks, rate]) => [Number(blocks), rate] as const)
    .filter((e): e is readonly [number, number] => Number.isInteger(e[0]) && typeof e[1] === 'number' && e[1] > 0)
    .sort((a, b) => a[0] - b[0]);
  const at = (target: number) => {
    const rate = known.find(([blocks]) => blocks >= target)?.[1] ?? known.at(-1)?.[1] ?? 1;
    return Math.max(1, Math.ceil(Math.min(rate, 1_000_000)));
  };
  const standard = at(FEE_TARGETS.standard);
  const fast = Math.max(standard, at(FEE_TARGETS.fast));
  return { standard, fast, instant: Math.max(fast, at(FEE_TARGETS.instant)) };
}

/** A coin an address can spend: the output `txid:vout`, its value in satoshis and whether it is mined. */
export type Bip122Utxo = { txid: string; vout: number; value: number; confirmed: boolean };

/** The most coins answered for one address (a send rarely needs more; the largest are kept). */
export const MAX_UTXOS = 500;

/**
 * The unspent outputs of `address` (Esplora `GET /address/:address/utxo`: unspent by the chain
 * and the mempool), largest first, at most {@link MAX_UTXOS}. Malformed entries are dropped.
 * @throws ApiError 502 when the backend fails.
 */
export async function getBip122Utxos(chain: Bip122Chain, address: string): Promise<Bip122Utxo[]> {
  const listed = await esplora<unknown>(chain, `/address/${encodeURIComponent(address)}/utxo`);
  const utxos: Bip122Utxo[] = [];
  for (const u of Array.isArray(listed) ? listed : []) {
    const { txid, vout, value, status } = (u ?? {}) as Record<string, unknown>;
    if (typeof txid !== 'string' || !TXID.test(txid)) continue;
    if (!Number.isSafeInteger(vout) || (vout as number) < 0 || !Number.isSafeInteger(value) || (value as number) <= 0)
      continue;
    utxos.push({
      txid,
      vout: vout as number,
      value: value as number,
      confirmed: (status as { confirmed?: unknown } | undefined)?.confirmed === true,
    });
  }
  return utxos.sort((a, b) => b.value - a.value).slice(0, MAX_UTXOS);
}

/** The largest raw transaction accepted for broadcast, hex characters (Bitcoin Core's standard limit: 400,000 weight units, 100 kvB). */
export const MAX_TX_HEX = 200_000;

/**
 * Broadcasts a signed raw transaction (`hex`) through the backend's Esplora `POST /tx`, within
 * the backend timeout.
 * @returns its txid, as the backend answers it
 * @throws ApiError 400 `The network refused the transaction: <the node's reason>` when the backend
 *   refuses it (4xx); 502 when it fails otherwise or does not answer a txid.
 */
export async function broadcastBip122Tx(chain: Bip122Chain, hex: string): Promise<string> {
  let res: Response;
  let body: string;
  try {
    res = await fetch(`${chain.esploraUrl}/tx`, {
      method: 'POST',
      body: hex,
      signal: AbortSignal.timeout(ESPLORA_TIMEOUT_MS),
    });
    body = (await res.text()).trim();
  } catch (error) {
    throw new ApiError(502, `Bitcoin backend unavailable (${(error as Error).message})`);
  }
  if (res.status >= 400 && res.status < 500)
    throw new ApiError(400, `The network refused the transaction: ${body.slice(0, 300)}`);
  if (!res.ok || !TXID.test(body)) throw new ApiError(502, `Bitcoin backend unavailable (status ${res.status})`);
  return body;
}

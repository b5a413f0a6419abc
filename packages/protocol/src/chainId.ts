import { formatCaipNetworkId, parseCaipNetworkId, type CaipNetworkId } from './caip.ts';

/**
 * Chain-id conversions between the forms the field uses: the decimal number of
 * EIP-155, the `0x` hex string of EIP-1193 `eth_chainId` / `chainChanged`, and the
 * CAIP-2 network id (`eip155:31337`). Use these instead of hand-written conversions.
 */

/** A hex chain id as EIP-1193 `eth_chainId` returns it, e.g. `0x7a69`. */
export type HexChainId = `0x${string}`;

/** Largest chain id accepted: EIP-2294 bounds chain ids to 2^53 - 1 in practice (safe integers). */
const MAX_CHAIN_ID = Number.MAX_SAFE_INTEGER;

/**
 * A decimal chain id as EIP-1193 hex, without leading zeros: `31337` → `0x7a69`.
 * @throws RangeError 'Invalid chainId' unless `chainId` is a positive safe integer.
 */
export function toHexChainId(chainId: number | bigint): HexChainId {
  const n = typeof chainId === 'bigint' ? Number(chainId) : chainId;
  if (!Number.isSafeInteger(n) || n <= 0 || n > MAX_CHAIN_ID) throw new RangeError('Invalid chainId');
  return `0x${n.toString(16)}`;
}

/** Chain ids from 2^31 up have no ENSIP-11 coin type (the high bit marks an EVM chain). */
const COIN_TYPE_EVM_BIT = 0x80000000;

/**
 * The ENSIP-11 coin type of an EVM chain, as name registration sends it: `0x80000000 | chainId`
 * (unsigned), e.g. `10` → `2147483658` (spec §5 'Chain id to coin type').
 * @throws RangeError 'Invalid chainId' when `chainId` is not a positive integer below 2^31 (spec §5:
 * values of 2^31 or more are rejected; they would collide with other chains' coin types).
 */
export function coinTypeOfChainId(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId <= 0 || chainId >= COIN_TYPE_EVM_BIT)
    throw new RangeError('Invalid chainId');
  return (COIN_TYPE_EVM_BIT | chainId) >>> 0;
}

/**
 * Parses a chain id as wallets send it: EIP-1193 hex (`0x7a69`), or a decimal number or
 * decimal string (some wallets). Returns the positive safe integer, or `null` when
 * malformed (never throws: wallet input is untrusted).
 */
export function fromHexChainId(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,14}$/.test(value)) n = Number.parseInt(value.slice(2), 16);
  else if (typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value)) n = Number(value);
  else return null;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The CAIP-2 id of an eip155 chain: `31337` or `0x7a69` → `eip155:31337`.
 * @throws RangeError 'Invalid chainId' when the chain id is malformed.
 */
export function eip155NetworkId(chainId: number | bigint | string): CaipNetworkId {
  const n =
    typeof chainId === 'string' ? fromHexChainId(chainId) : typeof chainId === 'bigint' ? Number(chainId) : chainId;
  if (n === null || !Number.isSafeInteger(n) || n <= 0) throw new RangeError('Invalid chainId');
  return formatCaipNetworkId('eip155', n);
}

/**
 * The decimal chain id of an eip155 CAIP-2 network id (`eip155:31337` → 31337), or
 * `null` when it is not a well-formed eip155 id. Never throws.
 */
export function eip155ChainId(caipNetworkId: string): number | null {
  try {
    const { chainNamespace, chainId } = parseCaipNetworkId(caipNetworkId);
    return chainNamespace === 'eip155' && /^[1-9][0-9]*$/.test(chainId) ? fromHexChainId(chainId) : null;
  } catch {
    return null;
  }
}

/**
 * The EIP-1193 hex chain id of an eip155 CAIP-2 network id (`eip155:31337` → `0x7a69`),
 * or `null` when it is not a well-formed eip155 id. Never throws.
 */
export function caipNetworkIdToHex(caipNetworkId: string): HexChainId | null {
  const n = eip155ChainId(caipNetworkId);
  return n === null ? null : toHexChainId(n);
}

/**
 * The chain id of a CAIP-2 network id as the dapp APIs give it (`useNetwork().chainId` in
 * `@airlock/react`): on eip155 the EIP-155 chain id as a number (`eip155:31337` → `31337`), on
 * every other namespace the CAIP-2 reference as written (`solana:EtWT…` → `'EtWT…'`). The namespace
 * decides here, where the namespaces are defined, so the bindings do not branch on its name.
 * Pure; `NaN` for an eip155 id whose reference is not a number.
 */
export function caipChainId(caipNetworkId: string): number | string {
  const at = caipNetworkId.indexOf(':');
  const reference = caipNetworkId.slice(at + 1);
  return caipNetworkId.slice(0, at) === 'eip155' ? Number(reference) : reference;
}

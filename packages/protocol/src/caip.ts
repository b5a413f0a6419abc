import { Message } from './codes.ts';

/**
 * CAIP-2 network ids (`eip155:1`) and CAIP-10 account ids (`eip155:1:0xab…`).
 * Error messages are verbatim from spec §5.
 */

/** CAIP-2 namespace: 3 to 8 lowercase letters, digits or hyphens. */
const NAMESPACE = /^[-a-z0-9]{3,8}$/;
/** CAIP-2 reference: 1 to 32 letters, digits, hyphens or underscores. */
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/;
/** CAIP-10 account address: 1 to 128 of letters, digits and `-.%`. */
const ACCOUNT = /^[-.%a-zA-Z0-9]{1,128}$/;

/** A CAIP-2 network id such as `eip155:31337`. */
export type CaipNetworkId = `${string}:${string}`;
/** A CAIP-10 account id such as `eip155:31337:0xf39F…2266`. */
export type CaipAddress = `${string}:${string}:${string}`;

/** A parsed CAIP-2 network id: `{ chainNamespace, chainId }` (chainId is the CAIP-2 reference, a string). */
export type ParsedCaipNetworkId = { chainNamespace: string; chainId: string };
/** A parsed CAIP-10 account id: network parts plus `address`. */
export type ParsedCaipAddress = ParsedCaipNetworkId & { address: string };

/**
 * Parses a CAIP-2 network id.
 * @throws Error 'Invalid CAIP-2 network id' unless it has exactly 2 colon-separated, well-formed parts (spec §5).
 */
export function parseCaipNetworkId(caipNetworkId: string): ParsedCaipNetworkId {
  const parts = typeof caipNetworkId === 'string' ? caipNetworkId.split(':') : [];
  const [chainNamespace, chainId] = parts;
  if (parts.length !== 2 || !NAMESPACE.test(chainNamespace!) || !REFERENCE.test(chainId!)) {
    throw new Error(Message.InvalidCaipNetworkId);
  }
  return { chainNamespace: chainNamespace!, chainId: chainId! };
}

/**
 * Formats a CAIP-2 network id from its parts.
 * @throws Error 'Invalid CAIP-2 network id' when a part is malformed.
 */
export function formatCaipNetworkId(chainNamespace: string, chainId: string | number): CaipNetworkId {
  const id = `${chainNamespace}:${chainId}` as CaipNetworkId;
  parseCaipNetworkId(id);
  return id;
}

/**
 * Parses a CAIP-10 account id.
 * @throws Error 'Invalid CAIP-10 address' unless it has exactly 3 colon-separated, well-formed parts (spec §5).
 */
export function parseCaipAddress(caipAddress: string): ParsedCaipAddress {
  const parts = typeof caipAddress === 'string' ? caipAddress.split(':') : [];
  const [chainNamespace, chainId, address] = parts;
  // Spec §5: not three parts is 'Invalid CAIP Address'; three malformed parts 'Invalid CAIP-10 address'.
  if (parts.length !== 3) throw new Error(Message.InvalidCaipAddressShort);
  if (!NAMESPACE.test(chainNamespace!) || !REFERENCE.test(chainId!) || !ACCOUNT.test(address!)) {
    throw new Error(Message.InvalidCaipAddress);
  }
  return { chainNamespace: chainNamespace!, chainId: chainId!, address: address! };
}

/**
 * Formats a CAIP-10 account id from a CAIP-2 network id and an address.
 * @throws Error 'Invalid CAIP-10 address' when the result is malformed.
 */
export function formatCaipAddress(caipNetworkId: string, address: string): CaipAddress {
  const id = `${caipNetworkId}:${address}` as CaipAddress;
  parseCaipAddress(id);
  return id;
}

/** True when `value` is a well-formed CAIP-2 network id. Never throws. */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  try {
    parseCaipNetworkId(value as string);
    return true;
  } catch {
    return false;
  }
}

/** True when `value` is a well-formed CAIP-10 account id. Never throws. */
export function isCaipAddress(value: unknown): value is CaipAddress {
  try {
    parseCaipAddress(value as string);
    return true;
  } catch {
    return false;
  }
}

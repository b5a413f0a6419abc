import {
  isEvmAddress,
  parseCaipAddress,
  toChecksumAddress,
  eip155ChainId,
  type CaipNetworkId,
} from '@airlock/protocol';
import { accountAddressOf } from '../../namespaces/addresses.ts';

/**
 * Reading a WalletConnect session's eip155 namespace (pure helpers).
 */

/** The parts of a session the frame reads. */
export type SessionLike = {
  namespaces?: Record<string, { accounts?: string[]; chains?: string[]; methods?: string[] } | undefined>;
  peer?: { metadata?: { name?: string; icons?: string[] } };
};

/** The session's eip155 accounts as `{ chainId, address }` (EIP-55), in session order; malformed entries dropped. */
export function sessionAccounts(session: SessionLike | undefined): { chainId: number; address: `0x${string}` }[] {
  const list: { chainId: number; address: `0x${string}` }[] = [];
  for (const caip of session?.namespaces?.eip155?.accounts ?? []) {
    try {
      const { chainNamespace, chainId, address } = parseCaipAddress(caip);
      const id = eip155ChainId(`${chainNamespace}:${chainId}`);
      if (id !== null && isEvmAddress(address)) list.push({ chainId: id, address: toChecksumAddress(address) });
    } catch {
      /* malformed: dropped */
    }
  }
  return list;
}

/** The eip155 chain ids the session approved (from its accounts and chains). */
export function sessionChains(session: SessionLike | undefined): number[] {
  const ids = new Set(sessionAccounts(session).map((a) => a.chainId));
  for (const chain of session?.namespaces?.eip155?.chains ?? []) {
    const id = eip155ChainId(chain);
    if (id !== null) ids.add(id);
  }
  return [...ids];
}

/**
 * The session's accounts of `namespace` (CAIP-10 `<namespace>:<reference>:<address>`) as
 * `{ caipNetworkId, address }`, each address as its namespace keeps it (`accountAddressOf`: solana
 * base58, eip155 EIP-55); an entry of another namespace, malformed or not an address there is
 * skipped. In session order.
 */
export function sessionNamespaceAccounts(
  session: SessionLike | undefined,
  namespace: string,
): { caipNetworkId: CaipNetworkId; address: string }[] {
  const list: { caipNetworkId: CaipNetworkId; address: string }[] = [];
  for (const caip of session?.namespaces?.[namespace]?.accounts ?? []) {
    try {
      const { chainNamespace, chainId, address } = parseCaipAddress(caip);
      const kept = chainNamespace === namespace ? accountAddressOf(caip, address) : null;
      if (kept) list.push({ caipNetworkId: `${chainNamespace}:${chainId}` as CaipNetworkId, address: kept });
    } catch {
      /* malformed: skipped */
    }
  }
  return list;
}

/** The addresses of the session (deduplicated), those on `chainId` first. */
export function sessionAddresses(session: SessionLike | undefined, chainId?: number): `0x${string}`[] {
  const accounts = sessionAccounts(session);
  const ordered = [...accounts.filter((a) => a.chainId === chainId), ...accounts];
  return [...new Set(ordered.map((a) => a.address))];
}

/** True when the session's `namespace` granted `method` (WalletConnect session namespaces' `methods`). */
export function sessionGrants(session: SessionLike | undefined, namespace: string, method: string): boolean {
  const methods = session?.namespaces?.[namespace]?.methods;
  return Array.isArray(methods) && methods.includes(method);
}

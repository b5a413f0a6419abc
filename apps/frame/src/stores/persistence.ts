import type { ChainNamespace } from '@airlock/protocol';
import { MAX_RECENT_WALLETS } from './connectors.ts';

/**
 * What the frame keeps in its own localStorage (spec §3 'Local storage keeps'),
 * every key prefixed `airlock:`. Values are JSON. Storage failures (private
 * mode, quota, storage blocked in a third-party iframe) are ignored: the frame
 * then simply forgets.
 */
export const StorageKey = {
  /** rdns list of recent wallets, most recent first (max 2, spec §9). */
  recentWallets: 'airlock:recentWallets',
  /** Prefix for the connected connector per namespace: `airlock:connectedConnector:eip155` = rdns. */
  connectedConnector: 'airlock:connectedConnector:',
  /** The active CAIP-2 network id. */
  activeCaipNetworkId: 'airlock:activeCaipNetworkId',
} as const;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function read(key: string): unknown {
  try {
    const raw = storage()?.getItem(key);
    return raw == null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable: forget */
  }
}

/** Recent wallet rdns list, most recent first, at most 2; [] when nothing (valid) is stored. */
export function loadRecentWallets(): string[] {
  const value = read(StorageKey.recentWallets);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, MAX_RECENT_WALLETS) : [];
}

/** Stores the recent wallet rdns list (capped at 2). */
export function saveRecentWallets(recent: readonly string[]): void {
  write(StorageKey.recentWallets, recent.slice(0, MAX_RECENT_WALLETS));
}

/** The rdns of the connector connected for `chainNamespace` before the reload, or null. */
export function loadConnectedConnector(chainNamespace: ChainNamespace): string | null {
  const value = read(StorageKey.connectedConnector + chainNamespace);
  return typeof value === 'string' && value ? value : null;
}

/** Remembers (rdns) or clears (null) the connected connector for `chainNamespace` (spec §4 'connector remembered'). */
export function saveConnectedConnector(chainNamespace: ChainNamespace, rdns: string | null): void {
  write(StorageKey.connectedConnector + chainNamespace, rdns);
}

/** The stored active CAIP-2 network id, or null. */
export function loadActiveNetwork(): string | null {
  const value = read(StorageKey.activeCaipNetworkId);
  return typeof value === 'string' ? value : null;
}

/** Stores the active CAIP-2 network id. */
export function saveActiveNetwork(caipNetworkId: string): void {
  write(StorageKey.activeCaipNetworkId, caipNetworkId);
}

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

/**
 * Where the values live. The frame's own localStorage when the browser grants
 * it; otherwise (a third-party iframe with third-party storage blocked:
 * Chromium incognito, Brave, Safari without partitioning …) one JSON blob on
 * the dapp origin through the host's `storage.get` / `storage.set`
 * (PROTOCOL.md), loaded by {@link hydrateFromHost} after the handshake. Reads
 * come from the in-memory copy either way.
 */
const cache = new Map<string, string>();

function frameStorage(): Storage | null {
  try {
    const s = globalThis.localStorage;
    if (!s) return null;
    s.setItem('airlock:probe', '1');
    s.removeItem('airlock:probe');
    return s;
  } catch {
    return null;
  }
}

let local: Storage | null = null;
let useHost = false;

/**
 * Loads the stored values: from the frame's localStorage when it is usable,
 * otherwise marks the host as the store (see {@link hydrateFromHost}). Runs on
 * import; tests call it again after changing `localStorage`.
 */
export function initPersistence(): void {
  cache.clear();
  local = frameStorage();
  useHost = !local;
  if (!local) return;
  for (let i = 0; i < local.length; i++) {
    const key = local.key(i);
    const value = key?.startsWith('airlock:') ? local.getItem(key) : null;
    if (key && value != null) cache.set(key, value);
  }
}
initPersistence();

/**
 * When the frame's own localStorage is denied, loads the blob kept on the
 * dapp origin (`getBlob`, the host's `storage.get`); a malformed blob is
 * ignored. `setBlob` (the host's `storage.set`) receives every later change.
 * Does nothing when the frame's own storage works.
 */
export async function hydrateFromHost(
  getBlob: () => Promise<string | null>,
  setBlob: (blob: string) => Promise<void>,
): Promise<void> {
  if (!useHost) return;
  hostSetBlob = setBlob;
  const blob = await getBlob();
  try {
    const parsed: unknown = blob ? JSON.parse(blob) : null;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return;
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (key.startsWith('airlock:') && typeof value === 'string') cache.set(key, value);
    }
  } catch {
    /* malformed blob: start empty */
  }
}

let hostSetBlob: ((blob: string) => Promise<void>) | null = null;

function read(key: string): unknown {
  try {
    const raw = cache.get(key);
    return raw == null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  if (value === null) cache.delete(key);
  else cache.set(key, JSON.stringify(value));
  try {
    if (local) {
      if (value === null) local.removeItem(key);
      else local.setItem(key, cache.get(key)!);
    } else if (hostSetBlob) {
      void hostSetBlob(JSON.stringify(Object.fromEntries(cache)));
    }
  } catch {
    /* storage full or revoked: keep the in-memory copy */
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

/**
 * Prefix of the WalletConnect client's own keys (issue 3: its storage goes
 * through this cache, so it lives on the dapp origin too when the frame's
 * storage is denied).
 */
export const WALLETCONNECT_KEY_PREFIX = 'airlock:wc:';

/** The keys stored under `prefix` (full keys, prefix included). */
export function storedKeys(prefix: string): string[] {
  return [...cache.keys()].filter((key) => key.startsWith(prefix));
}

/** The JSON value stored under `key` (which must start with `airlock:`), or null. */
export function loadStoredValue(key: string): unknown {
  return read(key);
}

/** Stores a JSON-serialisable value under `key` (which must start with `airlock:`); null removes it. */
export function saveStoredValue(key: string, value: unknown): void {
  write(key, value);
}

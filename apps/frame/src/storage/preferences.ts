import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { PersistedFramePreferencesSchema, type FramePreferences } from '../store/persisted.ts';
import type { HostClient } from '../host/client.ts';
import { usableLocalStorage } from './localStorage.ts';

/**
 * Preference storage (non-secret only: recent wallets, active network, the connected
 * connectors and connections per namespace, disconnected connector ids, preferred account types): the frame's own localStorage when usable, else the versioned blob
 * on the dapp origin through the host's `storage.get` / `storage.set`. Every value read
 * is validated with `PersistedFramePreferencesSchema` (store/persisted.ts: version 2, or 1 to be
 * migrated); an invalid one is dropped.
 */

/** What zustand `persist` stores: the preferences slice. */
export type PersistedPreferences = { preferences: FramePreferences };

/** Where the preferences live: `local` (frame storage) or `host` (the blob on the dapp origin). */
export type PreferenceStorage = PersistStorage<PersistedPreferences> & { readonly kind: 'local' | 'host' };

function parse(raw: string | null): StorageValue<PersistedPreferences> | null {
  if (!raw) return null;
  try {
    const parsed = PersistedFramePreferencesSchema.safeParse(JSON.parse(raw));
    // A version-1 value goes to the store as it is: its `migrate` turns it into version 2.
    return parsed.success ? (parsed.data as StorageValue<PersistedPreferences>) : null;
  } catch {
    return null;
  }
}

/**
 * Creates the preference storage.
 * @param host the host client (used only when the frame's localStorage is denied)
 * @param local the frame's usable localStorage or null (default: probed)
 */
export function createPreferenceStorage(
  host: HostClient,
  local: Storage | null = usableLocalStorage(),
): PreferenceStorage {
  const storage = backing(host, local);
  // zustand `persist` writes after every change of the store: write nothing before the
  // stored value was read (it would overwrite it with the defaults), then only changes.
  let read = false;
  let last = '';
  return {
    ...storage,
    getItem: async (name) => {
      try {
        const value = await storage.getItem(name);
        last = value ? JSON.stringify(value) : '';
        return value;
      } finally {
        read = true;
      }
    },
    setItem: (name, value) => {
      const json = JSON.stringify(value);
      if (!read || json === last) return;
      last = json;
      return storage.setItem(name, value);
    },
  };
}

function backing(host: HostClient, local: Storage | null): PreferenceStorage {
  if (local) {
    return {
      kind: 'local',
      getItem: (name) => parse(local.getItem(name)),
      setItem: (name, value) => {
        try {
          local.setItem(name, JSON.stringify(value));
        } catch {
          /* full: forget */
        }
      },
      removeItem: (name) => {
        try {
          local.removeItem(name);
        } catch {
          /* revoked */
        }
      },
    };
  }
  return {
    kind: 'host',
    getItem: async () => parse(await host.storageGet()),
    setItem: (_name, value) => host.storageSet(JSON.stringify(value)),
    removeItem: () => host.storageSet(''),
  };
}

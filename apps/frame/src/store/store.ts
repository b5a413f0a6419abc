import { createStore, type StoreApi } from 'zustand/vanilla';
import { persist } from 'zustand/middleware';
import type { Preferences } from '@airlock/protocol';
import type { PersistedPreferences, PreferenceStorage } from '../storage/preferences.ts';
import { FRAME_PREFERENCES_VERSION, migratePreferences } from './persisted.ts';
import type { FrameState } from './state.ts';

/** The frame's store: zustand vanilla with `persist` (only `preferences` is stored). */
export type FrameStore = StoreApi<FrameState> & {
  persist: { rehydrate: () => Promise<void> | void; hasHydrated: () => boolean };
};

/**
 * Creates the store with `initial`, persisting the `preferences` slice under `name`
 * (a parent-origin-scoped key, storage/keys.ts) in `storage`. Hydration waits for
 * {@link FrameStore.persist.rehydrate} (the host blob is reachable only after the
 * handshake); what is read is validated by the storage (zod), migrated from version 1 when it is
 * older, and merged as a whole slice.
 */
export function createFrameStore(initial: FrameState, storage: PreferenceStorage, name: string): FrameStore {
  return createStore<FrameState>()(
    persist(() => initial, {
      name,
      version: FRAME_PREFERENCES_VERSION,
      storage,
      // A version-1 blob (validated by the storage) is migrated, not dropped.
      migrate: (persisted, version): PersistedPreferences =>
        version === 1
          ? { preferences: migratePreferences((persisted as { preferences: Preferences }).preferences) }
          : (persisted as PersistedPreferences),
      skipHydration: true,
      partialize: (state): PersistedPreferences => ({ preferences: state.preferences }),
      merge: (persisted, current) => {
        const preferences = (persisted as PersistedPreferences | undefined)?.preferences;
        return preferences ? { ...current, preferences } : current;
      },
    }),
  ) as unknown as FrameStore;
}

import { createStore, type StoreApi } from 'zustand/vanilla';
import { persist } from 'zustand/middleware';
import { PREFERENCES_VERSION } from '@airlock/protocol';
import type { PersistedPreferences, PreferenceStorage } from '../storage/preferences.ts';
import type { FrameState } from './state.ts';

/** The frame's store: zustand vanilla with `persist` (only `preferences` is stored). */
export type FrameStore = StoreApi<FrameState> & {
  persist: { rehydrate: () => Promise<void> | void; hasHydrated: () => boolean };
};

/**
 * Creates the store with `initial`, persisting the `preferences` slice under `name`
 * (a parent-origin-scoped key, storage/keys.ts) in `storage`. Hydration waits for
 * {@link FrameStore.persist.rehydrate} (the host blob is reachable only after the
 * handshake); what is read is validated by the storage (zod) and merged as a whole slice.
 */
export function createFrameStore(initial: FrameState, storage: PreferenceStorage, name: string): FrameStore {
  return createStore<FrameState>()(
    persist(() => initial, {
      name,
      version: PREFERENCES_VERSION,
      storage,
      skipHydration: true,
      partialize: (state): PersistedPreferences => ({ preferences: state.preferences }),
      merge: (persisted, current) => {
        const preferences = (persisted as PersistedPreferences | undefined)?.preferences;
        return preferences ? { ...current, preferences } : current;
      },
    }),
  ) as unknown as FrameStore;
}

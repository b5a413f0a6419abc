import { fetchIdentity } from '../api/identity.ts';
import type { Frame } from '../store/frame.ts';

/** Spec §8 name error, logged when an address's name cannot be read. */
export const NAMES_FAILED = 'Error fetching names for address';

/**
 * Looks up the name and profile image of `address` (`GET /v1/identity/{address}`) into the
 * `names` and `profileImages` slices, through the frame's identity cache (spec §9: 5 min;
 * `fetchIdentity` of api/identity.ts). A failure leaves the address
 * without a name (the address still shows) and the console says 'Error fetching names for
 * address' with the reason (spec §8). Never throws.
 */
export async function lookupName(frame: Frame, address: string): Promise<void> {
  if (!frame.api || !/^0x[0-9a-fA-F]{40}$/.test(address)) return;
  const key = address.toLowerCase();
  try {
    const { name, avatar } = await fetchIdentity(frame.api, address, frame.caches);
    const now = frame.store.getState();
    if (now.names[key] !== name || now.profileImages[key] !== avatar)
      frame.store.setState((s) => ({
        names: { ...s.names, [key]: name },
        profileImages: { ...s.profileImages, [key]: avatar },
      }));
  } catch (error) {
    // No name shown; the address is enough for the visitor.
    console.warn(`[airlock] ${NAMES_FAILED}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

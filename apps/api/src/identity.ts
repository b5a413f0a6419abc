import type { Db } from './db/client.ts';
import { namesOf } from './profile/names.ts';

/** What `GET /v1/identity/{address}` returns (spec §7): the address's name and avatar, null when none. */
export type Identity = { name: string | null; avatar: string | null };

/**
 * The identity of `address`: its primary registered name (the oldest one it
 * registered through `POST /v1/profile/account`), no avatar (no avatar store).
 */
export async function getIdentity(db: Db, address: string): Promise<Identity> {
  const [primary] = await namesOf(db, address.startsWith('0x') ? address : `0x${address}`);
  return { name: primary?.name ?? null, avatar: null };
}

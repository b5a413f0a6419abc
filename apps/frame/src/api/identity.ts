import { IdentityResponseSchema } from '@airlock/protocol';
import type { BlockchainCaches, Identity } from './blockchain.ts';
import type { ApiClient } from './client.ts';

/**
 * The identity of `address` (GET /v1/identity/{address}), cached 5 min (spec §9) in `store.identity`.
 * Apart from api/blockchain.ts so that only the chunk that shows names (its one caller) carries it.
 * @throws ApiError when the call fails
 */
export async function fetchIdentity(client: ApiClient, address: string, store: BlockchainCaches): Promise<Identity> {
  const key = address.toLowerCase();
  const hit = store.identity.get(key);
  if (hit) return hit;
  const body = await client.call({ schema: IdentityResponseSchema, path: `/v1/identity/${address}` });
  const identity = { name: body.name ?? null, avatar: body.avatar ?? null };
  store.identity.set(key, identity);
  return identity;
}

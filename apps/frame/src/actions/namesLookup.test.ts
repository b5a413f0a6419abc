import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { ACCOUNT_0, createTestFrame } from '../testing/testFrame.ts';
import { lookupName } from './namesLookup.ts';

/** A frame whose API answers the identity call with `status`. */
async function frameAnswering(status: number, body: unknown) {
  const fetch = async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const api = createApiClient({ baseUrl: 'http://api.test', projectId: 'p', fetch, sleep: async () => {} });
  return (await createTestFrame({ start: false, api })).frame;
}

describe('the name of an address (spec §7 identity, §8)', () => {
  it('is read into the names slice', async () => {
    const frame = await frameAnswering(200, { name: 'alice.reown.id', avatar: null });
    await lookupName(frame, ACCOUNT_0);
    expect(frame.store.getState().names[ACCOUNT_0.toLowerCase()]).toBe('alice.reown.id');
  });

  it("a failed read leaves no name and logs 'Error fetching names for address'", async () => {
    const frame = await frameAnswering(400, { message: 'bad address' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await lookupName(frame, ACCOUNT_0);
    expect(frame.store.getState().names[ACCOUNT_0.toLowerCase()]).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('[airlock] Error fetching names for address: '));
    warn.mockRestore();
  });
});

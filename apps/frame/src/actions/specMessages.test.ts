import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { signIn } from '../siwx/flow.ts';
import { createTestFrame, testConfig } from '../testing/testFrame.ts';
import { startEmailLogin } from './embeddedLogin.ts';
import { fetchNameSuggestions } from './names.ts';

// Spec §8 messages the audit found implemented without a test (rows 8.23, 8.33, 8.43).
describe('spec §8 messages', () => {
  it("an email login without the secure frame: 'No auth connector found' (8.23)", async () => {
    const { frame } = await createTestFrame({ start: false });
    expect(frame.connectors.embedded).toBeNull();
    expect(await startEmailLogin(frame, 'visitor@example.com')).toMatchObject({
      ok: false,
      error: { message: 'No auth connector found' },
    });
  });

  it("a sign-in with no connected account: 'No ActiveCaipAddress found' (8.33)", async () => {
    const { frame } = await createTestFrame({ start: false, config: { ...testConfig(), siwx: {} } });
    await signIn(frame);
    expect(frame.store.getState().siwx).toMatchObject({
      status: 'error',
      error: { key: 'error.SiwxNoActiveCaipAddress', text: 'No ActiveCaipAddress found' },
    });
  });

  it("suggestions that cannot be read: 'Error fetching name suggestions' (8.43)", async () => {
    const fetch = async () => new Response('{"message":"down"}', { status: 400 });
    const api = createApiClient({ baseUrl: 'http://api.test', projectId: 'p', fetch, sleep: async () => {} });
    const { frame } = await createTestFrame({ start: false, api });
    await expect(fetchNameSuggestions(frame, 'alice')).rejects.toThrow('Error fetching name suggestions');
    const { frame: offline } = await createTestFrame({ start: false });
    await expect(fetchNameSuggestions(offline, 'alice')).rejects.toThrow('Error fetching name suggestions');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFarcasterRelay, type FarcasterRelay } from '../../../farcaster-relay/src/index.ts';
import { createChannel, RelayError } from './relay.ts';

/**
 * The relay client refuses a channel URL that is not http(s): the widget renders it as a link
 * and a QR code, so a hostile relay must not get a `javascript:` URL into the widget's origin.
 */

let hostile: FarcasterRelay;
beforeAll(async () => {
  hostile = await startFarcasterRelay({ port: 0, publicUrl: 'javascript:alert(document.domain)//' });
});
afterAll(() => hostile?.stop());

const request = {
  siweUri: 'http://127.0.0.1:1/embedded/v1/farcaster',
  domain: '127.0.0.1:1',
  nonce: 'abcdef0123456789',
  expirationTime: new Date(Date.now() + 60_000).toISOString(),
};

describe('createChannel', () => {
  it('answers the channel of a relay', async () => {
    const relay = await startFarcasterRelay({ port: 0 });
    try {
      expect((await createChannel(relay.url, request)).url).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/~\/siwf\?channelToken=/,
      );
    } finally {
      await relay.stop();
    }
  });

  it('refuses a channel URL that is not http(s)', async () => {
    await expect(createChannel(hostile.url, request)).rejects.toBeInstanceOf(RelayError);
  });
});

import { ErrorCode, err } from '@airlock/protocol';
import { describe, expect, it } from 'vitest';
import type { SecureFrameStatus } from '../../store/state.ts';
import { createSecureFrameDouble } from '../../testing/secureFrameDouble.ts';
import { createSecureFrameChannel, type ChannelCall } from './channel.ts';
import { createIframeLink } from './link.ts';
import { createEmbeddedParentMethods } from './parentMethods.ts';
import { LOAD_FAILED_ALERT } from './text.ts';

/**
 * Spec §8 'W3mFrame: iframe is not set': a call to the secure frame with no iframe behind it (the
 * channel destroyed, or an iframe without a window) answers that error instead of throwing, and a
 * load that cannot reach the iframe's window fails like any load failure (the 8.3 alert).
 */

const IFRAME_NOT_SET = 'W3mFrame: iframe is not set';

const parentFor = (ready: () => void) =>
  createEmbeddedParentMethods({ ready, sessionUpdate: () => {}, setLayout: () => {} });

describe("'W3mFrame: iframe is not set'", () => {
  it('a call kept from the init sync, made after the channel was destroyed, answers -32603 and does not throw', async () => {
    const double = createSecureFrameDouble();
    let kept: ChannelCall | undefined;
    const channel = createSecureFrameChannel(
      double.link(),
      parentFor(() => channel.ready()),
      {
        onStatus: () => {},
        async onInitialized(call) {
          kept = call;
        },
      },
      { loadTimeoutMs: 2_000, postReadyMs: 1 },
    );
    expect((await channel.call('isConnected', [])).ok).toBe(true);
    channel.destroy();
    const calls = double.calls.length;
    expect(await kept!('isConnected', [])).toEqual(err(ErrorCode.InternalError, IFRAME_NOT_SET));
    expect(double.calls).toHaveLength(calls);
  });

  it('an iframe without a window: the link refuses to open, the channel reports the load failure', async () => {
    const appended: unknown[] = [];
    const fakeDocument = {
      createElement: () => ({ style: {}, setAttribute: () => {}, contentWindow: null }),
      body: { appendChild: (el: unknown) => appended.push(el) },
    } as unknown as Document;
    const link = createIframeLink('http://127.0.0.3:1', fakeDocument);
    await expect(
      link.open(
        parentFor(() => {}),
        1_000,
      ),
    ).rejects.toThrow(IFRAME_NOT_SET);
    expect(appended).toHaveLength(1);

    const statuses: SecureFrameStatus[] = [];
    const channel = createSecureFrameChannel(
      link,
      parentFor(() => channel.ready()),
      { onStatus: (s) => statuses.push(s), onInitialized: async () => {} },
      { loadTimeoutMs: 2_000, postReadyMs: 1 },
    );
    expect(await channel.call('isConnected', [])).toEqual(err(ErrorCode.InternalError, LOAD_FAILED_ALERT.short));
    expect(statuses).toEqual(['loading', 'failed']);
  });
});

import { ErrorCode, ok } from '@airlock/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { SecureFrameStatus } from '../../store/state.ts';
import { createSecureFrameDouble } from '../../testing/secureFrameDouble.ts';
import { createSecureFrameChannel } from './channel.ts';
import { createEmbeddedParentMethods } from './parentMethods.ts';
import { LOAD_FAILED_ALERT, REQUEST_TIMED_OUT } from './text.ts';

function setup(options: { loadTimeoutMs?: number } = {}) {
  const double = createSecureFrameDouble();
  const statuses: SecureFrameStatus[] = [];
  const layouts: unknown[] = [];
  const parent = createEmbeddedParentMethods({
    ready: () => channel.ready(),
    sessionUpdate: () => {},
    setLayout: (layout) => layouts.push(layout),
  });
  const channel = createSecureFrameChannel(
    double.link(),
    parent,
    {
      onStatus: (s) => statuses.push(s),
      async onInitialized(call) {
        await call('syncDappData', [
          { projectId: 'p', dappOrigin: 'http://localhost:1', sdkVersion: '1', sdkType: 'airlock' },
        ]);
        await call('syncTheme', [{ themeMode: 'light' }]);
      },
    },
    { loadTimeoutMs: options.loadTimeoutMs ?? 2_000, postReadyMs: 20 },
  );
  return { double, channel, statuses, parent, layouts };
}

describe('secure frame channel lifecycle (spec §4: created → ready → 500 ms → initialized)', () => {
  it('loads nothing until the first call, then syncs dapp data and theme before that call', async () => {
    const { double, channel, statuses } = setup();
    expect(double.loads).toBe(0);
    expect(channel.status()).toBe('idle');
    const answer = await channel.call('isConnected', []);
    expect(answer).toEqual(ok({ isConnected: false }));
    expect(statuses).toEqual(['loading', 'ready', 'initialized']);
    expect(double.calls.map((c) => c.name)).toEqual(['syncDappData', 'syncTheme', 'isConnected']);
    await channel.call('isConnected', []);
    expect(double.loads).toBe(1);
  });

  it('a call made as the status turns initialized waits for the init sync (no call reaches C before SYNC_DAPP_DATA answers)', async () => {
    const double = createSecureFrameDouble();
    const early: Promise<unknown>[] = [];
    const parent = createEmbeddedParentMethods({
      ready: () => channel.ready(),
      sessionUpdate: () => {},
      setLayout: () => {},
    });
    const channel = createSecureFrameChannel(
      double.link(),
      parent,
      {
        // What the Connect view does: it asks C for the social buttons once the frame is initialized.
        onStatus: (s) => {
          if (s === 'initialized') early.push(channel.call('isConnected', []));
        },
        async onInitialized(call) {
          await call('syncDappData', [
            { projectId: 'p', dappOrigin: 'http://localhost:1', sdkVersion: '1', sdkType: 'airlock' },
          ]);
          await call('syncTheme', [{ themeMode: 'light' }]);
        },
      },
      { loadTimeoutMs: 2_000, postReadyMs: 20 },
    );
    await channel.call('isConnected', []);
    await Promise.all(early);
    expect(early).toHaveLength(1);
    expect(double.calls.map((c) => c.name).slice(0, 3)).toEqual(['syncDappData', 'syncTheme', 'isConnected']);
  });

  it("fails with 'Network Error - Could not load embedded wallet' when ready never comes, and Try again reloads", async () => {
    const { double, channel, statuses } = setup({ loadTimeoutMs: 60 });
    double.failLoad = true;
    const answer = await channel.call('isConnected', []);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.message).toBe(LOAD_FAILED_ALERT.short);
    expect(channel.status()).toBe('failed');
    expect(statuses).toContain('failed');
    double.failLoad = false;
    expect(await channel.reload()).toEqual(ok(null));
    expect(channel.status()).toBe('initialized');
    expect(double.loads).toBe(2);
  });

  it("answers 'Embedded Wallet Request Timed Out' when a call gets no answer in its limit", async () => {
    const { double, channel } = setup();
    double.hang.add('getChainId');
    const answer = await channel.call('getChainId', [], 50);
    expect(answer).toEqual({ ok: false, error: { code: ErrorCode.InternalError, message: REQUEST_TIMED_OUT } });
  });

  it('waits 3 s for sign-out, 120 s for a login and 10 s for anything else before Timed Out (spec §9)', async () => {
    const { double, channel } = setup();
    expect(await channel.call('getChainId', [])).toMatchObject({ ok: true }); // loaded, ready, initialized
    vi.useFakeTimers();
    try {
      for (const [method, params, limitMs] of [
        ['signOut', [], 3_000],
        ['connectEmail', [{ email: 'a@b.test' }], 120_000],
        ['getChainId', [], 10_000],
      ] as const) {
        double.hang.add(method);
        let settled = false;
        const answer = channel.call(method, params as never).finally(() => (settled = true));
        await vi.advanceTimersByTimeAsync(limitMs - 1);
        expect(settled, `${method} settled before ${limitMs} ms`).toBe(false);
        await vi.advanceTimersByTimeAsync(1);
        expect(await answer).toEqual({
          ok: false,
          error: { code: ErrorCode.InternalError, message: REQUEST_TIMED_OUT },
        });
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses an answer that does not match the method's schema", async () => {
    const { double, channel } = setup();
    double.isConnected = async () => ok({ isConnected: 'yes' }) as never;
    const answer = await channel.call('isConnected', []);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.message).toMatch(/Invalid answer from the embedded wallet/);
  });
});

describe("the widget frame's methods for the secure frame validate what arrives", () => {
  it('rejects a malformed setLayout with -32602 and does nothing', async () => {
    const { parent, layouts } = setup();
    const answer = await (parent.setLayout as (...a: unknown[]) => Promise<unknown>)({ visible: true, height: 99999 });
    expect(answer).toMatchObject({ ok: false, error: { code: ErrorCode.InvalidParams } });
    const extra = await (parent.setLayout as (...a: unknown[]) => Promise<unknown>)({ visible: true, evil: 1 });
    expect(extra).toMatchObject({ ok: false, error: { code: ErrorCode.InvalidParams } });
    expect(layouts).toEqual([]);
    expect(await parent.setLayout({ visible: true, height: 300 })).toEqual(ok(null));
    expect(layouts).toEqual([{ visible: true, height: 300 }]);
  });
});

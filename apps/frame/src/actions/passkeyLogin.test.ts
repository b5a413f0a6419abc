import { ErrorCode, err, ok, type EmbeddedUser } from '@airlock/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../store/frame.ts';
import { createSecureFrameDouble } from '../testing/secureFrameDouble.ts';
import { createTestFrame, flush, testConfig } from '../testing/testFrame.ts';
import { connectionOf } from '../store/connection.ts';

/**
 * The passkey login as the widget frame sees it (docs/embedded-wallet.md "Passkeys"): C's click
 * reports `passkeyStarted`; B shows its wait view and waits with connectPasskey: connected (the
 * modal closes) or the failure's message in the view. The ceremony itself is C's
 * (apps/secure-frame/src/passkey, e2e/embedded-passkeys.spec.ts).
 */

const frames: Frame[] = [];
afterEach(() => {
  for (const f of frames.splice(0)) f.destroy();
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await flush();
  expect(check()).toBe(true);
}

/** A frame with the Connect view open and C loaded (its buttons asked for). */
async function setup(double = createSecureFrameDouble()) {
  const { frame } = await createTestFrame({ config: testConfig(), secureFrame: double });
  frames.push(frame);
  frame.store.setState((s) => ({ modal: { ...s.modal, open: true } }));
  await frame.connectors.embedded!.showSocials([], 'login');
  await until(() => double.parent !== null);
  return { frame, double };
}

describe('passkey login (widget frame)', () => {
  it('asks C for its passkey buttons, then a started login connects and closes the modal', async () => {
    const double = createSecureFrameDouble();
    const user: EmbeddedUser = {
      email: null,
      userName: null,
      accounts: [{ caipAddress: `eip155:31337:${double.address}`, type: 'eoa' }],
      caipNetworkId: 'eip155:31337',
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    };
    double.connectPasskey = async () => {
      double.session = user;
      return ok(user);
    };
    const { frame } = await setup(double);
    expect(double.calls.find((c) => c.name === 'showSocials')?.args).toEqual([{ providers: [], passkey: 'login' }]);
    await double.parent!.passkeyStarted({ popup: false });
    await until(() => connectionOf(frame.store.getState()).status === 'connected');
    const state = frame.store.getState();
    expect(connectionOf(state).address).toBe(double.address);
    expect(connectionOf(state).wallet?.type).toBe('AUTH');
    expect(state.embedded.social).toBeNull();
    expect(state.modal.open).toBe(false);
  });

  it('a refused passkey shows its message on the wait view; nothing connects', async () => {
    const double = createSecureFrameDouble();
    double.connectPasskey = async () => err(ErrorCode.InternalError, 'The passkey could not be verified');
    const { frame } = await setup(double);
    await double.parent!.passkeyStarted({ popup: true });
    await until(() => frame.store.getState().embedded.social?.error != null);
    const state = frame.store.getState();
    expect(state.embedded.social).toEqual({
      provider: null,
      pending: false,
      error: 'The passkey could not be verified',
    });
    expect(state.modal.stack.map((r) => r.view)).toEqual(['Connect', 'ConnectingSocial']);
    expect(connectionOf(state).status).toBe('disconnected');
  });

  it('a malformed passkeyStarted from C changes nothing', async () => {
    const { frame, double } = await setup();
    const answer = await (double.parent!.passkeyStarted as (...args: unknown[]) => Promise<unknown>)({ popup: 'yes' });
    expect(answer).toMatchObject({ ok: false, error: { code: ErrorCode.InvalidParams } });
    await flush(10);
    expect(frame.store.getState().embedded.social).toBeNull();
  });
});

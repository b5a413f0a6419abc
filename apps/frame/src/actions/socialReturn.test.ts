import { ErrorCode, err, ok, type EmbeddedUser, type FrameConfig } from '@airlock/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '../store/frame.ts';
import { topRoute } from '../store/routes.ts';
import { createSecureFrameDouble } from '../testing/secureFrameDouble.ts';
import { createTestFrame, flush, testConfig } from '../testing/testFrame.ts';
import { connectionOf } from '../store/connection.ts';

/**
 * Back from a social login in redirect mode: the frame hands an http(s) `resultUri` to the
 * secure frame (CONNECT_SOCIAL `{ uri }`) with the modal on ConnectingSocial; anything else is
 * left alone. The secure frame's checks are its own tests' (apps/secure-frame/src/social).
 */

const frames: Frame[] = [];
afterEach(() => {
  for (const f of frames.splice(0)) f.destroy();
});

const RESULT = 'http://127.0.0.1:8787/embedded/v1/social/result?flow=abcdefghijklmnop';

async function setup(config: Partial<FrameConfig>, double = createSecureFrameDouble()) {
  const { frame } = await createTestFrame({ config: { ...testConfig(), ...config }, secureFrame: double });
  frames.push(frame);
  return { frame, double };
}

/** Waits until `check` holds (the return runs after the start, in a chunk of its own). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await flush();
  expect(check()).toBe(true);
}

describe('social login return (resultUri)', () => {
  it('a refused result_uri shows its error on ConnectingSocial; nothing connects', async () => {
    const double = createSecureFrameDouble();
    double.connectSocial = async () => err(ErrorCode.InvalidParams, 'This sign-in link is not valid');
    const { frame } = await setup({ resultUri: RESULT }, double);
    await until(() => frame.store.getState().embedded.social?.error != null);
    const state = frame.store.getState();
    expect(double.calls.find((c) => c.name === 'connectSocial')?.args).toEqual([
      { uri: RESULT, caipNetworkId: 'eip155:31337' },
    ]);
    expect(state.embedded.social).toEqual({ provider: null, pending: false, error: 'This sign-in link is not valid' });
    expect(state.modal.open).toBe(true);
    expect(state.modal.stack.map((r) => r.view)).toEqual(['Connect', 'ConnectingSocial']);
    expect(connectionOf(state).status).toBe('disconnected');
  });

  it('a finished login connects the embedded wallet and closes the modal', async () => {
    const double = createSecureFrameDouble();
    const user: EmbeddedUser = {
      email: null,
      userName: 'ann',
      socialProvider: 'google',
      accounts: [{ caipAddress: `eip155:31337:${double.address}`, type: 'eoa' }],
      caipNetworkId: 'eip155:31337',
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    };
    double.connectSocial = async () => {
      double.session = user;
      return ok(user);
    };
    const { frame } = await setup({ resultUri: RESULT }, double);
    await until(() => connectionOf(frame.store.getState()).status === 'connected');
    const state = frame.store.getState();
    expect(connectionOf(state).address).toBe(double.address);
    expect(connectionOf(state).wallet?.type).toBe('AUTH');
    expect(state.embedded.social).toBeNull();
    expect(state.modal.open).toBe(false);
    // The widget's network went with CONNECT_SOCIAL (spec §7 chainId): C answered on it, no second GET_USER.
    expect(double.calls.find((c) => c.name === 'connectSocial')?.args).toEqual([
      { uri: RESULT, caipNetworkId: 'eip155:31337' },
    ]);
    expect(double.calls.some((c) => c.name === 'getUser')).toBe(false);
  });

  it('a result_uri that is not an http(s) URL (a Telegram tg:// link) is left alone', async () => {
    const { frame, double } = await setup({ resultUri: 'tg://resolve?domain=bot' });
    await flush(20);
    expect(double.calls.some((c) => c.name === 'connectSocial')).toBe(false);
    expect(frame.store.getState().modal.open).toBe(false);
  });

  it('redirect mode: showSocials carries the return URL (default the dapp origin)', async () => {
    const { frame, double } = await setup({ socialLogin: { mode: 'redirect' } });
    await frame.connectors.embedded!.showSocials(['google']);
    expect(double.calls.find((c) => c.name === 'showSocials')?.args).toEqual([
      { providers: ['google'], redirect: { returnUrl: `${frame.parentOrigin}/` } },
    ]);
    expect(topRoute(frame.store.getState().modal.stack).view).toBe('Connect');
  });
});

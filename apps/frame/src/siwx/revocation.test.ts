import { FrameConfigSchema, type FrameConfig } from '@airlock/protocol';
import { describe, expect, it } from 'vitest';
import { connectInjected } from '../actions/connect.ts';
import { closeModal, openModal } from '../actions/modal.ts';
import { ApiError, type ApiClient } from '../api/client.ts';
import { topRoute } from '../store/routes.ts';
import { widgetState } from '../store/widgetState.ts';
import { announcement, createTestFrame, fakeWallet, flush, testConfig } from '../testing/testFrame.ts';
import { signIn } from './flow.ts';
import { connectionOf } from '../store/connection.ts';
import { announcedEntry } from '../connectors/injected/index.ts';

const devWallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);

/**
 * A provider API that signs in (session `sid-1`) and lists the active sessions like
 * `GET /v1/sessions/{address}`: `revoke()` takes `sid-1` off that list, `down()` makes the list fail.
 */
function fakeApi() {
  let active = ['sid-1'];
  let failing = false;
  const asked: string[] = [];
  const api: ApiClient = {
    baseUrl: 'http://api.test',
    call: (async (call: { path: string }) => {
      if (call.path === '/v1/siwx/nonce') return { nonce: 'n0nce12345678', expiresAt: '' };
      if (call.path === '/v1/siwx/verify') return { token: 'jwt.token.here', session: { id: 'sid-1' } };
      if (call.path.startsWith('/v1/sessions/')) {
        asked.push(decodeURIComponent(call.path.slice('/v1/sessions/'.length)));
        if (failing) throw new ApiError(503, 'Service Unavailable');
        return { sessions: active.map((id) => ({ id })) };
      }
      throw new ApiError(404, 'Not Found');
    }) as ApiClient['call'],
  };
  return {
    api,
    asked,
    revoke: () => {
      active = [];
    },
    down: () => {
      failing = true;
    },
  };
}

const config = (siwx: Record<string, unknown>): FrameConfig =>
  FrameConfigSchema.parse({ ...testConfig(), siwx }) as FrameConfig;

/** Connects, signs in and closes the modal. */
async function signedIn(siwx: Record<string, unknown>, server = fakeApi()) {
  const made = await createTestFrame({
    config: config(siwx),
    wallets: [devWallet],
    wallet: fakeWallet(),
    api: server.api,
  });
  openModal(made.frame);
  await connectInjected(made.frame, announcedEntry(devWallet));
  await signIn(made.frame);
  expect(widgetState(made.frame.store.getState()).siwx?.sessionId).toBe('sid-1');
  return { ...made, server };
}

/** Waits (bounded) until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !check(); i++) await flush();
  expect(check()).toBe(true);
}

describe('a sign-in session revoked at the provider API', () => {
  it('is gone after a reload, and a required sign-in asks again', async () => {
    const { local, server } = await signedIn({ required: true });
    server.revoke();
    const again = await createTestFrame({
      config: config({ required: true }),
      wallets: [devWallet],
      wallet: fakeWallet(),
      api: server.api,
      local: local!,
    });
    const state = () => again.frame.store.getState();
    await until(() => widgetState(state()).siwx === null && state().modal.open);
    expect(connectionOf(state()).status).toBe('connected');
    expect(topRoute(state().modal.stack).view).toBe('SIWXSignMessage');
    // The dapp never keeps the session: no siwx event, or its last one says none.
    const told = again.fake.providerEvents().filter((e) => e.startsWith('siwx '));
    expect(told.at(-1) ?? 'siwx null').toBe('siwx null');
  });

  it('is gone when the dapp opens the modal, which asks to sign in again', async () => {
    const { frame, fake, server } = await signedIn({});
    closeModal(frame);
    server.revoke();
    openModal(frame);
    await until(() => widgetState(frame.store.getState()).siwx === null);
    expect(server.asked.at(-1)).toBe(connectionOf(frame.store.getState()).caipAddress);
    expect(frame.store.getState().modal.open).toBe(true);
    expect(topRoute(frame.store.getState().modal.stack).view).toBe('SIWXSignMessage');
    await until(() => fake.providerEvents().includes('siwx null'));
  });

  it('stays while the API still lists it, and when the API cannot be asked', async () => {
    const { frame, server } = await signedIn({});
    closeModal(frame);
    openModal(frame);
    await until(() => server.asked.length === 1);
    await flush();
    expect(widgetState(frame.store.getState()).siwx?.sessionId).toBe('sid-1');
    closeModal(frame);
    server.down();
    openModal(frame);
    await until(() => server.asked.length === 2);
    await flush();
    expect(widgetState(frame.store.getState()).siwx?.sessionId).toBe('sid-1');
    expect(topRoute(frame.store.getState().modal.stack).view).not.toBe('SIWXSignMessage');
  });
});

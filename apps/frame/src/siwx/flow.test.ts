import { FrameConfigSchema, type FrameConfig } from '@airlock/protocol';
import { parseSiwxMessage } from '@airlock/siwx/message';
import { hexToString } from 'viem';
import { describe, expect, it } from 'vitest';
import { connectInjected } from '../actions/connect.ts';
import { closeModal, openModal, pushRoute } from '../actions/modal.ts';
import { ApiError, type ApiClient } from '../api/client.ts';
import { parseConfig } from '../config/parseConfig.ts';
import { topRoute } from '../store/routes.ts';
import { widgetState } from '../store/widgetState.ts';
import { ACCOUNT_0, announcement, createTestFrame, fakeWallet, flush, testConfig } from '../testing/testFrame.ts';
import { cancelSignIn, signIn } from './flow.ts';
import { connectionOf } from '../store/connection.ts';
import { announcedEntry } from '../connectors/injected/index.ts';

const devWallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);

/** A provider API that issues nonces and accepts (or refuses) every signature. */
function fakeApi(refuse = false): ApiClient & { verified: { message: string; signature: string }[] } {
  const verified: { message: string; signature: string }[] = [];
  return {
    baseUrl: 'http://api.test',
    verified,
    call: (async (call: { path: string; body?: unknown }) => {
      if (call.path === '/v1/siwx/nonce') return { nonce: 'n0nce12345678', expiresAt: '' };
      if (call.path !== '/v1/siwx/verify') throw new ApiError(404, 'Not Found');
      if (refuse) throw new ApiError(401, 'Invalid signature');
      verified.push(call.body as { message: string; signature: string });
      return { token: 'jwt.token.here', session: { id: 'sid-1' } };
    }) as ApiClient['call'],
  };
}

const config = (siwx: Record<string, unknown>): FrameConfig =>
  FrameConfigSchema.parse({ ...testConfig(), siwx }) as FrameConfig;

async function connected(siwx: Record<string, unknown> = {}, api = fakeApi(), local?: Storage) {
  const made = await createTestFrame({
    config: config(siwx),
    wallets: [devWallet],
    wallet: fakeWallet(),
    api,
    ...(local ? { local } : {}),
  });
  openModal(made.frame);
  await connectInjected(made.frame, announcedEntry(devWallet));
  return { ...made, api };
}

describe('sign-in flow (spec §4)', () => {
  it('opens SIWXSignMessage after connect and signs a message naming the verified parent origin', async () => {
    // The page tries to name another site: those keys are not options and are dropped.
    const { frame, fake, api } = await connected({ domain: 'evil.example', uri: 'https://evil.example' });
    expect(frame.store.getState().modal).toMatchObject({ open: true, stack: [{ view: 'SIWXSignMessage' }] });
    await signIn(frame);
    const sign = fake.requests.find((r) => r.request.method === 'personal_sign')!;
    const message = hexToString((sign.request.params as `0x${string}`[])[0]!);
    expect(parseSiwxMessage(message)).toMatchObject({
      domain: 'localhost:15173',
      uri: 'http://localhost:15173',
      chainId: 'eip155:31337',
      accountAddress: ACCOUNT_0,
      nonce: 'n0nce12345678',
    });
    expect(api.verified).toEqual([{ message, signature: `0x${'ab'.repeat(65)}` }]);
    expect(frame.store.getState().modal.open).toBe(false);
    expect(widgetState(frame.store.getState()).siwx).toMatchObject({
      message,
      token: 'jwt.token.here',
      sessionId: 'sid-1',
    });
    await flush();
    expect(fake.providerEvents().some((e) => e.startsWith('siwx {'))).toBe(true);
  });

  it('keeps the session across a reload', async () => {
    const { frame, local } = await connected();
    await signIn(frame);
    const again = await createTestFrame({
      config: config({}),
      wallets: [devWallet],
      wallet: fakeWallet(),
      local: local!,
    });
    expect(widgetState(again.frame.store.getState()).siwx?.data.accountAddress).toBe(ACCOUNT_0);
    expect(again.frame.store.getState().modal.open).toBe(false);
  });

  it('shows Error signing message and stays when the verifier refuses', async () => {
    const { frame } = await connected({}, fakeApi(true));
    await signIn(frame);
    expect(frame.store.getState().siwx).toMatchObject({ status: 'error', error: { text: 'Error signing message' } });
    expect(topRoute(frame.store.getState().modal.stack).view).toBe('SIWXSignMessage');
    expect(widgetState(frame.store.getState()).siwx).toBeNull();
  });

  it('required: the modal cannot close without a session; cancel disconnects', async () => {
    const { frame } = await connected({ required: true });
    closeModal(frame);
    expect(frame.store.getState().modal.open).toBe(true);
    await cancelSignIn(frame);
    expect(connectionOf(frame.store.getState()).status).toBe('disconnected');
  });

  it('required: a view opened over SIWXSignMessage (an approval) cannot close the modal either', async () => {
    const { frame } = await connected({ required: true });
    pushRoute(frame, { view: 'ApproveTransaction', requestId: 'r1' });
    closeModal(frame);
    expect(frame.store.getState().modal).toMatchObject({ open: true });
    expect(topRoute(frame.store.getState().modal.stack).view).toBe('ApproveTransaction');
  });

  it('not required: cancel just closes and stays connected without a session', async () => {
    const { frame } = await connected();
    await cancelSignIn(frame);
    expect(frame.store.getState().modal.open).toBe(false);
    expect(connectionOf(frame.store.getState()).status).toBe('connected');
    expect(widgetState(frame.store.getState()).siwx).toBeNull();
  });

  it('refuses siweConfig next to siwx (spec §5)', () => {
    const search = `?config=${encodeURIComponent(JSON.stringify({ ...testConfig(), siwx: {}, siweConfig: {} }))}`;
    expect(parseConfig(search)).toMatchObject({
      ok: false,
      problem: { kind: 'config', message: expect.stringContaining('Cannot set both `siweConfig` and `siwx` options') },
    });
  });
});

import { FrameConfigSchema, type FrameConfig } from '@airlock/protocol';
import { type Cacao, formatCacaoMessage } from '@airlock/siwx';
import { describe, expect, it } from 'vitest';
import { recordConnection } from '../actions/connection.ts';
import { openModal } from '../actions/modal.ts';
import { ApiError, type ApiClient } from '../api/client.ts';
import { pickCacao } from '../connectors/walletconnect/authenticate.ts';
import { oneClickApplies } from '../namespaces/info.ts';
import { topRoute } from '../store/routes.ts';
import { widgetState } from '../store/widgetState.ts';
import { ACCOUNT_0, createTestFrame, testConfig } from '../testing/testFrame.ts';
import { completeOneClick, oneClickRequest } from './oneClick.ts';

/** A provider API that issues nonces and accepts (or refuses) every verification, recording the bodies. */
function fakeApi(refuse = false): ApiClient & { verified: unknown[] } {
  const verified: unknown[] = [];
  return {
    baseUrl: 'http://api.test',
    verified,
    call: (async (call: { path: string; body?: unknown }) => {
      if (call.path === '/v1/siwx/nonce') return { nonce: 'n0nce12345678', expiresAt: '' };
      if (call.path !== '/v1/siwx/verify') return {};
      if (refuse) throw new ApiError(401, 'Invalid signature');
      verified.push(call.body);
      return { token: 'jwt.token.here', session: { id: 'sid-1' } };
    }) as ApiClient['call'],
  };
}

const config = (over: Partial<FrameConfig> = {}): FrameConfig =>
  FrameConfigSchema.parse({
    ...testConfig(),
    siwx: { statement: 'Sign in to Test', expiresInSeconds: 60 },
    ...over,
  }) as FrameConfig;

/** A CACAO as a wallet returns it for `aud` / `domain` (its signature is not checked here: the verifier does). */
function cacaoFor(aud = 'http://localhost:15173', chain = 'eip155:31338'): { cacao: Cacao; message: string } {
  const cacao: Cacao = {
    h: { t: 'caip122' },
    p: {
      iss: `did:pkh:${chain}:${ACCOUNT_0.toLowerCase()}`,
      domain: new URL(aud).host,
      aud,
      version: '1',
      nonce: 'n0nce12345678',
      iat: new Date().toISOString(),
      exp: new Date(Date.now() + 60_000).toISOString(),
      statement: 'Sign in to Test',
    },
    s: { t: 'eip191', s: `0x${'ab'.repeat(65)}` },
  };
  return { cacao, message: formatCacaoMessage(cacao) };
}

const WALLETCONNECT_SESSION = {
  accounts: [ACCOUNT_0],
  chainId: 31338,
  name: 'Dev Wallet',
  icon: 'data:image/png;base64,',
};

describe('WalletConnect one-click sign-in', () => {
  it('asks with the verified origin, the API nonce, the statement, expiry and every eip155 chain, the active first', async () => {
    const { frame } = await createTestFrame({
      config: config({ siwx: { statement: 'Sign in to Test', domain: 'evil.example' } as never }),
      api: fakeApi(),
    });
    frame.store.setState((s) => ({ active: { ...s.active, caipNetworkId: 'eip155:31338' } }));
    const request = await oneClickRequest(frame);
    expect(request).toMatchObject({
      domain: 'localhost:15173',
      uri: 'http://localhost:15173',
      nonce: 'n0nce12345678',
      statement: 'Sign in to Test',
      chains: ['eip155:31338', 'eip155:31337'],
    });
    expect(Date.parse(request!.exp!)).toBeGreaterThan(Date.now());
  });

  it('does not apply with a non-eip155 namespace, without sign-in, or without a verifier (spec §5)', async () => {
    const solana = {
      ...testConfig().networks[0]!,
      chainNamespace: 'solana',
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    };
    expect(oneClickApplies([...testConfig().networks, solana] as never)).toBe(false);
    expect(oneClickApplies([])).toBe(false);
    expect(oneClickApplies(testConfig().networks)).toBe(true);
    const off = await createTestFrame({ config: FrameConfigSchema.parse(testConfig()) as FrameConfig, api: fakeApi() });
    expect(await oneClickRequest(off.frame)).toBeNull();
    const noApi = await createTestFrame({ config: config(), api: null });
    expect(await oneClickRequest(noApi.frame)).toBeNull();
  });

  it('verifies the CACAO and stores the session with it, so connecting opens no second prompt', async () => {
    const api = fakeApi();
    const { frame } = await createTestFrame({ config: config(), api });
    openModal(frame);
    const { cacao, message } = cacaoFor();
    await completeOneClick(frame, { cacao, message, signature: cacao.s.s });
    expect(api.verified).toEqual([{ message, signature: cacao.s.s, cacao }]);
    recordConnection(frame, frame.connectors.walletConnect, WALLETCONNECT_SESSION, { silent: false });
    expect(frame.store.getState().modal.open).toBe(false);
    expect(widgetState(frame.store.getState()).siwx).toMatchObject({
      cacao,
      message,
      token: 'jwt.token.here',
      data: { accountAddress: ACCOUNT_0, chainId: 'eip155:31338', domain: 'localhost:15173' },
    });
    expect(frame.store.getState().siwx.lastCaipNetworkId).toBe('eip155:31338');
  });

  it('a refused CACAO, or one naming another site, leaves SIWXSignMessage with Error signing message', async () => {
    for (const [api, answer] of [
      [fakeApi(true), cacaoFor()],
      [fakeApi(), cacaoFor('https://evil.example')],
    ] as const) {
      const { frame } = await createTestFrame({ config: config(), api });
      openModal(frame);
      await completeOneClick(frame, { cacao: answer.cacao, message: answer.message, signature: answer.cacao.s.s });
      recordConnection(frame, frame.connectors.walletConnect, WALLETCONNECT_SESSION, { silent: false });
      const state = frame.store.getState();
      expect(topRoute(state.modal.stack).view).toBe('SIWXSignMessage');
      expect(state.siwx).toMatchObject({ status: 'error', error: { text: 'Error signing message' } });
      expect(widgetState(state).siwx).toBeNull();
      expect(api.verified).toEqual([]);
    }
  });

  it('keeps the CACAO of the preferred chain among several', () => {
    const a = { p: { iss: `did:pkh:eip155:31337:${ACCOUNT_0}` } };
    const b = { p: { iss: `did:pkh:eip155:31338:${ACCOUNT_0}` } };
    expect(pickCacao([a, b], 'eip155:31338')).toBe(b);
    expect(pickCacao([a, b], 'eip155:1')).toBe(a);
    expect(pickCacao([])).toBeNull();
  });
});

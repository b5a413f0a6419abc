import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt } from '@airlock/oidc-provider';
import { localGoogle, startSocialTestApi, type SocialTestApi } from '../../../api/src/social/testApi.ts';
import { createApiClient } from '../api/client.ts';
import { loadDevice } from '../keys/device.ts';
import { memoryStore } from '../keys/store.ts';
import { createWalletSession } from '../wallet/session.ts';
import { createSocialLogin } from './login.ts';
import { flowOfResultUri } from './redirect.ts';

/**
 * The secure frame's social login in redirect mode against the real API and the real local
 * OpenID provider: a click sends the page (here: a recorded navigation) to the provider with the
 * return URL; back on the page, `connect({ uri })` finishes the flow from `result_uri` with the
 * same device key. A foreign URI, another device's flow and a memory-only store are refused.
 */

let stack: SocialTestApi;
let base: string;
const DAPP = 'http://localhost:5173';

beforeAll(async () => {
  stack = await startSocialTestApi(localGoogle, { secureFrameOrigins: ['http://127.0.0.3:1'] });
  ({ base } = stack);
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

/** A secure frame in redirect mode whose top-level navigations are recorded in `navigations`. */
async function frame(options: { persistent?: boolean } = {}) {
  const store = memoryStore();
  const device = await loadDevice(store);
  const client = createApiClient(base, device);
  const dapp = () => ({ projectId: 'p1', dappOrigin: DAPP });
  const session = createWalletSession({ api: client, device, store, dapp, onUser: () => {} });
  const navigations: string[] = [];
  const social = createSocialLogin({
    api: client,
    dapp,
    finish: session.finishSocial,
    started: () => {},
    open: () => {
      throw new Error('no popup in redirect mode');
    },
    apiUrl: base,
    navigate: (url) => void navigations.push(url),
    persistent: () => options.persistent !== false,
    sleep: (ms) => new Promise((done) => setTimeout(done, Math.min(ms, 20))),
  });
  social.setRedirect({ returnUrl: `${DAPP}/app?x=1` });
  return { social, navigations };
}

/** Clicks google in `f`, signs in at the provider as `who`; the dapp address the API sends the page back to. */
async function leaveAndComeBack(f: Awaited<ReturnType<typeof frame>>, who: string): Promise<URL> {
  f.social.start('google');
  // The first start signs its DPoP proof and asks the API: under a loaded CI, more than poll's default 1 s.
  await expect.poll(() => f.navigations.length, { timeout: 15_000 }).toBe(1);
  const callback = await signInAt(f.navigations[0]!, who, `${base}/embedded/v1/social/callback`);
  const answer = await fetch(callback, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

describe('secure frame social login, redirect mode', () => {
  it('sends the page to the provider and finishes from result_uri with the same device key', async () => {
    const f = await frame();
    const back = await leaveAndComeBack(f, `ron-${randomBytes(3).toString('hex')}`);
    expect(`${back.origin}${back.pathname}?x=${back.searchParams.get('x')}`).toBe(`${DAPP}/app?x=1`);
    const user = await f.social.connect({ uri: back.searchParams.get('result_uri')! });
    expect(user.socialProvider).toBe('google');
    expect(user.accounts[0]!.caipAddress).toMatch(/^eip155:1:0x[0-9a-fA-F]{40}$/);
  });

  it("refuses another device's result_uri with a clear message", async () => {
    const victim = await frame();
    const back = await leaveAndComeBack(victim, `val-${randomBytes(3).toString('hex')}`);
    const attacker = await frame();
    await expect(attacker.social.connect({ uri: back.searchParams.get('result_uri')! })).rejects.toThrow(
      'This sign-in was started by another device',
    );
  });

  it('refuses a result_uri that is not exactly its API result URL, before any call', async () => {
    const f = await frame();
    for (const uri of [
      'https://evil.example/embedded/v1/social/result?flow=abcdefghijkl',
      `${base}/embedded/v1/social/other?flow=abcdefghijkl`,
      `${base}/embedded/v1/social/result?flow=abcdefghijkl&next=https://evil.example`,
      `${base}/embedded/v1/social/result?flow=abc`,
      `${base}/embedded/v1/social/result?flow=abcdefghijkl#x`,
      'tg://resolve?domain=bot',
      'not a url',
    ])
      await expect(f.social.connect({ uri }), uri).rejects.toMatchObject({
        code: -32602,
        message: 'This sign-in link is not valid',
      });
    expect(flowOfResultUri(`${base}/embedded/v1/social/result?flow=abcdefghijkl`, base)).toBe('abcdefghijkl');
    expect(flowOfResultUri(`${base}/embedded/v1/social/result?flow=abcdefghijkl`, `${base}/`)).toBe('abcdefghijkl');
  });

  it('does not leave the page when the device key lives in memory only', async () => {
    const f = await frame({ persistent: false });
    f.social.start('google');
    await expect(f.social.connect({ provider: 'google' })).rejects.toThrow(
      'This browser cannot keep the sign-in while the page goes to the provider',
    );
    expect(f.navigations).toEqual([]);
  });

  it('a return URL on another origin is refused by the API: the page stays', async () => {
    const f = await frame();
    f.social.setRedirect({ returnUrl: 'https://evil.example/' });
    f.social.start('google');
    await expect(f.social.connect({ provider: 'google' })).rejects.toThrow('Failed to initiate social connection');
    expect(f.navigations).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt } from '@airlock/oidc-provider';
import { localGoogle, startSocialTestApi, type SocialTestApi } from './testApi.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';
import { testDevice, type TestDevice } from '../embedded/testClient.ts';
import { checkReturnUrl, resultUriOf, returnWithResult } from './redirect.ts';

/**
 * Social login, redirect mode, over a real API and a real OpenID provider (oidc-provider on
 * loopback): the return URL must be on the dapp's origin; the callback answers a 302 back to
 * it with `result_uri` naming the flow; only the device key that started the flow can finish it.
 */

let stack: SocialTestApi;
let base: string;
const DAPP = 'http://localhost:5173';
const RETURN = `${DAPP}/play?tab=2#top`;

beforeAll(async () => {
  stack = await startSocialTestApi(localGoogle, { database: await testDatabase() });
  ({ base } = stack);
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await dropTestDatabases();
});

const start = (device: TestDevice, returnUrl: string, dappOrigin = DAPP) =>
  device.call('/embedded/v1/social/start', { body: { projectId: 'p1', provider: 'google', dappOrigin, returnUrl } });
const finish = (device: TestDevice, flowId: string) => device.call('/embedded/v1/social/finish', { body: { flowId } });

/** Starts a redirect login on `device` and signs in at the provider; the callback's 302 (not followed). */
async function redirectLogin(device: TestDevice, who: string) {
  const started = await start(device, RETURN);
  expect(started.status).toBe(200);
  const { flowId, uri } = started.body as { flowId: string; uri: string };
  const callback = await signInAt(uri, who, `${base}/embedded/v1/social/callback`);
  const answer = await fetch(callback, { redirect: 'manual' });
  return { flowId, answer };
}

describe('social login, redirect mode', () => {
  it('refuses a return URL that is not on the dapp origin (400), before anything is stored', async () => {
    const device = await testDevice(base);
    for (const returnUrl of [
      'https://evil.example/steal',
      'http://localhost:5174/', // another port: another origin
      'https://localhost:5173/', // another scheme
      'http://user:pw@localhost:5173/',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const refused = await start(device, returnUrl);
      expect(refused.status, returnUrl).toBe(400);
      expect(refused.body.message, returnUrl).toMatch(/returnUrl must be on the dapp origin|Invalid/);
    }
    // The dapp origin itself must still be one of the project's (checked first: 403).
    expect((await start(device, 'https://evil.example/', 'https://evil.example')).status).toBe(403);
  });

  it('the callback answers a 302 to the return URL with result_uri naming the flow; the same device finishes it', async () => {
    const device = await testDevice(base);
    const { flowId, answer } = await redirectLogin(device, `rita-${randomBytes(3).toString('hex')}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const back = new URL(answer.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${DAPP}/play`);
    expect(back.searchParams.get('tab')).toBe('2');
    expect(back.hash).toBe('#top');
    const resultUri = back.searchParams.get('result_uri')!;
    expect(resultUri).toBe(`${base}/embedded/v1/social/result?flow=${flowId}`);
    // The result URL itself is a dead end for a person who opens it (no script, no session).
    const opened = await fetch(resultUri);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-security-policy')).toContain("default-src 'none'");
    // Finished with the device key that started it, once.
    expect((await finish(device, flowId)).body).toMatchObject({ status: 'done', social: { provider: 'google' } });
    expect((await finish(device, flowId)).status).toBe(400);
  });

  it("a result_uri finished by another device key is refused (403) and the owner's login still works", async () => {
    const victim = await testDevice(base);
    const attacker = await testDevice(base);
    const { flowId, answer } = await redirectLogin(victim, `vic-${randomBytes(3).toString('hex')}`);
    const flow = new URL(new URL(answer.headers.get('location')!).searchParams.get('result_uri')!).searchParams.get(
      'flow',
    )!;
    expect(flow).toBe(flowId);
    const stolen = await finish(attacker, flow);
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toBe('This sign-in was started by another device');
    expect((await finish(victim, flow)).body).toMatchObject({ status: 'done' });
  });

  it('a refused sign-in also goes back to the dapp, where finish reports the failure', async () => {
    const device = await testDevice(base);
    const started = await start(device, RETURN);
    const { flowId, uri } = started.body as { flowId: string; uri: string };
    const callback = new URL(await signInAt(uri, 'eve', `${base}/embedded/v1/social/callback`));
    callback.searchParams.set('code', 'not-the-code');
    const answer = await fetch(callback, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(new URL(answer.headers.get('location')!).searchParams.get('result_uri')).toContain(`flow=${flowId}`);
    expect((await finish(device, flowId)).body).toEqual({
      status: 'failed',
      message: 'The provider did not confirm the sign-in',
    });
  });

  it('a popup login (no returnUrl) still lands on the callback page', async () => {
    const device = await testDevice(base);
    const started = await device.call('/embedded/v1/social/start', {
      body: { projectId: 'p1', provider: 'google', dappOrigin: DAPP },
    });
    const callback = await signInAt(started.body.uri, 'pat', `${base}/embedded/v1/social/callback`);
    const answer = await fetch(callback, { redirect: 'manual' });
    expect(answer.status).toBe(200);
  });
});

describe('redirect helpers', () => {
  it('checkReturnUrl keeps same-origin http(s) URLs only', () => {
    expect(checkReturnUrl('http://localhost:5173/a?b=1', 'http://localhost:5173')).toBe('http://localhost:5173/a?b=1');
    expect(() => checkReturnUrl('http://localhost:5173.evil.example/', 'http://localhost:5173')).toThrow(
      'returnUrl must be on the dapp origin',
    );
  });
  it('resultUriOf and returnWithResult', () => {
    const uri = resultUriOf('https://api.example/', 'abc_DEF-123');
    expect(uri).toBe('https://api.example/embedded/v1/social/result?flow=abc_DEF-123');
    const back = new URL(returnWithResult('https://dapp.example/x?result_uri=old#h', uri));
    expect(back.searchParams.getAll('result_uri')).toEqual([uri]);
    expect(back.hash).toBe('#h');
  });
});

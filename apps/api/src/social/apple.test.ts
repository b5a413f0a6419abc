import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localClientSecret, signInAnswer } from '@airlock/oidc-provider';
import { startSocialTestApi, type SocialTestApi } from './testApi.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';
import { testDevice, type TestDevice } from '../embedded/testClient.ts';

/**
 * Apple's answer by `response_mode=form_post` over a real API and the local OpenID
 * provider's `apple` client (which posts the answer, leaves `name` out of its ID token
 * and sends Apple's `user` field on an account's first authorization): the valid post,
 * the forged state, the replayed post, bodies that are not a small form, and a code
 * replayed into another device key's login. Its own API, so its rate-limit bucket is
 * not shared with social.test.ts.
 */

let stack: SocialTestApi;
let base: string;
const DAPP = 'http://localhost:5173';
const callback = () => `${base}/embedded/v1/social/callback`;

beforeAll(async () => {
  stack = await startSocialTestApi(
    (o) => ({
      apple: {
        kind: 'oidc',
        issuer: o.issuer,
        clientId: 'apple',
        clientSecret: localClientSecret('apple'),
        responseMode: 'form_post',
      },
    }),
    { database: await testDatabase() },
  );
  ({ base } = stack);
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await dropTestDatabases();
});

const start = (device: TestDevice) =>
  device.call('/embedded/v1/social/start', { body: { projectId: 'p1', provider: 'apple', dappOrigin: DAPP } });
const finish = (device: TestDevice, flowId: string) => device.call('/embedded/v1/social/finish', { body: { flowId } });

/** Starts an Apple login on `device` and signs in as `who`: the provider's form, not yet posted. */
async function authorize(device: TestDevice, who: string) {
  const started = await start(device);
  expect(started.status).toBe(200);
  const { flowId, uri } = started.body as { flowId: string; uri: string };
  expect(new URL(uri).searchParams.get('response_mode')).toBe('form_post');
  const answer = await signInAnswer(uri, who, callback());
  expect(answer.url).toBe(callback());
  expect(answer.form).toBeDefined();
  return { flowId, form: answer.form! };
}

/** Posts `body` to the callback as Apple's page does: cross-site, no cookie. */
const post = (body: URLSearchParams | string, type = 'application/x-www-form-urlencoded') =>
  fetch(callback(), { method: 'POST', headers: { 'content-type': type, origin: 'https://appleid.apple.com' }, body });

const fresh = (tag: string) => `${tag}.${randomBytes(3).toString('hex')}@example.com`;

describe('apple (response_mode=form_post)', () => {
  it("signs in from the posted form; the first login's `user` gives the name, a later login keeps it", async () => {
    const who = fresh('ann');
    const first = who.split('@')[0]!;
    const device = await testDevice(base);
    const { flowId, form } = await authorize(device, who);
    expect(JSON.parse(form.get('user')!)).toEqual({ name: { firstName: first, lastName: 'Appleseed' }, email: who });
    // A front-channel id_token beside the code is ignored (only the token endpoint's ID token counts).
    form.set('id_token', 'not-a-token');
    const page = await post(form);
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(await page.text()).toContain('You are signed in');
    expect((await finish(device, flowId)).body).toMatchObject({
      status: 'done',
      social: { provider: 'apple', email: who, userName: `${first} Appleseed` },
    });
    // Another device, same person: Apple sends no `user` now; the name stored at the first login stays.
    const other = await testDevice(base);
    const again = await authorize(other, who);
    expect(again.form.has('user')).toBe(false);
    expect((await post(again.form)).status).toBe(200);
    expect((await finish(other, again.flowId)).body).toMatchObject({
      status: 'done',
      social: { provider: 'apple', userName: `${first} Appleseed` },
    });
  });

  it('refuses a forged state, bodies that are not one small form, and a replayed post', async () => {
    const device = await testDevice(base);
    const { flowId, form } = await authorize(device, fresh('eve'));
    const forged = new URLSearchParams(form);
    forged.set('state', 'forged-state-forged-state-forged');
    const refused = await post(forged);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('state mismatch');
    // JSON instead of a form, a repeated state, a body over 8 KiB: refused, the login still pending.
    expect((await post(JSON.stringify(Object.fromEntries(form)), 'application/json')).status).toBe(400);
    expect((await post(`${form}&state=${encodeURIComponent(form.get('state')!)}`)).status).toBe(400);
    expect((await post(`${form}&pad=${'a'.repeat(9_000)}`)).status).toBe(400);
    expect((await finish(device, flowId)).body).toEqual({ status: 'pending' });
    // The real post signs in, once: the same post again is refused (state and verifier single use).
    expect((await post(form)).status).toBe(200);
    const replay = await post(form);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('state mismatch');
    expect((await finish(device, flowId)).body).toMatchObject({ status: 'done' });
  });

  it("refuses the victim's posted code replayed into another device key's login", async () => {
    const victim = await testDevice(base);
    const attacker = await testDevice(base);
    const stolen = await authorize(victim, fresh('vic'));
    const own = await start(attacker);
    const replayed = new URLSearchParams(stolen.form);
    replayed.set('state', new URL(own.body.uri).searchParams.get('state')!);
    expect((await post(replayed)).status).toBe(400);
    expect((await finish(attacker, own.body.flowId)).body).toMatchObject({ status: 'failed' });
    // The victim's own post still works (the code was never redeemed).
    expect((await post(stolen.form)).status).toBe(200);
  });
});

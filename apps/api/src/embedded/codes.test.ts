import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_RULES } from './config.ts';
import { EMBEDDED_LIMITS } from './context.ts';
import type { TestDevice } from './testClient.ts';
import { startEmbeddedTestStack, TEST_DAPP, type EmbeddedTestStack } from './testStack.ts';

/**
 * Guessing a mailed code (issue 29 item 4) over a real HTTP server and a real SMTP server, on
 * PGlite and, in CI, on PostgreSQL (`DATABASE_URL`; scripts/test.mjs runs apps/api again there):
 * an attacker starts a login (or an email update) for somebody else's address and sends many
 * guesses at once from many client addresses. Only 5 tries of a code may ever be checked, and
 * an address takes a bounded number of wrong tries whatever code, device key or client address
 * they come from.
 */

let s: EmbeddedTestStack;
beforeAll(async () => {
  s = await startEmbeddedTestStack();
}, 60_000);
afterAll(async () => {
  await s?.stop();
});

/** `count` different 6-digit codes, none of them `right`. */
const wrongCodes = (right: string, count: number) =>
  Array.from({ length: count }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));

/**
 * Per test: a race signs 26 DPoP proofs and sends 26 requests, each checked on the server (ES256,
 * database round trips), and the address tests mail up to 11 codes: more than vitest's 20 s default
 * on a machine shared by many test runs.
 */
const TIMEOUT_MS = 60_000;

let ip = 0;
/** Headers of a request from a client address no other request of this file used. */
const newAddress = () => s.from(`198.51.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`);

/**
 * Sends every wrong code at the same instant (each from its own client address, with its DPoP
 * proof signed beforehand so that nothing spaces the requests out), then the right one.
 * @returns the answers to the wrong codes and to the right one.
 */
async function race(device: TestDevice, path: string, body: (otp: string) => object, right: string) {
  const url = `${s.base}${path}`;
  const send = async (otp: string, proof?: string) =>
    device.call(path, { body: body(otp), headers: newAddress(), proof });
  const proofs = await Promise.all(
    Array.from({ length: 25 }, () => device.proof('POST', url, device.session.accessToken)),
  );
  const wrong = await Promise.all(wrongCodes(right, 25).map((otp, i) => send(otp, proofs[i])));
  return { wrong, right: await send(right) };
}

/** The answers of a race, checked: only the first tries were compared, and the right code is refused. */
function expectRefused({ wrong, right }: Awaited<ReturnType<typeof race>>) {
  const messages = wrong.map((r) => r.body.message as string);
  expect(messages.filter((m) => m === 'Invalid code')).toHaveLength(CODE_RULES.maxAttempts - 1);
  for (const m of messages)
    expect(m).toMatch(/^(Invalid code|Too many attempts\. Request a new code|Too many requests\.)/);
  expect(right.status).not.toBe(200);
  expect(right.body.message).toMatch(/^(Too many attempts\. Request a new code|Too many requests\.)/);
  expect(right.body.session).toBeUndefined();
}

describe('login codes', { timeout: TIMEOUT_MS }, () => {
  it('counts each try before comparing it: 25 wrong codes at once, from 25 addresses, leave the right code refused', async () => {
    const email = s.freshEmail();
    const attacker = await s.device();
    const t = Date.now();
    expect((await s.start(attacker, email, newAddress())).body).toEqual({ action: 'VERIFY_OTP' });
    const otp = await s.codeFor(email, t);
    expectRefused(
      await race(attacker, '/embedded/v1/login/verify', (code) => ({ email, otp: code, dappOrigin: TEST_DAPP }), otp),
    );
    expect(attacker.session.accessToken).toBeUndefined();
  });

  it('takes a used code once, when the right code arrives several times at once', async () => {
    const email = s.freshEmail();
    const device = await s.device();
    const t = Date.now();
    await s.start(device, email, newAddress());
    const otp = await s.codeFor(email, t);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        device.call('/embedded/v1/login/verify', {
          body: { email, otp, dappOrigin: TEST_DAPP },
          headers: newAddress(),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((a) => a.status !== 200))
      expect(a.body).toEqual({ message: 'Invalid code', key: 'error.LoginInvalidCode' });
  });

  it('limits the wrong tries at one address across codes, device keys and client addresses', async () => {
    const email = s.freshEmail();
    const budget = EMBEDDED_LIMITS.verifyPerEmail.capacity;
    let spent = 0;
    while (spent < budget) {
      // A new device key each time: a new code (after the 30 s cool-down), 5 more tries.
      const attacker = await s.device();
      const t = Date.now();
      expect((await s.start(attacker, email, newAddress())).body).toEqual({ action: 'VERIFY_OTP' });
      const otp = await s.codeFor(email, t);
      for (const wrong of wrongCodes(otp, Math.min(CODE_RULES.maxAttempts, budget - spent))) {
        const answer = await attacker.call('/embedded/v1/login/verify', {
          body: { email, otp: wrong, dappOrigin: TEST_DAPP },
          headers: newAddress(),
        });
        expect(answer.status).toBe(400);
        spent += 1;
      }
      s.advance(CODE_RULES.cooldownMs + 1000);
    }
    const last = await s.device();
    const t = Date.now();
    expect((await s.start(last, email, newAddress())).body).toEqual({ action: 'VERIFY_OTP' });
    const otp = await s.codeFor(email, t);
    const right = await last.call('/embedded/v1/login/verify', {
      body: { email, otp, dappOrigin: TEST_DAPP },
      headers: newAddress(),
    });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Too many requests\. Please try again after \d+ seconds$/);
    expect(last.session.accessToken).toBeUndefined();
  });

  it('does not count a right code against the address', async () => {
    const email = s.freshEmail();
    for (let i = 0; i <= EMBEDDED_LIMITS.verifyPerEmail.capacity; i++) {
      const device = await s.device();
      const t = Date.now();
      expect((await s.start(device, email, newAddress())).body).toEqual({ action: 'VERIFY_OTP' });
      const otp = await s.codeFor(email, t);
      const answer = await device.call('/embedded/v1/login/verify', {
        body: { email, otp, dappOrigin: TEST_DAPP },
        headers: newAddress(),
      });
      expect(answer.status).toBe(200);
      // Past the cool-down and the per-address mail limit's refill (one mail per 2 minutes).
      s.advance(121_000);
    }
  });
});

describe('email update codes', { timeout: TIMEOUT_MS }, () => {
  it('counts each try before comparing it at the current address (a stolen session cannot guess its way to a new email)', async () => {
    const current = s.freshEmail();
    const owner = await s.signUp(current);
    const t = Date.now();
    expect((await owner.call('/embedded/v1/email/update', { body: { email: s.freshEmail() } })).status).toBe(200);
    const primary = await s.codeFor(current, t);
    expectRefused(await race(owner, '/embedded/v1/email/update/primary', (otp) => ({ otp }), primary));
  });

  it('counts each try before comparing it at the new address (an account cannot take somebody else’s address)', async () => {
    const email = s.freshEmail();
    const attacker = await s.signUp(email);
    const victim = s.freshEmail();
    const t = Date.now();
    await attacker.call('/embedded/v1/email/update', { body: { email: victim } });
    const own = await s.codeFor(email, t);
    expect((await attacker.call('/embedded/v1/email/update/primary', { body: { otp: own } })).body).toEqual({
      action: 'VERIFY_SECONDARY_OTP',
    });
    const secondary = await s.codeFor(victim, t);
    expectRefused(await race(attacker, '/embedded/v1/email/update/secondary', (otp) => ({ otp }), secondary));
    expect((await attacker.call('/embedded/v1/account')).body.email).toBe(email);
  });
});

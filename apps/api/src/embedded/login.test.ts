import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '@airlock/mail-catcher';
import { createApi, type Api } from '../main.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';
import { openRecoveryShare } from './secrets.ts';
import { testDevice } from './testClient.ts';

/**
 * The email login over a real HTTP server and a real SMTP server (the mail
 * catcher): codes, cool-down, attempts, expiry, device binding (DPoP), known
 * devices, device approval by the mailed link, refresh and sign-out.
 */

let mail: MailCatcher;
let api: Api;
let base: string;
let offsetMs = 0;
const now = () => Date.now() + offsetMs;
const SECURE_FRAME = 'http://127.0.0.3:5178';
const DAPP = 'http://localhost:5173';
let n = 0;
const freshEmail = () => `user${++n}.${randomBytes(3).toString('hex')}@example.com`;

beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  api = await createApi({
    port: 0,
    database: await testDatabase(),
    seed: {
      projects: [
        { id: 'p1', name: 'P1', allowedOrigins: ['http://localhost:*'] },
        { id: 'opt-in', name: 'Opt-in', allowedOrigins: ['https://app.example.com'], embeddedDevHosts: true },
      ],
    },
    clock: now,
    embedded: { smtpUrl: mail.smtpUrl, recoveryKey: randomBytes(32), secureFrameOrigins: [SECURE_FRAME] },
    log: () => {},
  });
  base = await api.start();
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await mail?.stop();
  await dropTestDatabases();
});

const start = (device: Awaited<ReturnType<typeof testDevice>>, email: string, extra: object = {}) =>
  device.call('/embedded/v1/login/start', { body: { projectId: 'p1', email, dappOrigin: DAPP, ...extra } });
const codeFor = async (email: string, since: number) => (await mail.waitFor(email, { since })).code!;

/** Logs a new device in with a mailed code and creates its wallet record. */
async function signUp(email: string) {
  const device = await testDevice(base, now);
  const t = Date.now();
  expect((await start(device, email)).body).toEqual({ action: 'VERIFY_OTP' });
  const otp = await codeFor(email, t);
  const verified = await device.call('/embedded/v1/login/verify', { body: { email, otp, dappOrigin: DAPP } });
  expect(verified.status).toBe(200);
  const created = await device.call('/embedded/v1/wallet', {
    body: {
      eip155Address: '0x1111111111111111111111111111111111111111',
      solanaAddress: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
      authShare: Buffer.alloc(17, 1).toString('base64'),
      recoveryShare: Buffer.alloc(17, 2).toString('base64'),
    },
  });
  expect(created.status).toBe(204);
  return device;
}

describe('email login', () => {
  it('mails a 6-digit code for a new address; the code signs in the device that asked, once', async () => {
    const email = freshEmail();
    const device = await testDevice(base, now);
    const t = Date.now();
    expect(await start(device, email)).toMatchObject({ status: 200, body: { action: 'VERIFY_OTP' } });
    const message = await mail.waitFor(email, { since: t });
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.text).toContain(DAPP);
    // Another device key cannot use the code (it is bound to the key that asked).
    const thief = await testDevice(base, now);
    expect(
      (await thief.call('/embedded/v1/login/verify', { body: { email, otp: message.code, dappOrigin: DAPP } })).body,
    ).toEqual({ message: 'Invalid code', key: 'error.LoginInvalidCode' });
    const ok = await device.call('/embedded/v1/login/verify', { body: { email, otp: message.code, dappOrigin: DAPP } });
    expect(ok.status).toBe(200);
    expect(ok.body.account).toEqual({ email, addresses: null });
    expect(ok.body.session).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: 600,
    });
    const again = await device.call('/embedded/v1/login/verify', {
      body: { email, otp: message.code, dappOrigin: DAPP },
    });
    expect(again.body).toEqual({ message: 'Invalid code', key: 'error.LoginInvalidCode' });
  });

  it("refuses a second code within 30 s with 'Please try again after N seconds'", async () => {
    const email = freshEmail();
    const device = await testDevice(base, now);
    await start(device, email);
    const second = await start(device, email);
    expect(second.status).toBe(429);
    expect(second.body.message).toMatch(/^Please try again after (29|30) seconds$/);
    // The stable key and the seconds as a param, for the widget to show it translated.
    expect(second.body).toMatchObject({ key: 'error.LoginCooldown', params: { seconds: expect.any(Number) } });
    expect(second.body.message).toBe(`Please try again after ${second.body.params.seconds} seconds`);
    offsetMs += 31_000;
    try {
      expect((await start(device, email)).body).toEqual({ action: 'VERIFY_OTP' });
    } finally {
      offsetMs -= 31_000;
    }
  });

  it('kills a code after 5 wrong tries, and refuses an expired one', async () => {
    const email = freshEmail();
    const device = await testDevice(base, now);
    const t = Date.now();
    await start(device, email);
    const otp = await codeFor(email, t);
    const wrong = otp === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (await device.call('/embedded/v1/login/verify', { body: { email, otp: wrong, dappOrigin: DAPP } })).body
          .message,
      );
    expect(answers).toEqual([
      'Invalid code',
      'Invalid code',
      'Invalid code',
      'Invalid code',
      'Too many attempts. Request a new code',
    ]);
    expect(
      (await device.call('/embedded/v1/login/verify', { body: { email, otp, dappOrigin: DAPP } })).body.message,
    ).toBe('Too many attempts. Request a new code');
    expect((await device.call('/embedded/v1/login/verify', { body: { email, otp, dappOrigin: DAPP } })).body.key).toBe(
      'error.LoginTooManyAttempts',
    );

    const late = freshEmail();
    const t2 = Date.now();
    await start(device, late);
    const code = await codeFor(late, t2);
    offsetMs += 10 * 60_000 + 1000;
    try {
      const expired = await device.call('/embedded/v1/login/verify', {
        body: { email: late, otp: code, dappOrigin: DAPP },
      });
      expect(expired).toMatchObject({
        status: 400,
        body: { message: 'Code expired. Request a new code', key: 'error.LoginCodeExpired' },
      });
    } finally {
      offsetMs -= 10 * 60_000 + 1000;
    }
  });

  it('answers CONNECT to a registered device key without a mail, and VERIFY_DEVICE to a new one until the mailed link approves it', async () => {
    const email = freshEmail();
    const first = await signUp(email);
    const before = mail.messages(email).length;
    const again = await start(first, email);
    expect(again.body).toMatchObject({
      action: 'CONNECT',
      account: { email },
      session: { accessToken: expect.any(String) },
    });
    expect(mail.messages(email)).toHaveLength(before);

    const second = await testDevice(base, now);
    const t = Date.now();
    expect((await start(second, email, { dappOrigin: 'http://localhost:5177' })).body).toEqual({
      action: 'VERIFY_DEVICE',
    });
    const poll = () => second.call('/embedded/v1/login/device', { body: { email } });
    expect((await poll()).body).toEqual({ status: 'pending' });
    const message = await mail.waitFor(email, { since: t });
    const link = message.links.find((l) => l.includes('/embedded/v1/device/approve'))!;
    const page = await fetch(link);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = await page.text();
    expect(html).toContain('http://localhost:5177');
    const token = new URL(link).searchParams.get('token')!;
    const decided = await fetch(`${base}/embedded/v1/device/approve`, {
      method: 'POST',
      body: new URLSearchParams({ token, decision: 'approve' }),
    });
    expect(await decided.text()).toContain('Device approved');
    const approved = await poll();
    expect(approved.body).toMatchObject({
      status: 'approved',
      account: { email, addresses: { eip155: '0x1111111111111111111111111111111111111111' } },
    });
    // The link works once.
    const reused = await fetch(`${base}/embedded/v1/device/approve`, {
      method: 'POST',
      body: new URLSearchParams({ token, decision: 'approve' }),
    });
    expect(reused.status).toBe(410);
    // The new device has no share of its own yet: it rebuilds from auth + recovery.
    expect((await second.call('/embedded/v1/account')).body.deviceShare).toBeNull();
    expect((await second.call('/embedded/v1/shares/device')).status).toBe(404);
    const recovery = await second.call('/embedded/v1/shares/recovery');
    expect(recovery.body).toEqual({
      authShare: Buffer.alloc(17, 1).toString('base64'),
      recoveryShare: Buffer.alloc(17, 2).toString('base64'),
    });
    expect(
      (
        await second.call('/embedded/v1/shares/device', {
          method: 'PUT',
          body: { authShare: Buffer.alloc(17, 3).toString('base64') },
        })
      ).status,
    ).toBe(204);
    expect((await second.call('/embedded/v1/shares/device')).body).toEqual({
      authShare: Buffer.alloc(17, 3).toString('base64'),
    });
    // The first device still pairs with the account's auth share.
    expect((await first.call('/embedded/v1/shares/device')).body).toEqual({
      authShare: Buffer.alloc(17, 1).toString('base64'),
    });

    // A second link for the same device waits out the cool-down; another device is not held up by it.
    const third = await testDevice(base, now);
    expect((await start(third, email)).body).toEqual({ action: 'VERIFY_DEVICE' });
    expect((await start(third, email)).body.message).toMatch(/^Please try again after (29|30) seconds$/);
    expect((await start(await testDevice(base, now), email)).body).toEqual({ action: 'VERIFY_DEVICE' });
  });

  it('after a sign-out the same device is asked for a code again (a shared computer), then the quick path is back', async () => {
    const email = freshEmail();
    const device = await signUp(email);
    expect((await start(device, email)).body).toMatchObject({ action: 'CONNECT' });
    expect((await device.call('/embedded/v1/session/signout', { method: 'POST' })).status).toBe(204);
    offsetMs += 31_000; // past the 30 s cool-down of the sign-up code
    try {
      const t = Date.now();
      expect((await start(device, email)).body).toEqual({ action: 'VERIFY_OTP' });
      const otp = await codeFor(email, t);
      const verified = await device.call('/embedded/v1/login/verify', { body: { email, otp, dappOrigin: DAPP } });
      expect(verified.body).toMatchObject({
        account: { email, addresses: { eip155: '0x1111111111111111111111111111111111111111' } },
      });
      // The device keeps its share, and a later login (a new dapp) takes the quick path again.
      expect((await device.call('/embedded/v1/account')).body.deviceShare).toBe('primary');
      expect((await start(device, email, { dappOrigin: 'http://localhost:5177' })).body).toMatchObject({
        action: 'CONNECT',
      });
    } finally {
      offsetMs -= 31_000;
    }
  });

  it('a denied device gets no session', async () => {
    const email = freshEmail();
    await signUp(email);
    const other = await testDevice(base, now);
    const t = Date.now();
    expect((await start(other, email)).body).toEqual({ action: 'VERIFY_DEVICE' });
    const isApproval = (l: string) => l.includes('/device/approve');
    const link = (await mail.waitFor(email, { since: t, match: (m) => m.links.some(isApproval) })).links.find(
      isApproval,
    )!;
    await fetch(`${base}/embedded/v1/device/approve`, {
      method: 'POST',
      body: new URLSearchParams({ token: new URL(link).searchParams.get('token')!, decision: 'deny' }),
    });
    expect((await other.call('/embedded/v1/login/device', { body: { email } })).body).toEqual({ status: 'denied' });
    expect(other.session.accessToken).toBeUndefined();
  });

  it('refuses a dapp origin outside the project, and accepts spec §6 dev hosts only for a project that opted in', async () => {
    const device = await testDevice(base, now);
    const refused = await start(device, freshEmail(), { dappOrigin: 'https://evil.vercel.app' });
    expect(refused).toMatchObject({ status: 403, body: { message: 'Unauthorized: origin not allowed' } });
    const optIn = await start(device, freshEmail(), { projectId: 'opt-in', dappOrigin: 'https://mine.vercel.app' });
    expect(optIn.body).toEqual({ action: 'VERIFY_OTP' });
    const origins = await fetch(`${base}/embedded/v1/project?projectId=opt-in`);
    expect((await origins.json()).allowedOrigins).toEqual(
      expect.arrayContaining(['https://app.example.com', 'https://*.vercel.app']),
    );
    const plain = await (await fetch(`${base}/embedded/v1/project?projectId=p1`)).json();
    expect(plain.allowedOrigins).toEqual(['http://localhost:*']);
  });
});

describe('sessions bound to the device key', () => {
  it('refuses a token without a proof, with another key, or with a replayed proof', async () => {
    const device = await signUp(freshEmail());
    const token = device.session.accessToken!;
    expect((await device.call('/embedded/v1/account')).status).toBe(200);
    const noProof = await fetch(`${base}/embedded/v1/account`, { headers: { authorization: `DPoP ${token}` } });
    expect(noProof.status).toBe(401);
    const thief = await testDevice(base, now);
    thief.session.accessToken = token;
    expect((await thief.call('/embedded/v1/account')).body.message).toBe(
      'Invalid DPoP proof: key does not match the session',
    );
    const proof = await device.proof('GET', `${base}/embedded/v1/account`, token);
    expect((await device.call('/embedded/v1/account', { proof })).status).toBe(200);
    expect((await device.call('/embedded/v1/account', { proof })).body.message).toBe('Invalid DPoP proof: replayed');
    const otherUrl = await device.proof('GET', `${base}/embedded/v1/shares/recovery`, token);
    expect((await device.call('/embedded/v1/account', { proof: otherUrl })).body.message).toBe(
      'Invalid DPoP proof: htu',
    );
  });

  it('rotates the refresh token, refuses it from another key, and ends on sign-out', async () => {
    const device = await signUp(freshEmail());
    const oldRefresh = device.session.refreshToken!;
    const thief = await testDevice(base, now);
    expect((await thief.call('/embedded/v1/session/refresh', { body: { refreshToken: oldRefresh } })).status).toBe(401);
    const refreshed = await device.call('/embedded/v1/session/refresh', { body: { refreshToken: oldRefresh } });
    expect(refreshed.status).toBe(200);
    expect(device.session.refreshToken).not.toBe(oldRefresh);
    expect((await device.call('/embedded/v1/session/refresh', { body: { refreshToken: oldRefresh } })).status).toBe(
      401,
    );
    expect((await device.call('/embedded/v1/session/signout', { method: 'POST' })).status).toBe(204);
    expect((await device.call('/embedded/v1/account')).body.message).toBe('Session ended');
  });

  it('answers CORS only to the secure frame origin', async () => {
    const allowed = await fetch(`${base}/embedded/v1/project?projectId=p1`, { headers: { origin: SECURE_FRAME } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(SECURE_FRAME);
    const page = await fetch(`${base}/embedded/v1/project?projectId=p1`, { headers: { origin: DAPP } });
    expect(page.status).toBe(403);
    const preflight = await fetch(`${base}/embedded/v1/login/start`, {
      method: 'OPTIONS',
      headers: { origin: SECURE_FRAME },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('DPoP');
  });

  it('keeps the recovery share sealed in the database', async () => {
    const email = freshEmail();
    await signUp(email);
    const { rows } = (await api.db.execute(
      `SELECT auth_share, recovery_share FROM embedded_accounts WHERE email = '${email}'` as never,
    )) as unknown as { rows: { auth_share: string; recovery_share: string }[] };
    expect(rows[0]!.recovery_share).not.toBe(Buffer.alloc(17, 2).toString('base64'));
    expect(rows[0]!.recovery_share).not.toContain(Buffer.alloc(17, 2).toString('base64'));
    expect(() => openRecoveryShare(randomBytes(32), rows[0]!.recovery_share)).toThrow();
  });
});

describe('email update', () => {
  it('mails a code to the current address, then to the new one, then stores the new email', async () => {
    const email = freshEmail();
    const device = await signUp(email);
    const next = freshEmail();
    const t = Date.now();
    expect((await device.call('/embedded/v1/email/update', { body: { email: next } })).body).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    });
    const primary = await codeFor(email, t);
    expect((await device.call('/embedded/v1/email/update/primary', { body: { otp: primary } })).body).toEqual({
      action: 'VERIFY_SECONDARY_OTP',
    });
    const secondary = await codeFor(next, t);
    expect((await device.call('/embedded/v1/email/update/secondary', { body: { otp: secondary } })).body).toEqual({
      email: next,
    });
    expect((await device.call('/embedded/v1/account')).body.email).toBe(next);
    const other = freshEmail();
    await signUp(other);
    expect((await device.call('/embedded/v1/email/update', { body: { email: other } })).body).toEqual({
      message: 'Email already in use',
    });
  });
});

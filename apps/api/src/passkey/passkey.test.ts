import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestDevice } from '../embedded/testClient.ts';
import { startEmbeddedTestStack, TEST_DAPP, type EmbeddedTestStack } from '../embedded/testStack.ts';
import { PasskeyChallengeMessage } from './challenges.ts';
import { PasskeyMessage } from './routes.ts';
import { testAuthenticator, type TestAuthenticator } from './testAuthenticator.ts';

/**
 * Passkeys of the embedded wallet (docs/embedded-wallet.md "Passkeys") over a real HTTP API, with a
 * software authenticator answering `@simplewebauthn/server`'s options, on PGlite and, in CI, on
 * PostgreSQL (`AIRLOCK_TEST_DATABASE_URL`; scripts/test.mjs runs apps/api again there): register
 * after an email login, log in with the passkey alone from another device key, sign up with a
 * passkey alone, list and remove; a challenge is used once (also by answers sent together) and
 * only by the device key that asked for it.
 */

/** The secure frame origin of the test stack (its CORS list): the passkeys' relying party. */
const SECURE_FRAME = 'http://127.0.0.3:5178';
const TIMEOUT_MS = 60_000;

let s: EmbeddedTestStack;
beforeAll(async () => {
  s = await startEmbeddedTestStack();
}, 60_000);
afterAll(async () => {
  await s?.stop();
});
// Every test comes from the same client address: let its per-IP bucket refill in between.
beforeEach(() => s.advance(10 * 60_000));

const project = { projectId: 'p1', dappOrigin: TEST_DAPP };
const headers = { origin: SECURE_FRAME };

/** Registers a passkey for the signed-in `device`. */
async function register(device: TestDevice, authenticator: TestAuthenticator) {
  const options = await device.call('/embedded/v1/passkey/register/options', { body: {}, headers });
  expect(options.status).toBe(200);
  const response = authenticator.create(options.body.options, SECURE_FRAME);
  return device.call('/embedded/v1/passkey/register/verify', {
    body: { challengeId: options.body.challengeId, response },
    headers,
  });
}

/** Asks `device` for a login challenge and answers it with `authenticator` (inside `topOrigin`'s page, when given). */
async function loginAnswer(
  device: TestDevice,
  authenticator: TestAuthenticator,
  origin = SECURE_FRAME,
  topOrigin?: string,
) {
  const options = await device.call('/embedded/v1/passkey/login/options', { body: project, headers });
  expect(options.status).toBe(200);
  expect(options.body.options.allowCredentials ?? []).toEqual([]);
  return {
    challengeId: options.body.challengeId as string,
    response: authenticator.get(options.body.options, origin, topOrigin),
  };
}

describe('passkeys', () => {
  it(
    'registers after an email login; the passkey alone signs another device in to the same account, no mail',
    async () => {
      const email = s.freshEmail();
      const first = await s.signUp(email);
      const authenticator = testAuthenticator();
      const registered = await register(first, authenticator);
      expect(registered.status).toBe(200);
      expect(registered.body.passkey).toMatchObject({
        id: authenticator.id(),
        name: expect.stringMatching(/^Passkey/),
      });
      const account = await first.call('/embedded/v1/account');

      const second = await s.device();
      const before = s.mail.messages().length;
      const login = await second.call('/embedded/v1/passkey/login/verify', {
        body: await loginAnswer(second, authenticator),
        headers,
      });
      expect(login.status).toBe(200);
      expect(login.body.account).toEqual({ email, addresses: account.body.addresses });
      expect(s.mail.messages().length).toBe(before);
      // A full session of the account: the new device may fetch the shares to rebuild its key.
      expect((await second.call('/embedded/v1/shares/recovery')).status).toBe(200);
    },
    TIMEOUT_MS,
  );

  it(
    'refuses a replayed assertion, whether sent again or to a new challenge',
    async () => {
      const device = await s.signUp(s.freshEmail());
      const authenticator = testAuthenticator();
      expect((await register(device, authenticator)).status).toBe(200);
      const other = await s.device();
      const answer = await loginAnswer(other, authenticator);
      expect((await other.call('/embedded/v1/passkey/login/verify', { body: answer, headers })).status).toBe(200);
      const again = await other.call('/embedded/v1/passkey/login/verify', { body: answer, headers });
      expect(again).toMatchObject({ status: 400, body: { message: PasskeyChallengeMessage.Spent } });
      // The old assertion on a fresh challenge: it signed another challenge.
      const fresh = await other.call('/embedded/v1/passkey/login/options', { body: project, headers });
      const replayed = await other.call('/embedded/v1/passkey/login/verify', {
        body: { challengeId: fresh.body.challengeId, response: answer.response },
        headers,
      });
      expect(replayed).toMatchObject({ status: 400, body: { message: PasskeyMessage.NotVerified } });
    },
    TIMEOUT_MS,
  );

  it(
    'takes a challenge once when the same answer is sent many times at once (a synced passkey: no counter)',
    async () => {
      const device = await s.signUp(s.freshEmail());
      const authenticator = testAuthenticator({ synced: true });
      expect((await register(device, authenticator)).status).toBe(200);
      const other = await s.device();
      const answer = await loginAnswer(other, authenticator);
      // Proofs made first, so the requests leave at the same instant, each from its own client
      // address (one address's rate-limit bucket would queue them).
      const url = `${s.base}/embedded/v1/passkey/login/verify`;
      const proofs = await Promise.all(Array.from({ length: 20 }, () => other.proof('POST', url)));
      const results = await Promise.all(
        proofs.map((proof, i) =>
          other.call('/embedded/v1/passkey/login/verify', {
            body: answer,
            headers: { ...headers, ...s.from(`203.0.113.${i + 1}`) },
            proof,
          }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 400)).toHaveLength(19);
    },
    TIMEOUT_MS,
  );

  it(
    "binds a challenge to the device key that asked: another key's answer is refused and leaves it to its owner",
    async () => {
      const device = await s.signUp(s.freshEmail());
      const authenticator = testAuthenticator();
      expect((await register(device, authenticator)).status).toBe(200);
      const owner = await s.device();
      const answer = await loginAnswer(owner, authenticator);
      // The challenge bytes end with SHA-256 of the owner's key thumbprint (signed in clientDataJSON).
      expect(
        Buffer.from(
          JSON.parse(
            Buffer.from(
              (answer.response as { response: { clientDataJSON: string } }).response.clientDataJSON,
              'base64url',
            ).toString(),
          ).challenge,
          'base64url',
        ),
      ).toHaveLength(48);
      const thief = await s.device();
      const stolen = await thief.call('/embedded/v1/passkey/login/verify', { body: answer, headers });
      expect(stolen).toMatchObject({ status: 403, body: { message: PasskeyChallengeMessage.OtherDevice } });
      expect((await owner.call('/embedded/v1/passkey/login/verify', { body: answer, headers })).status).toBe(200);
    },
    TIMEOUT_MS,
  );

  it(
    'refuses an answer made on another origin, and an unknown passkey',
    async () => {
      const device = await s.signUp(s.freshEmail());
      const authenticator = testAuthenticator();
      expect((await register(device, authenticator)).status).toBe(200);
      const other = await s.device();
      const phished = await other.call('/embedded/v1/passkey/login/verify', {
        body: await loginAnswer(other, authenticator, 'http://localhost:5173'),
        headers,
      });
      expect(phished).toMatchObject({ status: 400, body: { message: PasskeyMessage.NotVerified } });
      const stranger = testAuthenticator();
      stranger.create({ challenge: 'AA', rp: { id: '127.0.0.3' } }, SECURE_FRAME);
      const unknown = await other.call('/embedded/v1/passkey/login/verify', {
        body: await loginAnswer(other, stranger),
        headers,
      });
      expect(unknown).toMatchObject({ status: 400, body: { message: PasskeyMessage.Unknown } });
    },
    TIMEOUT_MS,
  );

  it(
    'inside the widget, the top-level page the browser names must be the dapp the login was asked for',
    async () => {
      const device = await s.signUp(s.freshEmail());
      const authenticator = testAuthenticator();
      expect((await register(device, authenticator)).status).toBe(200);
      const other = await s.device();
      const framed = await other.call('/embedded/v1/passkey/login/verify', {
        body: await loginAnswer(other, authenticator, SECURE_FRAME, TEST_DAPP),
        headers,
      });
      expect(framed.status).toBe(200);
      const elsewhere = await other.call('/embedded/v1/passkey/login/verify', {
        body: await loginAnswer(other, authenticator, SECURE_FRAME, 'https://evil.example'),
        headers,
      });
      expect(elsewhere).toMatchObject({ status: 400, body: { message: PasskeyMessage.NotVerified } });
    },
    TIMEOUT_MS,
  );

  it(
    'signs up with a passkey alone, lists it, and keeps the last one of a passkey-only account',
    async () => {
      const device = await s.device();
      const options = await device.call('/embedded/v1/passkey/signup/options', { body: project, headers });
      expect(options.status).toBe(200);
      expect(options.body.options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
      const authenticator = testAuthenticator();
      const signedUp = await device.call('/embedded/v1/passkey/signup/verify', {
        body: {
          challengeId: options.body.challengeId,
          response: authenticator.create(options.body.options, SECURE_FRAME),
        },
        headers,
      });
      expect(signedUp.status).toBe(200);
      expect(signedUp.body.account).toEqual({ email: null, addresses: null });
      const list = await device.call('/embedded/v1/passkeys');
      expect(list.body.passkeys).toEqual([expect.objectContaining({ id: authenticator.id() })]);
      const last = await device.call('/embedded/v1/passkeys/remove', { body: { id: authenticator.id() } });
      expect(last).toMatchObject({ status: 409, body: { message: PasskeyMessage.LastLogin } });
      // With a second passkey the first can go; it no longer signs in.
      const spare = testAuthenticator();
      expect((await register(device, spare)).status).toBe(200);
      expect((await device.call('/embedded/v1/passkeys/remove', { body: { id: authenticator.id() } })).status).toBe(
        204,
      );
      const other = await s.device();
      const gone = await other.call('/embedded/v1/passkey/login/verify', {
        body: await loginAnswer(other, authenticator),
        headers,
      });
      expect(gone).toMatchObject({ status: 400, body: { message: PasskeyMessage.Unknown } });
      const again = await other.call('/embedded/v1/passkey/login/verify', {
        body: await loginAnswer(other, spare),
        headers,
      });
      expect(again.status).toBe(200);
    },
    TIMEOUT_MS,
  );

  it(
    'removes only the caller’s own passkeys, and registering needs a session',
    async () => {
      const owner = await s.signUp(s.freshEmail());
      const authenticator = testAuthenticator();
      expect((await register(owner, authenticator)).status).toBe(200);
      const stranger = await s.signUp(s.freshEmail());
      const removed = await stranger.call('/embedded/v1/passkeys/remove', { body: { id: authenticator.id() } });
      expect(removed.status).toBe(404);
      const anonymous = await s.device();
      expect((await anonymous.call('/embedded/v1/passkey/register/options', { body: {}, headers })).status).toBe(401);
      expect((await owner.call('/embedded/v1/passkeys/remove', { body: { id: authenticator.id() } })).status).toBe(204);
    },
    TIMEOUT_MS,
  );
});

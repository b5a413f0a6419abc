import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailCatcher } from '@airlock/mail-catcher';
import { localClientSecret, signInAt, type RunningOidcProvider } from '@airlock/oidc-provider';
import { localGoogle, startSocialTestApi, type SocialTestApi } from './testApi.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';
import { testDevice, type TestDevice } from '../embedded/testClient.ts';
import { socialProvidersFromEnv, type SocialProviders } from './config.ts';

/**
 * Social login over a real API and a real OpenID provider (oidc-provider on
 * loopback): google as an OIDC provider (discovery, ID token with the device-bound
 * nonce), github as an OAuth-2-only provider (code exchange, profile), and the
 * attacks: a forged state, a code redeemed by another device, a provider down.
 */

let stack: SocialTestApi;
let mail: MailCatcher;
let oidc: RunningOidcProvider;
let base: string;
const DAPP = 'http://localhost:5173';
const SECURE_FRAME = 'http://127.0.0.3:5178';
const callbackPrefix = () => `${base}/embedded/v1/social/callback`;

/** google through OIDC discovery; github as an OAuth-2-only provider over the same local provider. */
const providers = (o: RunningOidcProvider): SocialProviders => ({
  ...localGoogle(o),
  github: {
    kind: 'oauth2',
    authorizationEndpoint: `${o.issuer}/auth`,
    tokenEndpoint: `${o.issuer}/token`,
    userinfoEndpoint: `${o.issuer}/me`,
    clientId: 'github',
    clientSecret: localClientSecret('github'),
    scope: 'openid email profile',
    subjectField: 'sub',
    emailField: 'email',
    nameField: 'name',
  },
});

beforeAll(async () => {
  stack = await startSocialTestApi(providers, { database: await testDatabase(), secureFrameOrigins: [SECURE_FRAME] });
  ({ base, oidc, mail } = stack);
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await dropTestDatabases();
});

const start = (device: TestDevice, provider: string) =>
  device.call('/embedded/v1/social/start', { body: { projectId: 'p1', provider, dappOrigin: DAPP } });
const finish = (device: TestDevice, flowId: string) => device.call('/embedded/v1/social/finish', { body: { flowId } });

/** Starts a login on `device`, signs in at the provider as `login`; returns the flow id and the callback URL (not yet visited). */
async function authorize(device: TestDevice, provider: string, login: string) {
  const started = await start(device, provider);
  expect(started.status).toBe(200);
  const { flowId, uri } = started.body as { flowId: string; uri: string };
  return { flowId, uri, callback: await signInAt(uri, login, callbackPrefix()) };
}

/** A full login: authorize, visit the callback, finish. Returns the finish body. */
async function login(device: TestDevice, provider: string, who: string) {
  const { flowId, callback } = await authorize(device, provider, who);
  const page = await fetch(callback);
  expect(page.status).toBe(200);
  const done = await finish(device, flowId);
  expect(done.status).toBe(200);
  return done.body as { status: string; account: { email: string | null }; social: { provider: string } };
}

describe('social login', () => {
  it('lists the configured providers only', async () => {
    const device = await testDevice(base);
    expect((await device.call('/embedded/v1/social/providers')).body).toEqual({ providers: ['google', 'github'] });
  });

  it('google (OIDC): PKCE S256, state and a nonce bound to the device key; the same subject gets the same account', async () => {
    const device = await testDevice(base);
    const { flowId, uri, callback } = await authorize(device, 'google', 'alice@example.com');
    const params = new URL(uri).searchParams;
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(params.get('redirect_uri')).toBe(callbackPrefix());
    expect((await finish(device, flowId)).body).toEqual({ status: 'pending' });
    expect((await fetch(callback)).status).toBe(200);
    const done = await finish(device, flowId);
    expect(done.body).toMatchObject({
      status: 'done',
      account: { email: null, addresses: null },
      social: { provider: 'google', email: 'alice@example.com', userName: 'alice' },
    });
    // Redeemed once only.
    expect((await finish(device, flowId)).status).toBe(400);
    // Another device, same person: the same account (its wallet is restored from the shares).
    const other = await testDevice(base);
    await login(other, 'google', 'alice@example.com');
    const a = await device.call('/embedded/v1/account');
    const b = await other.call('/embedded/v1/account');
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const created = await device.call('/embedded/v1/wallet', {
      body: {
        eip155Address: '0x1111111111111111111111111111111111111111',
        solanaAddress: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
        authShare: Buffer.alloc(17, 1).toString('base64'),
        recoveryShare: Buffer.alloc(17, 2).toString('base64'),
      },
    });
    expect(created.status).toBe(204);
    expect((await other.call('/embedded/v1/account')).body.addresses.eip155).toBe(
      '0x1111111111111111111111111111111111111111',
    );
  });

  it('github (OAuth 2 only): the API exchanges the code and reads the profile', async () => {
    const device = await testDevice(base);
    const body = await login(device, 'github', 'octo');
    expect(body).toMatchObject({ status: 'done', social: { provider: 'github', email: 'octo@example.test' } });
    expect(new URL((await start(device, 'github')).body.uri).searchParams.get('nonce')).toBeNull();
  });

  it('no automatic linking: an email login and a social login with the same verified email are two accounts', async () => {
    const email = `bob.${randomBytes(3).toString('hex')}@example.com`;
    const viaEmail = await testDevice(base);
    const t = Date.now();
    await viaEmail.call('/embedded/v1/login/start', { body: { projectId: 'p1', email, dappOrigin: DAPP } });
    const otp = (await mail.waitFor(email, { since: t })).code!;
    await viaEmail.call('/embedded/v1/login/verify', { body: { email, otp, dappOrigin: DAPP } });
    const emailAccount = await viaEmail.call('/embedded/v1/account');
    expect(emailAccount.body.email).toBe(email);
    const viaGoogle = await testDevice(base);
    const social = await login(viaGoogle, 'google', email);
    expect(social.account.email).toBeNull();
    // And google and github with the same login are two accounts as well.
    const viaGithub = await testDevice(base);
    await login(viaGithub, 'github', email);
    await viaEmail.call('/embedded/v1/wallet', {
      body: {
        eip155Address: '0x2222222222222222222222222222222222222222',
        solanaAddress: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
        authShare: Buffer.alloc(17, 1).toString('base64'),
        recoveryShare: Buffer.alloc(17, 2).toString('base64'),
      },
    });
    expect((await viaGoogle.call('/embedded/v1/account')).body.addresses).toBeNull();
    expect((await viaGithub.call('/embedded/v1/account')).body.addresses).toBeNull();
  });

  it('refuses a forged or altered state', async () => {
    const device = await testDevice(base);
    const { flowId, callback } = await authorize(device, 'google', 'carol');
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state-forged-state-forged');
    const page = await fetch(forged);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('state mismatch');
    expect((await finish(device, flowId)).body).toEqual({ status: 'pending' });
  });

  it("refuses a login finished by another device key, and a code replayed into another device key's login", async () => {
    const victim = await testDevice(base);
    const attacker = await testDevice(base);
    const { flowId, callback } = await authorize(victim, 'google', 'dave');
    // The attacker starts its own login and sends the victim's code with its own state:
    // the PKCE verifier and the device-bound nonce do not match; the login fails.
    const own = await start(attacker, 'google');
    const ownState = new URL(own.body.uri).searchParams.get('state')!;
    const replayed = new URL(callback);
    replayed.searchParams.set('state', ownState);
    expect((await fetch(replayed)).status).toBe(400);
    expect((await finish(attacker, own.body.flowId)).body).toMatchObject({ status: 'failed' });
    // The victim's own callback still works (the code was never redeemed), and only the victim can finish.
    expect((await fetch(callback)).status).toBe(200);
    const stolen = await finish(attacker, flowId);
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toBe('This sign-in was started by another device');
    expect((await finish(victim, flowId)).body).toMatchObject({ status: 'done' });
  });

  it("answers 'Failed to initiate social connection' while the provider is down, and an unconfigured provider is refused", async () => {
    const device = await testDevice(base);
    oidc.setDown(true);
    try {
      const down = await start(device, 'google');
      expect(down.status).toBe(502);
      expect(down.body.message).toBe('Failed to initiate social connection');
    } finally {
      oidc.setDown(false);
    }
    const missing = await start(device, 'apple');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^Failed to initiate social connection/);
    expect((await start(device, 'myspace')).status).toBe(400);
  });
});

describe('AIRLOCK_API_SOCIAL_PROVIDERS', () => {
  it('parses providers by kind and names the bad field', () => {
    expect(socialProvidersFromEnv(undefined)).toEqual({});
    expect(
      socialProvidersFromEnv(
        JSON.stringify({
          google: { kind: 'oidc', issuer: 'https://accounts.google.com', clientId: 'a', clientSecret: 'b' },
        }),
      ).google?.kind,
    ).toBe('oidc');
    // Apple asks name/email, which it answers with form_post only: the default for 'apple'.
    const apple = { kind: 'oidc', issuer: 'https://appleid.apple.com', clientId: 'a', clientSecret: 'b' };
    expect(socialProvidersFromEnv(JSON.stringify({ apple })).apple?.responseMode).toBe('form_post');
    expect(
      socialProvidersFromEnv(JSON.stringify({ apple: { ...apple, responseMode: 'query' } })).apple?.responseMode,
    ).toBe('query');
    expect(() => socialProvidersFromEnv('{')).toThrow('AIRLOCK_API_SOCIAL_PROVIDERS must be JSON');
    expect(() => socialProvidersFromEnv(JSON.stringify({ github: { kind: 'oauth2', clientId: 'a' } }))).toThrow(
      /AIRLOCK_API_SOCIAL_PROVIDERS: github\./,
    );
    expect(() => socialProvidersFromEnv(JSON.stringify({ myspace: {} }))).toThrow(/AIRLOCK_API_SOCIAL_PROVIDERS/);
  });
});

import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { formatCacaoMessage, formatSiwxMessage, verifySessionToken, type Cacao } from '@airlock/siwx';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_KEYS } from '@airlock/testing';
import { createApi, type Api } from '../main.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';

/**
 * Sign-in over a real HTTP server on PGlite (or PostgreSQL in CI): nonces, verification,
 * sessions (spec §7 `/v1/sessions/{address}`, revoke) and the session token checked by
 * `@airlock/siwx` against the published JWKS.
 */

const alice = privateKeyToAccount(DEV_KEYS[0]!);
const DAPP = 'http://localhost:5173';
let api: Api;
let baseUrl: string;
let clockMs = Date.parse('2026-03-01T00:00:00.000Z');

const post = async (path: string, body?: unknown) => {
  const res = await fetch(`${baseUrl}${path}?projectId=dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};
const get = async (path: string) => {
  const res = await fetch(`${baseUrl}${path}?projectId=dev`);
  return { status: res.status, body: (await res.json()) as any };
};
const nonce = async () => (await post('/v1/siwx/nonce')).body.nonce as string;
const eipMessage = (n: string, over: Partial<Parameters<typeof formatSiwxMessage>[0]> = {}) =>
  formatSiwxMessage({
    accountAddress: alice.address,
    chainId: 'eip155:31337',
    domain: 'localhost:5173',
    uri: DAPP,
    version: '1',
    nonce: n,
    issuedAt: new Date(clockMs).toISOString(),
    expirationTime: new Date(clockMs + 3_600_000).toISOString(),
    ...over,
  });
const signIn = async (over: Partial<Parameters<typeof formatSiwxMessage>[0]> = {}) => {
  const message = eipMessage(await nonce(), over);
  return { message, signature: await alice.signMessage({ message }) };
};

beforeAll(async () => {
  api = await createApi({
    port: 0,
    database: await testDatabase(),
    seed: { projects: [{ id: 'dev', name: 'Dev', allowedOrigins: ['http://localhost:*'] }] },
    clock: () => clockMs,
    siwx: { nonceTtlMs: 60_000 },
    indexer: { autoStart: false },
    log: () => undefined,
  });
  baseUrl = await api.start();
}, 60_000);

afterAll(async () => {
  await api?.stop();
  await dropTestDatabases();
});

describe('sign-in (spec §7 sessions)', () => {
  it('verifies a signed EIP-4361 message once, lists the session, and signs a token the JWKS verifies', async () => {
    const signed = await signIn();
    const res = await post('/v1/siwx/verify', signed);
    expect(res.status).toBe(200);
    expect(res.body.session).toMatchObject({
      caipAddress: `eip155:31337:${alice.address.toLowerCase()}`,
      domain: 'localhost:5173',
      uri: DAPP,
    });
    const check = await verifySessionToken(res.body.token, {
      jwksUrl: `${baseUrl}/.well-known/jwks.json`,
      projectId: 'dev',
      domain: 'localhost:5173',
      issuer: baseUrl,
      currentDate: new Date(clockMs),
      revocation: { apiUrl: baseUrl },
    });
    expect(check).toMatchObject({ valid: true, claims: { sid: res.body.session.id, aud: 'dev' } });
    const listed = await get(`/v1/sessions/${alice.address}`);
    expect(listed.body.sessions.map((s: { id: string }) => s.id)).toContain(res.body.session.id);
  });

  it('refuses a replayed nonce', async () => {
    const signed = await signIn();
    expect((await post('/v1/siwx/verify', signed)).status).toBe(200);
    expect(await post('/v1/siwx/verify', signed)).toEqual({
      status: 401,
      body: { message: 'Invalid or expired nonce' },
    });
  });

  it('refuses a nonce it never issued, and one past its expiry', async () => {
    const message = eipMessage('neverIssued1234');
    const forged = await post('/v1/siwx/verify', { message, signature: await alice.signMessage({ message }) });
    expect(forged).toEqual({ status: 401, body: { message: 'Invalid or expired nonce' } });
    const n = await nonce();
    clockMs += 61_000;
    const late = eipMessage(n);
    const res = await post('/v1/siwx/verify', { message: late, signature: await alice.signMessage({ message: late }) });
    expect(res).toEqual({ status: 401, body: { message: 'Invalid or expired nonce' } });
  });

  it('refuses an expired message and another signer', async () => {
    const expired = await signIn({ expirationTime: new Date(clockMs - 1000).toISOString() });
    expect((await post('/v1/siwx/verify', expired)).body).toEqual({ message: 'Invalid signature' });
    const message = eipMessage(await nonce());
    const bob = privateKeyToAccount(DEV_KEYS[1]!);
    const res = await post('/v1/siwx/verify', { message, signature: await bob.signMessage({ message }) });
    expect(res).toEqual({ status: 401, body: { message: 'Invalid signature' } });
  });

  it('refuses a message for a domain outside the project, or whose domain is not its uri', async () => {
    const other = await signIn({ domain: 'evil.example', uri: 'https://evil.example' });
    expect(await post('/v1/siwx/verify', other)).toEqual({ status: 403, body: { message: 'Domain not allowed' } });
    const mixed = await signIn({ domain: 'evil.example', uri: DAPP });
    expect(await post('/v1/siwx/verify', mixed)).toEqual({ status: 403, body: { message: 'Domain not allowed' } });
    expect((await post('/v1/siwx/verify', { message: 'hello', signature: '0x00' })).status).toBe(400);
  });

  it('revokes a session with its id and signature; the token then fails the revocation check', async () => {
    const signed = await signIn();
    const { body } = await post('/v1/siwx/verify', signed);
    const caip = body.session.caipAddress as string;
    expect((await post(`/v1/sessions/${caip}/revoke`, { pci: body.session.id, signature: '0xdead' })).status).toBe(404);
    expect(await post(`/v1/sessions/${caip}/revoke`, { pci: body.session.id, signature: signed.signature })).toEqual({
      status: 200,
      body: { revoked: true },
    });
    const listed = await get(`/v1/sessions/${caip}`);
    expect(listed.body.sessions.map((s: { id: string }) => s.id)).not.toContain(body.session.id);
    const check = await verifySessionToken(body.token, {
      jwksUrl: `${baseUrl}/.well-known/jwks.json`,
      projectId: 'dev',
      domain: 'localhost:5173',
      currentDate: new Date(clockMs),
      revocation: { apiUrl: baseUrl },
    });
    expect(check).toEqual({ valid: false, reason: 'Revoked' });
  });

  it('verifies a Sign In With Solana message signed with ed25519', async () => {
    const secret = crypto.getRandomValues(new Uint8Array(32));
    const address = base58.encode(ed25519.getPublicKey(secret));
    const message = formatSiwxMessage({
      accountAddress: address,
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      domain: 'localhost:5173',
      uri: DAPP,
      version: '1',
      nonce: await nonce(),
      issuedAt: new Date(clockMs).toISOString(),
    });
    const signature = base58.encode(ed25519.sign(new TextEncoder().encode(message), secret));
    const res = await post('/v1/siwx/verify', { message, signature });
    expect(res.status).toBe(200);
    expect(res.body.session.caipAddress).toBe(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${address}`);
    expect((await get(`/v1/sessions/${address}`)).body.sessions).toHaveLength(1);
  });

  /** A one-click CACAO (CAIP-74) for `aud` on `chain`, signed by alice like a WalletConnect wallet, with a ReCap. */
  const signedCacao = async (over: Partial<Cacao['p']> = {}): Promise<Cacao> => {
    const recap = `urn:recap:${btoa(JSON.stringify({ att: { eip155: { 'request/personal_sign': [{}] } }, prf: [] })).replace(/=/g, '')}`;
    const unsigned: Cacao = {
      h: { t: 'caip122' },
      p: {
        iss: `did:pkh:eip155:31337:${alice.address}`,
        domain: 'localhost:5173',
        aud: DAPP,
        version: '1',
        nonce: await nonce(),
        iat: new Date(clockMs).toISOString(),
        exp: new Date(clockMs + 3_600_000).toISOString(),
        statement: 'Sign in to Demo',
        resources: [recap],
        ...over,
      },
      s: { t: 'eip191', s: '0x00' },
    };
    return { ...unsigned, s: { t: 'eip191', s: await alice.signMessage({ message: formatCacaoMessage(unsigned) }) } };
  };

  it('verifies a WalletConnect one-click CACAO alone or with its message, once', async () => {
    const cacao = await signedCacao();
    const res = await post('/v1/siwx/verify', { cacao });
    expect(res.status).toBe(200);
    expect(res.body.session).toMatchObject({ caipAddress: `eip155:31337:${alice.address.toLowerCase()}`, uri: DAPP });
    expect(await post('/v1/siwx/verify', { cacao })).toEqual({
      status: 401,
      body: { message: 'Invalid or expired nonce' },
    });
    const again = await signedCacao();
    const both = { cacao: again, message: formatCacaoMessage(again), signature: again.s.s };
    expect((await post('/v1/siwx/verify', both)).status).toBe(200);
  });

  it("refuses a CACAO against spec §5's rules, or sent with another message", async () => {
    const cacao = await signedCacao();
    const other = eipMessage(cacao.p.nonce);
    const mismatch = { cacao, message: other, signature: await alice.signMessage({ message: other }) };
    expect(await post('/v1/siwx/verify', mismatch)).toEqual({ status: 400, body: { message: 'Invalid CACAO' } });
    const solanaRecap = `urn:recap:${btoa(JSON.stringify({ att: { solana: { 'request/solana_signMessage': [{}] } } })).replace(/=/g, '')}`;
    for (const over of [{ nonce: '' }, { aud: '' }, { domain: '' }, { resources: [solanaRecap] }]) {
      const bad = { ...cacao, p: { ...cacao.p, ...over } };
      expect(await post('/v1/siwx/verify', { cacao: bad })).toEqual({
        status: 400,
        body: { message: 'Invalid CACAO' },
      });
    }
    const forged = { ...cacao, p: { ...cacao.p, aud: 'http://localhost:6000', domain: 'localhost:6000' } };
    expect(await post('/v1/siwx/verify', { cacao: forged })).toEqual({
      status: 401,
      body: { message: 'Invalid signature' },
    });
    const elsewhere = await signedCacao({ aud: 'https://evil.example', domain: 'evil.example' });
    expect(await post('/v1/siwx/verify', { cacao: elsewhere })).toEqual({
      status: 403,
      body: { message: 'Domain not allowed' },
    });
  });

  it('publishes the JWKS without a project id', async () => {
    const res = await fetch(`${baseUrl}/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const jwks = (await res.json()) as { keys: { kty: string; alg: string; d?: string }[] };
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'EC', alg: 'ES256' })]);
    expect(jwks.keys[0]!.d).toBeUndefined();
  });
});

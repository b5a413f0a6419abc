import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { Signer } from 'bip322-js';
import { exportJWK, generateKeyPair } from 'jose';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  createSessionToken,
  formatSiwxMessage,
  parseSiwxMessage,
  verifySessionToken,
  verifySiwxMessage,
} from './index.ts';

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const issuedAt = '2026-01-01T00:00:00.000Z';
const base = {
  domain: 'localhost:5173',
  uri: 'http://localhost:5173',
  version: '1' as const,
  nonce: 'abcdef123456',
  issuedAt,
  expirationTime: '2026-01-08T00:00:00.000Z',
  statement: 'Sign in to Demo',
};
const during = new Date('2026-01-02T00:00:00.000Z');

describe('eip155 (EIP-4361)', () => {
  const data = { ...base, accountAddress: account.address, chainId: 'eip155:31337' };

  it('formats with viem/siwe and parses back to the same fields', () => {
    const message = formatSiwxMessage(data);
    expect(message.split('\n')[0]).toBe('localhost:5173 wants you to sign in with your Ethereum account:');
    expect(message).toContain('Chain ID: 31337');
    expect(parseSiwxMessage(message)).toEqual({ namespace: 'eip155', ...data });
  });

  it('accepts the signer, refuses another domain, nonce, time or signer', async () => {
    const message = formatSiwxMessage(data);
    const signature = await account.signMessage({ message });
    const ok = await verifySiwxMessage({
      message,
      signature,
      domain: 'localhost:5173',
      nonce: base.nonce,
      time: during,
    });
    expect(ok).toMatchObject({ valid: true, namespace: 'eip155', data: { accountAddress: account.address } });
    const check = (o: Partial<Parameters<typeof verifySiwxMessage>[0]>) =>
      verifySiwxMessage({ message, signature, domain: 'localhost:5173', time: during, ...o });
    expect(await check({ domain: 'evil.example' })).toEqual({ valid: false, reason: 'Domain mismatch' });
    expect(await check({ nonce: 'otherNonce123' })).toEqual({ valid: false, reason: 'Nonce mismatch' });
    expect(await check({ time: new Date('2026-02-01T00:00:00Z') })).toEqual({ valid: false, reason: 'Expired' });
    const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
    expect(await check({ signature: await other.signMessage({ message }) })).toEqual({
      valid: false,
      reason: 'Invalid signature',
    });
    expect(await check({ message: 'hello' })).toEqual({ valid: false, reason: 'Not a sign-in message' });
  });
});

describe('solana (CAIP-122 / Sign In With Solana)', () => {
  const secret = ed25519.utils.randomSecretKey();
  const publicKey = base58.encode(ed25519.getPublicKey(secret));
  const data = {
    ...base,
    accountAddress: publicKey,
    chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    resources: ['https://example.com/terms'],
  };

  it('formats the Sign In With Solana lines and parses them back', () => {
    const message = formatSiwxMessage(data);
    expect(message.split('\n').slice(0, 5)).toEqual([
      'localhost:5173 wants you to sign in with your Solana account:',
      publicKey,
      '',
      'Sign in to Demo',
      '',
    ]);
    expect(message).toContain('\nChain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp\n');
    expect(parseSiwxMessage(message)).toEqual({ namespace: 'solana', ...data });
    const { statement: _s, ...bare } = data;
    expect(parseSiwxMessage(formatSiwxMessage(bare))).toEqual({ namespace: 'solana', ...bare });
  });

  it('verifies the ed25519 signature (base58 or hex) and refuses a tampered message or another key', async () => {
    const message = formatSiwxMessage(data);
    const signature = ed25519.sign(new TextEncoder().encode(message), secret);
    const opts = { domain: 'localhost:5173', time: during };
    expect(await verifySiwxMessage({ message, signature: base58.encode(signature), ...opts })).toMatchObject({
      valid: true,
      namespace: 'solana',
    });
    const hex = `0x${Buffer.from(signature).toString('hex')}`;
    expect((await verifySiwxMessage({ message, signature: hex, ...opts })).valid).toBe(true);
    const tampered = message.replace('Sign in to Demo', 'Sign in to Dema');
    expect(await verifySiwxMessage({ message: tampered, signature: base58.encode(signature), ...opts })).toEqual({
      valid: false,
      reason: 'Invalid signature',
    });
    const other = ed25519.sign(new TextEncoder().encode(message), ed25519.utils.randomSecretKey());
    expect((await verifySiwxMessage({ message, signature: base58.encode(other), ...opts })).valid).toBe(false);
    expect((await verifySiwxMessage({ message, signature: 'not-a-signature', ...opts })).valid).toBe(false);
  });

  it('refuses a malformed address', () => {
    expect(() => formatSiwxMessage({ ...data, accountAddress: '0xnotbase58' })).toThrow('Invalid Solana address');
  });
});

describe('bip122 (CAIP-122 text, BIP-322 signature)', () => {
  // The BIP-322 test vector key and its p2wpkh address (mainnet), and a second key of the vector set.
  const wif = 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k';
  const address = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
  const data = { ...base, accountAddress: address, chainId: 'bip122:000000000019d6689c085ae165831e93' };

  it('formats the lines with "Bitcoin account" and parses them back', () => {
    const message = formatSiwxMessage(data);
    expect(message.split('\n').slice(0, 2)).toEqual([
      'localhost:5173 wants you to sign in with your Bitcoin account:',
      address,
    ]);
    expect(message).toContain('\nChain ID: 000000000019d6689c085ae165831e93\n');
    expect(parseSiwxMessage(message)).toEqual({ namespace: 'bip122', ...data });
  });

  it('verifies the BIP-322 signature with bip322-js and refuses a tampered message or another signer', async () => {
    const message = formatSiwxMessage(data);
    const signature = Signer.sign(wif, address, message) as string;
    const opts = { domain: 'localhost:5173', time: during };
    expect(await verifySiwxMessage({ message, signature, ...opts })).toMatchObject({
      valid: true,
      namespace: 'bip122',
    });
    const tampered = message.replace('Sign in to Demo', 'Sign in to Dema');
    expect(await verifySiwxMessage({ message: tampered, signature, ...opts })).toEqual({
      valid: false,
      reason: 'Invalid signature',
    });
    const other = formatSiwxMessage({ ...data, accountAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' });
    expect((await verifySiwxMessage({ message: other, signature, ...opts })).valid).toBe(false);
    expect((await verifySiwxMessage({ message, signature: 'not-a-signature', ...opts })).valid).toBe(false);
  });

  it('refuses a malformed address', () => {
    expect(() => formatSiwxMessage({ ...data, accountAddress: 'bc1-not an address' })).toThrow(
      'Invalid Bitcoin address',
    );
  });
});

describe('session tokens', async () => {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] };
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: 'http://127.0.0.1:8787',
    aud: 'airlock-dev',
    sub: `eip155:31337:${account.address}`,
    sid: 'session-1',
    domain: 'localhost:5173',
    uri: 'http://localhost:5173',
    iat: now,
    exp: now + 60,
  };

  it('verifies against the JWKS and checks audience, domain and expiry', async () => {
    const token = await createSessionToken(claims, { privateKey: await exportJWK(privateKey), kid: 'k1' });
    const opts = { jwks, projectId: 'airlock-dev', domain: 'localhost:5173' };
    expect(await verifySessionToken(token, opts)).toEqual({ valid: true, claims: expect.objectContaining(claims) });
    expect((await verifySessionToken(token, { ...opts, projectId: 'other' })).valid).toBe(false);
    expect(await verifySessionToken(token, { ...opts, domain: 'evil.example' })).toEqual({
      valid: false,
      reason: 'Domain mismatch',
    });
    const later = new Date((now + 120) * 1000);
    expect(await verifySessionToken(token, { ...opts, currentDate: later })).toEqual({
      valid: false,
      reason: 'Expired',
    });
  });

  it('refuses a token signed by another key', async () => {
    const { privateKey: other } = await generateKeyPair('ES256');
    const token = await createSessionToken(claims, { privateKey: other, kid: 'k1' });
    expect((await verifySessionToken(token, { jwks, projectId: 'airlock-dev', domain: 'localhost:5173' })).valid).toBe(
      false,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { zeroAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { verifySignIn, type ExpectedSignIn } from './verify.ts';

/**
 * Sign In With Farcaster verification with real secp256k1 signatures (viem): a good
 * message passes; a wrong nonce, a signer that is not the fid's custody address, an
 * expired message, another domain or fid, and a forged signature are refused.
 */

const custody = privateKeyToAccount(generatePrivateKey());
const stranger = privateKeyToAccount(generatePrivateKey());
const NOW = Date.parse('2026-01-01T12:00:00Z');
const expected: ExpectedSignIn = {
  nonce: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  domain: 'api.airlock.local',
  siweUri: 'https://api.airlock.local/embedded/v1/farcaster',
  fid: 1001,
};
const registry: Record<string, `0x${string}`> = { '1001': custody.address };
const deps = { custodyOf: async (fid: bigint) => registry[String(fid)] ?? zeroAddress, now: () => NOW };

function messageOf(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}, signer = custody) {
  return createSiweMessage({
    domain: expected.domain,
    address: signer.address,
    statement: 'Farcaster Auth',
    uri: expected.siweUri,
    version: '1',
    chainId: 10,
    nonce: expected.nonce,
    issuedAt: new Date(NOW - 10_000),
    expirationTime: new Date(NOW + 60_000),
    resources: [`farcaster://fid/${expected.fid}`],
    ...overrides,
  });
}

async function signed(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}, signer = custody) {
  const message = messageOf(overrides, signer);
  return { message, signature: await signer.signMessage({ message }) };
}

describe('verifySignIn', () => {
  it('accepts a message signed by the custody address of the fid', async () => {
    const { message, signature } = await signed();
    expect(await verifySignIn(message, signature, expected, deps)).toEqual({
      ok: true,
      value: { fid: 1001, custody: custody.address },
    });
  });

  it('refuses a message with another nonce (a replay of an older sign-in)', async () => {
    const { message, signature } = await signed({ nonce: 'ffffffffffffffffffffffffffffffff' });
    expect(await verifySignIn(message, signature, expected, deps)).toEqual({ ok: false, reason: 'Wrong nonce' });
  });

  it('refuses a valid signature by an address that is not the fid custody', async () => {
    const { message, signature } = await signed({}, stranger);
    expect(await verifySignIn(message, signature, expected, deps)).toEqual({
      ok: false,
      reason: 'The signer is not the custody address of the fid',
    });
  });

  it('refuses an expired message', async () => {
    const { message, signature } = await signed({ expirationTime: new Date(NOW - 1) });
    expect(await verifySignIn(message, signature, expected, deps)).toEqual({
      ok: false,
      reason: 'The message expired',
    });
  });

  it('refuses another domain, another fid and an unregistered fid', async () => {
    const other = await signed({ domain: 'evil.example' });
    expect(await verifySignIn(other.message, other.signature, expected, deps)).toMatchObject({
      reason: 'Wrong domain',
    });
    const good = await signed();
    expect(await verifySignIn(good.message, good.signature, { ...expected, fid: 1002 }, deps)).toMatchObject({
      reason: 'The message names another fid',
    });
    const unregistered = await signed({ resources: ['farcaster://fid/1002'] });
    expect(
      await verifySignIn(unregistered.message, unregistered.signature, { ...expected, fid: 1002 }, deps),
    ).toMatchObject({ reason: 'The signer is not the custody address of the fid' });
  });

  it('refuses a signature over another text, and a message whose address is not the signer', async () => {
    const { message } = await signed();
    const forged = await custody.signMessage({ message: `${message}\n` });
    expect(await verifySignIn(message, forged, expected, deps)).toMatchObject({ ok: false });
    const claimed = messageOf({}, custody);
    const byStranger = await stranger.signMessage({ message: claimed });
    expect(await verifySignIn(claimed, byStranger, expected, deps)).toEqual({
      ok: false,
      reason: 'The signature is not by the message address',
    });
  });

  it('refuses text that is not EIP-4361', async () => {
    expect(await verifySignIn('hello', `0x${'00'.repeat(65)}`, expected, deps)).toMatchObject({ ok: false });
  });
});

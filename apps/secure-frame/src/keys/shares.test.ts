import { describe, expect, it } from 'vitest';
import { recoverMessageAddress } from 'viem';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { rebuild, splitForDevice, splitThree } from './shares.ts';
import { addressesOf, deriveWallet, generateEntropy } from './wallet.ts';

describe('keys', () => {
  it('derives the BIP-44 eip155 and SLIP-10 solana accounts of a known mnemonic', () => {
    // Entropy of "abandon abandon … about" (BIP-39 test vector 0).
    const keys = deriveWallet(new Uint8Array(16));
    expect(keys.eip155.address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    // The well-known Solana address of that mnemonic at m/44'/501'/0'/0' (Phantom, Solflare).
    expect(keys.solana.address).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
  });

  it('signs with both accounts (eip155 personal_sign recovers; the solana signature verifies)', async () => {
    const keys = deriveWallet(generateEntropy());
    const signature = await keys.eip155.signMessage({ message: 'hello' });
    expect(await recoverMessageAddress({ message: 'hello', signature })).toBe(keys.eip155.address);
    const message = new TextEncoder().encode('hello solana');
    expect(ed25519.verify(keys.solana.signMessage(message), message, base58.decode(keys.solana.address))).toBe(true);
  });

  it('rebuilds the same wallet from any two of the three shares, and from a device 2-of-2 pair', async () => {
    const entropy = generateEntropy();
    const expected = addressesOf(deriveWallet(entropy));
    const { device, auth, recovery } = await splitThree(entropy);
    for (const pair of [
      [device, auth],
      [auth, recovery],
      [device, recovery],
    ] as const)
      expect(addressesOf((await rebuild([pair[0], pair[1]], expected)).keys)).toEqual(expected);
    const next = await splitForDevice(entropy);
    expect(addressesOf((await rebuild([next.device, next.auth], expected)).keys)).toEqual(expected);
    // Shares of different splits do not mix: the check refuses the result.
    await expect(rebuild([next.device, auth], expected)).rejects.toThrow('The wallet keys could not be verified');
  });

  it('refuses a rebuild whose addresses differ from the registered ones (an altered share)', async () => {
    const entropy = generateEntropy();
    const expected = addressesOf(deriveWallet(entropy));
    const { auth, recovery } = await splitThree(entropy);
    const altered = auth.slice();
    altered[0] = altered[0]! ^ 1;
    await expect(rebuild([altered, recovery], expected)).rejects.toThrow('The wallet keys could not be verified');
    // A single share reveals nothing checkable: one share alone is refused by the library.
    await expect(rebuild([auth, auth], expected)).rejects.toThrow();
  });
});

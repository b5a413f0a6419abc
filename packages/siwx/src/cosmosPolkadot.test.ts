import { makeCosmoshubPath, Secp256k1HdWallet, type StdSignDoc } from '@cosmjs/amino';
import { Keyring } from '@polkadot/keyring';
import { u8aToHex } from '@polkadot/util';
import { cryptoWaitReady } from '@polkadot/util-crypto';
import { describe, expect, it } from 'vitest';
import { formatSiwxMessage, parseSiwxMessage, verifySiwxMessage } from './index.ts';

const base = {
  domain: 'localhost:5173',
  uri: 'http://localhost:5173',
  version: '1' as const,
  nonce: 'abcdef123456',
  issuedAt: '2026-01-01T00:00:00.000Z',
  statement: 'Sign in to Demo',
};
const time = new Date('2026-01-02T00:00:00.000Z');
/** The ADR-036 sign doc of `data` by `signer` (as Keplr's `signArbitrary` builds it). */
const adr36 = (signer: string, data: string): StdSignDoc => ({
  chain_id: '',
  account_number: '0',
  sequence: '0',
  fee: { gas: '0', amount: [] },
  msgs: [{ type: 'sign/MsgSignData', value: { signer, data: Buffer.from(data).toString('base64') } }],
  memo: '',
});
const MNEMONIC = 'test test test test test test test test test test test junk';

describe('cosmos (CAIP-122 text, ADR-036 signArbitrary)', () => {
  it('formats and parses the Cosmos header, and verifies the StdSignature of the account’s key only', async () => {
    const wallet = await Secp256k1HdWallet.fromMnemonic(MNEMONIC);
    const { address } = (await wallet.getAccounts())[0]!;
    const data = { ...base, accountAddress: address, chainId: 'cosmos:airlock-local-1' };
    const message = formatSiwxMessage(data);
    expect(message.split('\n')[0]).toBe('localhost:5173 wants you to sign in with your Cosmos account:');
    expect(parseSiwxMessage(message)).toMatchObject({
      namespace: 'cosmos',
      accountAddress: address,
      chainId: data.chainId,
    });
    const { signature } = await wallet.signAmino(address, adr36(address, message));
    const json = JSON.stringify(signature);
    expect(await verifySiwxMessage({ message, signature: json, domain: base.domain, time })).toMatchObject({
      valid: true,
      namespace: 'cosmos',
    });
    // Another message, or the same signature presented with another key, is refused.
    const tampered = message.replace('Sign in to Demo', 'Sign in to Demo!');
    expect(await verifySiwxMessage({ message: tampered, signature: json, domain: base.domain, time })).toMatchObject({
      valid: false,
    });
    // Account 1's key signs the doc naming account 0: a valid signature, of another account.
    const second = await Secp256k1HdWallet.fromMnemonic(MNEMONIC, { hdPaths: [makeCosmoshubPath(1)] });
    const { address: address1 } = (await second.getAccounts())[0]!;
    const byOther = await second.signAmino(address1, adr36(address, message));
    const otherKey = JSON.stringify(byOther.signature);
    expect(await verifySiwxMessage({ message, signature: otherKey, domain: base.domain, time })).toMatchObject({
      valid: false,
    });
  });
});

describe('polkadot (CAIP-122 text, signRaw)', () => {
  it('verifies an sr25519 signRaw signature of the <Bytes>-wrapped message by the address only', async () => {
    await cryptoWaitReady();
    const keyring = new Keyring({ type: 'sr25519', ss58Format: 42 });
    const alice = keyring.addFromUri('//Alice');
    const bob = keyring.addFromUri('//Bob');
    const data = { ...base, accountAddress: alice.address, chainId: 'polkadot:a11c0c4a11c0c4a11c0c4a11c0c4a11c' };
    const message = formatSiwxMessage(data);
    expect(message.split('\n')[0]).toBe('localhost:5173 wants you to sign in with your Polkadot account:');
    const wrapped = new TextEncoder().encode(`<Bytes>${message}</Bytes>`);
    const signature = u8aToHex(alice.sign(wrapped));
    expect(await verifySiwxMessage({ message, signature, domain: base.domain, time })).toMatchObject({
      valid: true,
      namespace: 'polkadot',
    });
    const byBob = u8aToHex(bob.sign(wrapped));
    expect(await verifySiwxMessage({ message, signature: byBob, domain: base.domain, time })).toMatchObject({
      valid: false,
    });
  });
});

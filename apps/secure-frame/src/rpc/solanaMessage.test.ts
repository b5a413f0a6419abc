import { describe, expect, it } from 'vitest';
import { base58 } from '@scure/base';
import { Keypair, MessageV0, SystemProgram, Transaction } from '@solana/web3.js';
import {
  OFFCHAIN_SIGNING_DOMAIN,
  checkSolanaMessage,
  isSolanaTransactionMessage,
  parseOffchainMessage,
} from './solanaMessage.ts';

const dapp = 'https://app.example.com';
const signer = Keypair.generate().publicKey;
const text = new TextEncoder();

/** The serialized message of a 1.5 SOL transfer from `signer`, legacy and v0. */
function transferMessages(): Uint8Array[] {
  const instruction = SystemProgram.transfer({
    fromPubkey: signer,
    toPubkey: Keypair.generate().publicKey,
    lamports: 1_500_000_000,
  });
  const recentBlockhash = base58.encode(new Uint8Array(32).fill(7));
  const legacy = new Transaction({ feePayer: signer, recentBlockhash }).add(instruction).serializeMessage();
  const v0 = MessageV0.compile({ payerKey: signer, recentBlockhash, instructions: [instruction] }).serialize();
  return [new Uint8Array(legacy), v0];
}

const concat = (...parts: (Uint8Array | number[])[]) => new Uint8Array(parts.flatMap((p) => [...p]));
const u16 = (n: number) => [n & 0xff, n >> 8];

describe('solana signMessage content', () => {
  it('refuses the serialized message of a transfer (legacy and v0)', () => {
    for (const message of transferMessages()) {
      expect(isSolanaTransactionMessage(message)).toBe(true);
      expect(() => checkSolanaMessage(message, dapp)).toThrow(
        expect.objectContaining({
          code: -32602,
          message: expect.stringMatching(/^This message is a Solana transaction/),
        }),
      );
    }
  });

  it('signs text as it is, and refuses other bytes that are not an off-chain message', () => {
    expect(checkSolanaMessage(text.encode('gm solana\nline 2'), dapp)).toMatchObject({ message: 'gm solana\nline 2' });
    expect(() => checkSolanaMessage(new Uint8Array([0, 255, 1]), dapp)).toThrow(
      /Only text or a Solana off-chain message/,
    );
    expect(() => checkSolanaMessage(text.encode('bell\u0007'), dapp)).toThrow(/Only text/);
  });

  it('decodes off-chain messages v0 (proposal and CLI layouts) and v1, and shows their text', () => {
    const body = text.encode('Approve the login');
    const v0 = concat(
      OFFCHAIN_SIGNING_DOMAIN,
      [0],
      new Uint8Array(32).fill(1),
      [1, 1],
      signer.toBytes(),
      u16(body.length),
      body,
    );
    expect(parseOffchainMessage(v0)).toEqual({
      version: 0,
      applicationDomain: base58.encode(new Uint8Array(32).fill(1)),
      signers: [signer.toBase58()],
      text: 'Approve the login',
    });
    const cli = concat(OFFCHAIN_SIGNING_DOMAIN, [0, 0], u16(body.length), body);
    expect(parseOffchainMessage(cli)).toMatchObject({ version: 0, signers: [], text: 'Approve the login' });
    const v1 = concat(OFFCHAIN_SIGNING_DOMAIN, [1, 1], signer.toBytes(), body);
    expect(parseOffchainMessage(v1)).toMatchObject({ version: 1, signers: [signer.toBase58()] });
    expect(checkSolanaMessage(v0, dapp)).toMatchObject({
      title: 'Sign an off-chain message',
      message: 'Approve the login',
      fields: [{ label: 'Application domain' }, { label: 'Signers', value: signer.toBase58() }],
    });
    // A wrong length, a binary body or another version is not signed.
    expect(parseOffchainMessage(concat(cli, [0]))).toBeUndefined();
    expect(() => checkSolanaMessage(concat(OFFCHAIN_SIGNING_DOMAIN, [0, 0], u16(2), [0, 1]), dapp)).toThrow(
      /Only text/,
    );
    expect(parseOffchainMessage(concat(OFFCHAIN_SIGNING_DOMAIN, [2], body))).toBeUndefined();
  });

  it('refuses a Sign In With Solana message for another site, as text or inside an off-chain message', () => {
    const siws = text.encode(
      `bank.example wants you to sign in with your Solana account:\n${signer.toBase58()}\n\nURI: https://bank.example\nVersion: 1\nNonce: abcdefgh1\nIssued At: 2026-01-01T00:00:00Z`,
    );
    expect(() => checkSolanaMessage(siws, dapp)).toThrow(/sign-in message is for bank\.example/);
    const wrapped = concat(OFFCHAIN_SIGNING_DOMAIN, [0, 1], u16(siws.length), siws);
    expect(() => checkSolanaMessage(wrapped, dapp)).toThrow(/sign-in message is for bank\.example/);
  });
});

import { describe, expect, it } from 'vitest';
import { createSiweMessage } from 'viem/siwe';
import { assertSignInForOrigin, personalSignText, signInNames } from './signInGuard.ts';
import { stringToHex } from 'viem';

const dapp = 'https://app.example.com';
const siwe = (domain: string, uri: string) =>
  createSiweMessage({
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    chainId: 1,
    domain,
    uri,
    version: '1',
    nonce: 'abcdefgh1234',
    issuedAt: new Date('2026-01-01T00:00:00Z'),
  });
const siws = (domain: string, uri: string) =>
  [
    `${domain} wants you to sign in with your Solana account:`,
    '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    '',
    `URI: ${uri}`,
    'Version: 1',
    'Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    'Nonce: abcdefgh1234',
    'Issued At: 2026-01-01T00:00:00Z',
  ].join('\n');

describe('sign-in guard', () => {
  it('passes a sign-in message for the verified origin and any other text', () => {
    expect(() => assertSignInForOrigin(siwe('app.example.com', 'https://app.example.com'), dapp)).not.toThrow();
    expect(() => assertSignInForOrigin(siwe('app.example.com', 'https://app.example.com/login'), dapp)).not.toThrow();
    expect(() => assertSignInForOrigin(siws('app.example.com', 'https://app.example.com'), dapp)).not.toThrow();
    expect(() =>
      assertSignInForOrigin(siwe('localhost:5173', 'http://localhost:5173'), 'http://localhost:5173'),
    ).not.toThrow();
    expect(() => assertSignInForOrigin('Hello from evil.com', dapp)).not.toThrow();
    expect(signInNames('URI: https://evil.com', dapp)).toEqual([]);
  });

  it('refuses an EIP-4361 message whose domain or URI is another site', () => {
    expect(() => assertSignInForOrigin(siwe('bank.example', 'https://bank.example'), dapp)).toThrow(
      expect.objectContaining({
        code: -32602,
        message: 'This sign-in message is for bank.example, not for https://app.example.com. It was not signed.',
      }),
    );
    expect(() => assertSignInForOrigin(siwe('app.example.com', 'https://bank.example'), dapp)).toThrow(
      /is for https:\/\/bank\.example, not for https:\/\/app\.example\.com/,
    );
    // Another port, another scheme, userinfo tricks and a look-alike subdomain are other sites.
    expect(() => assertSignInForOrigin(siwe('app.example.com:8443', dapp), dapp)).toThrow(/app\.example\.com:8443/);
    expect(() => assertSignInForOrigin(siwe('app.example.com', 'http://app.example.com'), dapp)).toThrow();
    expect(() =>
      assertSignInForOrigin(
        `https://app.example.com@bank.example wants you to sign in with your Ethereum account:\n`,
        dapp,
      ),
    ).toThrow();
    expect(() => assertSignInForOrigin(siwe('app.example.com.bank.example', dapp), dapp)).toThrow();
  });

  it('refuses a CAIP-122 (Solana) message for another site, and a header hidden after other lines', () => {
    expect(() => assertSignInForOrigin(siws('bank.example', 'https://bank.example'), dapp)).toThrow(/bank\.example/);
    expect(() =>
      assertSignInForOrigin(`Please read:\n\n  ${siwe('bank.example', 'https://bank.example')}`, dapp),
    ).toThrow(/bank\.example/);
    expect(() =>
      assertSignInForOrigin(`http://bank.example wants you to sign in with your Ethereum account:`, dapp),
    ).toThrow();
  });

  it('reads a hex personal_sign message as a verifier would, control characters and all', () => {
    const hidden = `${siwe('bank.example', 'https://bank.example')}\n\u0001`;
    expect(personalSignText(stringToHex(hidden))).toBe(hidden);
    expect(() => assertSignInForOrigin(personalSignText(stringToHex(hidden)), dapp)).toThrow(/bank\.example/);
  });
});

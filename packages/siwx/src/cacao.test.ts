import { buildAuthObject, createEncodedRecap, formatMessage, populateAuthPayload } from '@walletconnect/utils';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  type Cacao,
  cacaoIssuer,
  formatCacaoMessage,
  parseCacao,
  parseSiwxMessage,
  verifySiwxMessage,
} from './index.ts';

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const iss = `did:pkh:eip155:31337:${account.address}`;
const methods = ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain'];
const request = {
  type: 'caip122',
  chains: ['eip155:31337', 'eip155:31338'],
  domain: 'localhost:5173',
  aud: 'http://localhost:5173',
  version: '1',
  nonce: 'abcdef123456',
  iat: '2026-01-01T00:00:00.000Z',
  exp: '2026-01-08T00:00:00.000Z',
  statement: 'Sign in to Demo',
  resources: [createEncodedRecap('eip155', 'request', methods)],
};
const during = new Date('2026-01-02T00:00:00.000Z');

/** A CACAO as a WalletConnect wallet builds it (walletkit's example): payload populated, signed, `buildAuthObject`. */
async function walletCacao(payload: object): Promise<Cacao> {
  const message = formatMessage(payload as never, iss);
  const signature = await account.signMessage({ message });
  return buildAuthObject(payload as never, { t: 'eip191', s: signature }, iss) as unknown as Cacao;
}

describe('CACAO (WalletConnect one-click authentication)', () => {
  it('formats exactly the text WalletConnect has the wallet sign, with and without a populated ReCap', async () => {
    const populated = populateAuthPayload({ authPayload: request as never, chains: request.chains, methods });
    for (const payload of [
      populated,
      request,
      { ...request, resources: undefined },
      { ...request, requestId: 'r1', nbf: request.iat },
    ]) {
      const cacao = await walletCacao(payload);
      expect(formatCacaoMessage(cacao)).toBe(formatMessage(cacao.p as never, iss));
    }
  });

  it('its message verifies with the signature and parses to the CACAO fields', async () => {
    const cacao = await walletCacao(
      populateAuthPayload({ authPayload: request as never, chains: request.chains, methods }),
    );
    const message = formatCacaoMessage(cacao);
    expect(message).toContain(
      "I further authorize the stated URI to perform the following actions on my behalf: (1) 'request':",
    );
    const result = await verifySiwxMessage({ message, signature: cacao.s.s, domain: 'localhost:5173', time: during });
    expect(result.valid).toBe(true);
    expect(parseSiwxMessage(message)).toMatchObject({
      accountAddress: account.address,
      chainId: 'eip155:31337',
      uri: 'http://localhost:5173',
      nonce: 'abcdef123456',
    });
    // A CACAO edited after signing no longer matches its signature.
    const edited = formatCacaoMessage({ ...cacao, p: { ...cacao.p, aud: 'https://evil.example' } });
    expect(
      (await verifySiwxMessage({ message: edited, signature: cacao.s.s, domain: 'localhost:5173', time: during }))
        .valid,
    ).toBe(false);
  });

  it('refuses what spec §5 forbids: another namespace, no domain, uri or nonce, a foreign ReCap', async () => {
    const cacao = await walletCacao(request);
    const withP = (p: Record<string, unknown>) => ({ ...cacao, p: { ...cacao.p, ...p } });
    expect(() =>
      parseCacao(
        withP({ iss: 'did:pkh:solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv' }),
      ),
    ).toThrow('Invalid CACAO: iss');
    expect(() => parseCacao(withP({ nonce: '' }))).toThrow('Invalid CACAO: nonce');
    expect(() => parseCacao(withP({ aud: '' }))).toThrow('Invalid CACAO: aud');
    expect(() => parseCacao(withP({ domain: undefined }))).toThrow('Invalid CACAO: domain');
    expect(() =>
      parseCacao(withP({ resources: [createEncodedRecap('solana', 'request', ['solana_signMessage'])] })),
    ).toThrow('not a single eip155 namespace');
    expect(() => parseCacao({ ...cacao, s: { t: 'eip191', s: 'nope' } })).toThrow('Invalid CACAO: signature');
    expect(() => parseCacao('cacao')).toThrow('Invalid CACAO');
    expect(() => formatCacaoMessage(withP({ statement: 'one\nURI: https://evil.example' }) as Cacao)).toThrow(
      'one line',
    );
    expect(cacaoIssuer(iss)).toEqual({ chainId: 'eip155:31337', address: account.address });
  });
});

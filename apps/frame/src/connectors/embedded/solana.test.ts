import { describe, expect, it } from 'vitest';
import { ErrorCode, err, ok, type EmbeddedUser } from '@airlock/protocol';
import { accountOf } from './connector.ts';
import { sessionOfUser } from './session.ts';
import { embeddedSolanaRequest } from './solana.ts';
import { fromBase58, toBase58 } from '../solana/base58.ts';

const SOLANA = '32MvKPkohthEtFX36NPE9B45aryLsFVumKyjvFwQmuRX';
const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const LOCAL = 'solana:GZ2rN9Tzb4cbD3Hbt2gBVqAvHwP6fDLr';

const user = (caipNetworkId: string): EmbeddedUser => ({
  email: 'a@example.com',
  userName: null,
  accounts: [
    { caipAddress: `eip155:31337:${EVM}`, type: 'eoa' },
    { caipAddress: `${LOCAL}:${SOLANA}`, type: 'eoa' },
  ],
  caipNetworkId: caipNetworkId as EmbeddedUser['caipNetworkId'],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
});

describe('the embedded wallet’s solana account in the widget frame', () => {
  it('has an account on both namespaces, and its session on a solana network is the solana account', () => {
    expect(accountOf(user('eip155:31337'), 'eip155')).toBe(EVM);
    expect(accountOf(user('eip155:31337'), 'solana')).toBe(SOLANA);
    expect(accountOf(user('eip155:31337'), 'bip122')).toBeNull();
    // Each session names its network as CAIP-2: no `chainId: 0` stand-in for a network that is not eip155.
    const onSolana = sessionOfUser(user(LOCAL));
    expect(onSolana).toMatchObject({ ok: true, value: { accounts: [SOLANA], caipNetworkId: LOCAL } });
    expect(onSolana.ok && onSolana.value.chainId).toBeUndefined();
    expect(sessionOfUser(user('eip155:31337'))).toMatchObject({
      ok: true,
      value: { accounts: [EVM], caipNetworkId: 'eip155:31337' },
    });
  });

  it('sends signMessage to the secure frame as base58 with the account, and answers the signature as bytes', async () => {
    const calls: [string, unknown[]][] = [];
    const signature = new Uint8Array(64).fill(7);
    const message = new TextEncoder().encode('hello');
    const result = await embeddedSolanaRequest(
      { method: 'solana_signMessage', params: [{ message }] },
      SOLANA,
      async (method, params) => {
        calls.push([method, params]);
        return ok({ signature: toBase58(signature) });
      },
    );
    expect(calls).toEqual([['solana_signMessage', [{ message: toBase58(message), pubkey: SOLANA }]]]);
    expect(result).toEqual(ok({ signature }));
  });

  it('round-trips transactions as base64, one approval per transaction, stopping at a rejection', async () => {
    const sent: string[] = [];
    const answers = [ok({ transaction: btoa('signed-1') }), err(ErrorCode.UserRejected, 'User rejected the request')];
    const call = async (_method: string, params: unknown[]) => {
      sent.push((params[0] as { transaction: string }).transaction);
      return answers.shift()!;
    };
    const bytes = (text: string) => new TextEncoder().encode(text);
    const result = await embeddedSolanaRequest(
      {
        method: 'solana_signAllTransactions',
        params: [{ transactions: [bytes('tx-1'), bytes('tx-2'), bytes('tx-3')] }],
      },
      SOLANA,
      call,
    );
    expect(sent).toEqual([btoa('tx-1'), btoa('tx-2')]);
    expect(result).toMatchObject({ ok: false, error: { code: 4001 } });

    const signed = await embeddedSolanaRequest(
      { method: 'solana_signTransaction', params: [{ transaction: bytes('tx') }] },
      SOLANA,
      async () => ok({ signature: 'x', transaction: btoa('signed') }),
    );
    expect(signed).toEqual(ok({ transaction: bytes('signed') }));
  });

  it('refuses malformed params and reports a malformed answer instead of passing it on', async () => {
    const never = async () => ok(null);
    expect(
      await embeddedSolanaRequest({ method: 'solana_signMessage', params: [{ message: 'text' }] }, SOLANA, never),
    ).toMatchObject({ ok: false, error: { code: -32602 } });
    expect(await embeddedSolanaRequest({ method: 'solana_signIn', params: [] }, SOLANA, never)).toMatchObject({
      ok: false,
      error: { code: 4200 },
    });
    expect(
      await embeddedSolanaRequest(
        { method: 'solana_signAndSendTransaction', params: [{ transaction: new Uint8Array([1]) }] },
        SOLANA,
        async () => ok({ signature: 42 }),
      ),
    ).toMatchObject({ ok: false, error: { code: -32603 } });
    expect(fromBase58(toBase58(new Uint8Array([0, 0, 5])))).toEqual(new Uint8Array([0, 0, 5]));
  });
});

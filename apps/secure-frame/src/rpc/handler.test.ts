import { describe, expect, it } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { stringToHex, verifyMessage, verifyTypedData } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { createApprovalQueue, type PendingApproval } from '../approval/queue.ts';
import { deriveWallet, generateEntropy } from '../keys/wallet.ts';
import { createRpcHandler, type EmbeddedRpc } from './handler.ts';

/** The RPC handler with real keys and a queue whose person answers `decision` to every approval. */
function setup(decision: boolean) {
  const keys = deriveWallet(generateEntropy());
  const shown: PendingApproval[] = [];
  const approvals = createApprovalQueue((pending) => {
    const first = pending[0];
    if (first && !shown.includes(first)) {
      shown.push(first);
      queueMicrotask(() => approvals.decide(first.id, decision));
    }
  });
  const handle = createRpcHandler({ keys: () => keys, dappOrigin: () => 'https://app.example.com', approvals });
  let n = 0;
  const request = (method: string, params: unknown, chainNamespace = 'eip155'): EmbeddedRpc => ({
    id: `request-${++n}-abcdef`,
    method,
    params,
    chainNamespace,
    caipNetworkId: chainNamespace === 'solana' ? 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' : 'eip155:31337',
    rpcUrl: 'http://127.0.0.1:1',
  });
  return { keys, shown, handle, request };
}

const typedData = {
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }],
    Mail: [{ name: 'contents', type: 'string' }],
  },
  primaryType: 'Mail',
  domain: { name: 'Mailer' },
  message: { contents: 'Hello' },
};

describe('rpc handler', () => {
  it('signs personal_sign, typed data and a solana message after the approval, showing the verified origin', async () => {
    const { keys, shown, handle, request } = setup(true);
    const address = keys.eip155.address;
    const signature = (await handle(request('personal_sign', [stringToHex('hi'), address]))) as `0x${string}`;
    expect(await verifyMessage({ address, message: 'hi', signature })).toBe(true);
    expect(shown[0]).toMatchObject({ dappOrigin: 'https://app.example.com', details: { message: 'hi' } });

    const typed = (await handle(
      request('eth_signTypedData_v4', [address, JSON.stringify(typedData)]),
    )) as `0x${string}`;
    const { EIP712Domain: _domain, ...types } = typedData.types;
    expect(
      await verifyTypedData({
        address,
        types,
        primaryType: 'Mail',
        domain: typedData.domain,
        message: typedData.message,
        signature: typed,
      }),
    ).toBe(true);

    const message = new TextEncoder().encode('gm solana');
    const { signature: sol } = (await handle(
      request('solana_signMessage', [{ message: base58.encode(message), pubkey: keys.solana.address }], 'solana'),
    )) as { signature: string };
    expect(ed25519.verify(base58.decode(sol), message, base58.decode(keys.solana.address))).toBe(true);
  });

  it('answers account methods without a person, rejects with 4001, and refuses other methods and accounts', async () => {
    const { keys, shown, handle, request } = setup(false);
    expect(await handle(request('eth_accounts', []))).toEqual([keys.eip155.address]);
    expect(await handle(request('eth_chainId', []))).toBe('0x7a69');
    expect(shown).toHaveLength(0);
    await expect(handle(request('personal_sign', [stringToHex('no'), keys.eip155.address]))).rejects.toMatchObject({
      code: 4001,
    });
    await expect(handle(request('eth_sign', [keys.eip155.address, '0x00']))).rejects.toMatchObject({
      code: 4200,
      message: 'Requested RPC call is not allowed',
    });
    await expect(handle(request('wallet_sendCalls', [{}]))).rejects.toMatchObject({ code: 4200 });
    // An EOA network: no smart account to run a page's user operation.
    await expect(handle(request('eth_sendUserOperation', [{}, '0x']))).rejects.toMatchObject({ code: 4200 });
    await expect(
      handle(request('personal_sign', [stringToHex('x'), '0x0000000000000000000000000000000000000001'])),
    ).rejects.toMatchObject({
      code: -32602,
      message: 'Unknown account',
    });
  });

  it('refuses before any approval: a sign-in message for another site, typed data for another chain, a transaction as a solana message', async () => {
    const { keys, shown, handle, request } = setup(true);
    const address = keys.eip155.address;
    const siwe = createSiweMessage({
      address,
      chainId: 31337,
      domain: 'bank.example',
      uri: 'https://bank.example',
      version: '1',
      nonce: 'abcdefgh1234',
    });
    await expect(handle(request('personal_sign', [stringToHex(siwe), address]))).rejects.toMatchObject({
      code: -32602,
      message: 'This sign-in message is for bank.example, not for https://app.example.com. It was not signed.',
    });
    const permit = { ...typedData, domain: { name: 'Mailer', chainId: 1 } };
    await expect(handle(request('eth_signTypedData_v4', [address, JSON.stringify(permit)]))).rejects.toMatchObject({
      code: -32602,
      message: 'Typed data for chain 1 cannot be signed on chain 31337',
    });
    const owner = new PublicKey(keys.solana.address);
    const transfer = new Transaction({ feePayer: owner, recentBlockhash: base58.encode(new Uint8Array(32).fill(7)) })
      .add(
        SystemProgram.transfer({ fromPubkey: owner, toPubkey: Keypair.generate().publicKey, lamports: 1_500_000_000 }),
      )
      .serializeMessage();
    await expect(
      handle(
        request('solana_signMessage', [{ message: base58.encode(transfer), pubkey: keys.solana.address }], 'solana'),
      ),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/^This message is a Solana transaction/) });
    expect(shown).toHaveLength(0);

    // The same sign-in message for the verified origin is shown and signed.
    const own = siwe
      .replace('bank.example wants', 'app.example.com wants')
      .replace('https://bank.example', 'https://app.example.com');
    const signature = (await handle(request('personal_sign', [stringToHex(own), address]))) as `0x${string}`;
    expect(await verifyMessage({ address, message: own, signature })).toBe(true);
  });
});

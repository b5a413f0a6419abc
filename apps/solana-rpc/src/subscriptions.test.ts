import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { encodeBase58 } from './base58.ts';
import { type SolanaRpc, startSolanaRpc } from './server.ts';
import { call, within } from './testKit.ts';

let rpc: SolanaRpc;
beforeAll(async () => {
  rpc = await startSolanaRpc({ port: 0, accounts: 2 });
});
afterAll(async () => {
  await rpc?.stop();
});

/** A raw JSON-RPC WebSocket client: request/response by id, notifications by method. */
async function open(url: string) {
  const socket = new WebSocket(url);
  await within(
    new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject)),
    5_000,
    'the WebSocket to open',
  );
  const messages: any[] = [];
  const waiters: { test: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    messages.push(message);
    for (const waiter of waiters.splice(0))
      (waiter.test(message) ? waiter.resolve : () => waiters.push(waiter))(message);
  });
  const next = (test: (m: any) => boolean, what: string) =>
    within(
      new Promise<any>((resolve) => {
        const seen = messages.find(test);
        if (seen) resolve(seen);
        else waiters.push({ test, resolve });
      }),
      5_000,
      what,
    );
  let id = 0;
  const request = async (method: string, params: unknown[]) => {
    id += 1;
    const mine = id;
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: mine, method, params }));
    return next((m) => m.id === mine, `the reply to ${method}`);
  };
  return { socket, request, next };
}

const transferTx = async (from: Keypair, to: Keypair['publicKey'], lamports: number) => {
  const { result } = await call(rpc.url, 'getLatestBlockhash');
  const tx = new Transaction({
    blockhash: result.value.blockhash,
    lastValidBlockHeight: result.value.lastValidBlockHeight,
    feePayer: from.publicKey,
  });
  tx.add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports }));
  tx.sign(from);
  return tx;
};

describe('WebSocket subscriptions', () => {
  it('notify a signature, an account and the slot when a transaction lands', async () => {
    const client = await open(rpc.wsUrl);
    const to = Keypair.generate().publicKey;
    const tx = await transferTx(rpc.devKeypairs[0]!, to, 1_234_567);
    const signature = tx.signatures[0]!.signature!;
    const sigText = encodeBase58(signature);

    const sigSub = (await client.request('signatureSubscribe', [sigText, { commitment: 'confirmed' }])).result;
    const accSub = (
      await client.request('accountSubscribe', [to.toBase58(), { encoding: 'base64', commitment: 'confirmed' }])
    ).result;
    const slotSub = (await client.request('slotSubscribe', [])).result;
    expect(new Set([sigSub, accSub, slotSub]).size).toBe(3);

    const sent = await call(rpc.url, 'sendTransaction', [tx.serialize().toString('base64'), { encoding: 'base64' }]);
    expect(sent.result).toBe(sigText);

    const sigNote = await client.next((m) => m.method === 'signatureNotification', 'the signature notification');
    expect(sigNote.params).toMatchObject({ subscription: sigSub, result: { value: { err: null } } });
    const accNote = await client.next((m) => m.method === 'accountNotification', 'the account notification');
    expect(accNote.params.subscription).toBe(accSub);
    expect(accNote.params.result.value.lamports).toBe(1_234_567);
    const slotNote = await client.next((m) => m.method === 'slotNotification', 'the slot notification');
    expect(slotNote.params.result.slot).toBe(sigNote.params.result.context.slot);

    // A signature subscription ends with its notification; the others end on request.
    expect((await client.request('signatureUnsubscribe', [sigSub])).error.code).toBe(-32602);
    expect((await client.request('accountUnsubscribe', [accSub])).result).toBe(true);
    expect((await client.request('slotUnsubscribe', [slotSub])).result).toBe(true);
    client.socket.close();
  });

  it('answers a subscription to an already landed signature at once, after the reply naming it', async () => {
    const to = Keypair.generate().publicKey;
    const tx = await transferTx(rpc.devKeypairs[1]!, to, 1_000_000);
    const sent = await call(rpc.url, 'sendTransaction', [tx.serialize().toString('base64'), { encoding: 'base64' }]);
    expect(sent.error).toBeUndefined();
    const client = await open(`${rpc.url.replace('http', 'ws')}`); // the HTTP port accepts upgrades too
    const reply = await client.request('signatureSubscribe', [sent.result]);
    const note = await client.next((m) => m.method === 'signatureNotification', 'the signature notification');
    expect(note.params.subscription).toBe(reply.result);
    client.socket.close();
  });

  it('refuses bad subscription requests without closing the socket', async () => {
    const client = await open(rpc.wsUrl);
    expect((await client.request('accountSubscribe', ['not-a-key'])).error.code).toBe(-32602);
    expect((await client.request('getBalance', [rpc.faucet.publicKey.toBase58()])).error.code).toBe(-32601);
    client.socket.send('{not json');
    expect((await client.next((m) => m.error?.code === -32700, 'the parse error')).id).toBeNull();
    client.socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'ping' })); // web3.js's heartbeat: a notification, no reply
    expect((await client.request('slotSubscribe', [])).result).toBeTypeOf('number');
    client.socket.close();
  });
});

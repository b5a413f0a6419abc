import { Connection, Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_BODY_BYTES, type SolanaRpc, startSolanaRpc } from './server.ts';
import { call, postRaw, waitFor, within } from './testKit.ts';

let rpc: SolanaRpc;
beforeAll(async () => {
  rpc = await startSolanaRpc({ port: 0, accounts: 1 });
});
afterAll(async () => {
  await rpc?.stop();
});

describe('malformed input', () => {
  it('answers each bad request with its JSON-RPC error and keeps serving', async () => {
    const key = rpc.devKeypairs[0]!.publicKey.toBase58();
    expect((await postRaw(rpc.url, '{"jsonrpc":"2.0",')).json.error.code).toBe(-32700);
    expect((await postRaw(rpc.url, '"just a string"')).json.error.code).toBe(-32600);
    expect((await postRaw(rpc.url, '[]')).json.error.code).toBe(-32600);
    expect((await call(rpc.url, 'eth_chainId')).error).toEqual({
      code: -32601,
      message: 'Method not found: eth_chainId',
    });
    expect((await call(rpc.url, 'constructor')).error.code).toBe(-32601);

    const badKey = await call(rpc.url, 'getBalance', ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']);
    expect(badKey.error.code).toBe(-32602);
    expect(badKey.error.message).toContain('is not a base58 public key');
    expect((await call(rpc.url, 'getBalance', { pubkey: key })).error.message).toBe(
      'Invalid params: params must be an array',
    );
    expect((await call(rpc.url, 'getBalance', [])).error.code).toBe(-32602);
    expect((await call(rpc.url, 'getBalance', [key, { commitment: 'eventually' }])).error.code).toBe(-32602);
    expect((await call(rpc.url, 'getBalance', [key, {}, 'extra'])).error.code).toBe(-32602);
    expect((await call(rpc.url, 'getAccountInfo', [key, { encoding: 'base64+zstd' }])).error.code).toBe(-32602);
    expect((await call(rpc.url, 'getSignatureStatuses', [['not-a-signature']])).error.code).toBe(-32602);
    expect((await call(rpc.url, 'getMultipleAccounts', [Array(101).fill(key)])).error.code).toBe(-32602);
    expect((await call(rpc.url, 'getBalance', [key, { minContextSlot: 1e9 }])).error.code).toBe(-32016);

    const garbage = await call(rpc.url, 'sendTransaction', [
      Buffer.from('not a transaction').toString('base64'),
      { encoding: 'base64' },
    ]);
    expect(garbage.error.code).toBe(-32602);
    expect(garbage.error.message).toMatch(/deserialize|signature count/);
    expect((await call(rpc.url, 'sendTransaction', ['0OIl', {}])).error.message).toContain('not valid base58');
    expect(
      (await call(rpc.url, 'sendTransaction', ['A'.repeat(5000), { encoding: 'base64' }])).error.message,
    ).toContain('too large');
    expect((await call(rpc.url, 'getFeeForMessage', ['AAAA'])).error.code).toBe(-32602);
    expect((await call(rpc.url, 'getTokenAccountBalance', [key])).error.message).toBe(
      'Invalid params: not a Token account',
    );

    const batch = await postRaw(
      rpc.url,
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getSlot' },
        { jsonrpc: '2.0', id: 2, method: 'nope' },
        { jsonrpc: '2.0', method: 'getSlot' },
        7,
      ]),
    );
    expect(batch.json.map((r: { id: unknown }) => r.id)).toEqual([1, 2, null]);
    expect(batch.json[0].result).toBeTypeOf('number');
    expect(batch.json[2].error.code).toBe(-32600);

    const huge = await postRaw(
      rpc.url,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot', params: ['x'.repeat(MAX_BODY_BYTES)] }),
    ).catch((error: Error) => ({ status: 413, json: { error: { message: error.message } } }));
    expect(huge.status).toBe(413);

    expect((await call(rpc.url, 'getBalance', [key])).result.value).toBe(1000 * 1e9);
  });

  it('answers CORS preflights so a page (the frame) may call it', async () => {
    const response = await fetch(rpc.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5174',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,solana-client',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('solana-client');
  });
});

describe('stop', () => {
  it('closes the listeners and the open sockets, leaving no server handle behind', async () => {
    const listeners = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;
    const before = listeners();
    const local = await startSolanaRpc({ port: 0, accounts: 1 });
    expect(listeners()).toBe(before + 2);
    const connection = new Connection(local.url, { commitment: 'confirmed', wsEndpoint: local.wsUrl });
    expect(await connection.getBalance(Keypair.generate().publicKey)).toBe(0);
    const socket = new WebSocket(local.wsUrl);
    await within(new Promise((resolve) => socket.once('open', resolve)), 5_000, 'the WebSocket to open');
    const closed = new Promise((resolve) => socket.once('close', resolve));

    await within(local.stop(), 5_000, 'stop()');

    await within(closed, 5_000, 'the WebSocket to close');
    // Node releases a closed listener's handle a tick after the close callback.
    await waitFor(() => listeners() === before, 2_000, 'the listening handles to be released');
    await expect(fetch(local.url, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('refuses a taken port with EADDRINUSE', async () => {
    const port = Number(new URL(rpc.url).port);
    await expect(startSolanaRpc({ port, accounts: 1 })).rejects.toThrow(/EADDRINUSE/);
  });
});

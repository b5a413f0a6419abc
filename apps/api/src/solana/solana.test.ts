import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import {
  createAssociatedTokenAccountInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  getOrCreateAssociatedTokenAccount,
  transfer,
} from '@solana/spl-token';
import { startSolanaRpc, type SolanaRpc } from '@airlock/solana-rpc';
import { createApi, type Api } from '../main.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';

/**
 * The spec §7 balance and history calls for a Solana chain, over a real HTTP server, against a
 * real local Solana RPC (apps/solana-rpc over litesvm) moved by real @solana/web3.js transactions.
 */

let rpc: SolanaRpc;
let api: Api;
let baseUrl: string;
let caipNetworkId: string;
const receiver = Keypair.generate();
const ORIGIN = 'http://localhost:15173';

const call = async (path: string, params: Record<string, string> = {}) => {
  const res = await fetch(`${baseUrl}${path}?${new URLSearchParams({ projectId: 'dev', ...params })}`, {
    headers: { origin: ORIGIN },
  });
  return { status: res.status, body: (await res.json()) as any };
};

beforeAll(async () => {
  rpc = await startSolanaRpc({ port: 0 });
  caipNetworkId = `solana:${rpc.genesisHash.slice(0, 32)}`;
  api = await createApi({
    port: 0,
    database: await testDatabase(),
    solana: [
      { caipNetworkId, rpcUrl: rpc.url, tokens: [{ mint: rpc.devMint.toBase58(), symbol: 'DEV', name: 'Dev Token' }] },
    ],
    seed: { projects: [{ id: 'dev', name: 'Dev', allowedOrigins: ['http://localhost:*'] }] },
    indexer: { autoStart: false },
    historyPageSize: 2,
    log: () => undefined,
  });
  baseUrl = await api.start();
  const connection = new Connection(rpc.url, 'confirmed');
  const payer = rpc.devKeypairs[0]!;
  await sendAndConfirmTransaction(
    connection,
    new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: receiver.publicKey,
        lamports: 1.5 * LAMPORTS_PER_SOL,
      }),
    ),
    [payer],
  );
  const from = await getOrCreateAssociatedTokenAccount(connection, payer, rpc.devMint, payer.publicKey);
  const to = await getOrCreateAssociatedTokenAccount(connection, payer, rpc.devMint, receiver.publicKey);
  await transfer(connection, payer, from.address, to.address, payer, 25_500_000n);
}, 60_000);

afterAll(async () => {
  await Promise.all([api?.stop(), rpc?.stop()]);
  await dropTestDatabases();
});

describe('solana balances and history (spec §7)', () => {
  it('GET /v1/account/{address}/balance: SOL then the SPL tokens, in the eip155 shape', async () => {
    const { status, body } = await call(`/v1/account/${receiver.publicKey.toBase58()}/balance`, {
      chainId: caipNetworkId,
    });
    expect(status).toBe(200);
    expect(body.balances).toEqual([
      expect.objectContaining({
        symbol: 'SOL',
        name: 'Solana',
        chainId: caipNetworkId,
        quantity: { decimals: '9', numeric: '1.5' },
      }),
      expect.objectContaining({
        symbol: 'DEV',
        name: 'Dev Token',
        address: `${caipNetworkId}:${rpc.devMint.toBase58()}`,
        quantity: { decimals: '6', numeric: '25.5' },
      }),
    ]);
    expect(body.balances[0]).not.toHaveProperty('address');
  });

  it('GET /v1/account/{address}/history: newest first, transfers from the account’s side, paged by cursor', async () => {
    const sender = rpc.devKeypairs[0]!.publicKey.toBase58();
    const first = await call(`/v1/account/${receiver.publicKey.toBase58()}/history`, { chainId: caipNetworkId });
    expect(first.status).toBe(200);
    expect(first.body.data.map((i: any) => i.metadata.operationType)).toEqual(['receive', 'execute']); // DEV in, then its token account created by the sender
    expect(first.body.data[0].transfers).toEqual([
      expect.objectContaining({
        direction: 'in',
        quantity: { numeric: '25.5' },
        fungible_info: expect.objectContaining({ symbol: 'DEV' }),
      }),
    ]);
    expect(first.body.data[0].metadata).toMatchObject({ sentFrom: sender, status: 'confirmed', chain: caipNetworkId });
    expect(typeof first.body.next).toBe('string');
    const second = await call(`/v1/account/${receiver.publicKey.toBase58()}/history`, {
      chainId: caipNetworkId,
      cursor: first.body.next,
    });
    expect(second.body.data).toHaveLength(1);
    expect(second.body.data[0].metadata.operationType).toBe('receive');
    expect(second.body.data[0].transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '1.5' }, sender });
    expect(second.body.next).toBeNull();

    const out = await call(`/v1/account/${sender}/history`, { chainId: caipNetworkId });
    expect(out.body.data[0].metadata).toMatchObject({ operationType: 'send', sentTo: receiver.publicKey.toBase58() });
    expect(out.body.data[0].transfers[0]).toMatchObject({ direction: 'out', quantity: { numeric: '25.5' } });
  });

  it('an SPL send that creates the receiver’s token account shows the token first, to the receiver, not the rent to the token account', async () => {
    // What the widget's Solana Send signs: create the receiver's token account (the sender pays its rent), then move the tokens.
    const connection = new Connection(rpc.url, 'confirmed');
    const payer = rpc.devKeypairs[1]!;
    const friend = Keypair.generate().publicKey;
    const mint = rpc.devMint;
    const source = getAssociatedTokenAddressSync(mint, payer.publicKey);
    const destination = getAssociatedTokenAddressSync(mint, friend);
    await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        createAssociatedTokenAccountInstruction(payer.publicKey, destination, friend, mint),
        createTransferCheckedInstruction(source, mint, destination, payer.publicKey, 2_500_000n, 6),
      ),
      [payer],
    );
    const { body } = await call(`/v1/account/${payer.publicKey.toBase58()}/history`, { chainId: caipNetworkId });
    const item = body.data[0];
    expect(item.metadata).toMatchObject({ operationType: 'send', sentTo: friend.toBase58() });
    expect(item.transfers[0]).toMatchObject({
      direction: 'out',
      quantity: { numeric: '2.5' },
      fungible_info: expect.objectContaining({ symbol: 'DEV' }),
      sender: payer.publicKey.toBase58(),
      recipient: friend.toBase58(),
    });
    // The rent is still reported, after the token, paid to the new token account.
    expect(item.transfers.slice(1)).toEqual([
      expect.objectContaining({
        direction: 'out',
        fungible_info: expect.objectContaining({ symbol: 'SOL' }),
        recipient: destination.toBase58(),
      }),
    ]);
  });

  it('answers empty for a solana chain it does not serve, 400 for a malformed address or cursor', async () => {
    const other = await call(`/v1/account/${receiver.publicKey.toBase58()}/balance`, {
      chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    });
    expect(other).toEqual({ status: 200, body: { balances: [] } });
    expect((await call('/v1/account/not-base58-0OIl/balance', { chainId: caipNetworkId })).status).toBe(400);
    const cursor = await call(`/v1/account/${receiver.publicKey.toBase58()}/history`, {
      chainId: caipNetworkId,
      cursor: 'x',
    });
    expect(cursor.status).toBe(400);
  });

  it('leaves eip155 requests to the eip155 routes', async () => {
    const res = await call('/v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/balance', { chainId: 'eip155:1' });
    expect(res).toEqual({ status: 200, body: { balances: [] } });
  });
});

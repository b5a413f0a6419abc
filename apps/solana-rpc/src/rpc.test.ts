import {
  createTransferInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
  getOrCreateAssociatedTokenAccount,
  TOKEN_PROGRAM_ID,
  transfer,
} from '@solana/spl-token';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEV_SEED, DEV_TOKEN_AMOUNT, deriveDevKeypairs } from './devAccounts.ts';
import { type SolanaRpc, startSolanaRpc } from './server.ts';
import { call, within } from './testKit.ts';

let rpc: SolanaRpc;
let connection: Connection;

beforeAll(async () => {
  rpc = await startSolanaRpc({ port: 0 });
  // No wsEndpoint: web3.js finds the subscriptions at port + 1, as it would in the frame.
  connection = new Connection(rpc.url, 'confirmed');
});
afterAll(async () => {
  await rpc?.stop();
});

const sol = (n: number) => Math.round(n * LAMPORTS_PER_SOL);

describe('dev accounts', () => {
  it('are derived from the documented seed and hold 1000 SOL and 1,000,000 DEV each', async () => {
    const expected = deriveDevKeypairs(DEFAULT_DEV_SEED, 10).map((k) => k.publicKey.toBase58());
    // The addresses README.md documents.
    expect(expected[0]).toBe('32MvKPkohthEtFX36NPE9B45aryLsFVumKyjvFwQmuRX');
    expect(rpc.devMint.toBase58()).toBe('4G9WkTGeqxjirxsQiFRFj8AP8FyCdi1KSfw8exkffChj');
    expect(rpc.faucet.publicKey.toBase58()).toBe('3L1AG5Jaw5Uu4woCKniaPxTU3tWT7aJ9KU9TUPUuJ1sn');
    expect(rpc.devKeypairs.map((k) => k.publicKey.toBase58())).toEqual(expected);
    const account = rpc.devKeypairs[9]!.publicKey;
    expect(await connection.getBalance(account)).toBe(sol(1000));
    const ata = await getAccount(connection, getAssociatedTokenAddressSync(rpc.devMint, account));
    expect(ata.amount).toBe(DEV_TOKEN_AMOUNT);
    const supply = await connection.getTokenSupply(rpc.devMint);
    expect(supply.value.decimals).toBe(6);
  });
});

describe('with the @solana/web3.js client', () => {
  it('transfers SOL, confirms over the WebSocket, and the balances move by the amount and the quoted fee', async () => {
    const from = rpc.devKeypairs[0]!;
    const to = Keypair.generate().publicKey;
    const before = await connection.getBalance(from.publicKey);
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: sol(1.5) }),
    );
    const { blockhash } = await connection.getLatestBlockhash();
    tx.recentBlockhash = blockhash;
    tx.feePayer = from.publicKey;
    const fee = (await connection.getFeeForMessage(tx.compileMessage())).value;
    expect(fee).toBe(5000);

    const signature = await within(
      sendAndConfirmTransaction(connection, tx, [from]),
      10_000,
      'sendAndConfirmTransaction',
    );

    expect(await connection.getBalance(to)).toBe(sol(1.5));
    expect(await connection.getBalance(from.publicKey)).toBe(before - sol(1.5) - 5000);

    const status = (await connection.getSignatureStatus(signature)).value;
    expect(status?.err).toBeNull();
    expect(status?.confirmationStatus).toBe('finalized');
    const fetched = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(fetched?.meta?.fee).toBe(5000);
    expect(fetched?.meta?.postBalances[1]).toBe(sol(1.5));
    expect(fetched?.transaction.message.staticAccountKeys.map((k) => k.toBase58())).toContain(to.toBase58());
    const history = await connection.getSignaturesForAddress(to);
    expect(history.map((h) => h.signature)).toEqual([signature]);
  });

  it("creates the receiver's associated token account and transfers DEV", async () => {
    const from = rpc.devKeypairs[1]!;
    const receiver = Keypair.generate().publicKey;
    const fromAta = getAssociatedTokenAddressSync(rpc.devMint, from.publicKey);
    expect(await connection.getAccountInfo(getAssociatedTokenAddressSync(rpc.devMint, receiver))).toBeNull();

    const toAta = await within(
      getOrCreateAssociatedTokenAccount(connection, from, rpc.devMint, receiver),
      10_000,
      'the ATA creation',
    );
    await within(transfer(connection, from, fromAta, toAta.address, from, 2_500_000n), 10_000, 'the token transfer');

    expect((await connection.getTokenAccountBalance(toAta.address)).value.uiAmountString).toBe('2.5');
    const parsed = await connection.getParsedTokenAccountsByOwner(receiver, { mint: rpc.devMint });
    expect(parsed.value).toHaveLength(1);
    expect(parsed.value[0]!.account.data.parsed.info.tokenAmount.amount).toBe('2500000');
    expect(parsed.value[0]!.account.data.parsed.info.owner).toBe(receiver.toBase58());
    const byProgram = await connection.getTokenAccountsByOwner(from.publicKey, { programId: TOKEN_PROGRAM_ID });
    expect(byProgram.value.map((a) => a.pubkey.toBase58())).toEqual([fromAta.toBase58()]);
    expect((await getAccount(connection, fromAta)).amount).toBe(DEV_TOKEN_AMOUNT - 2_500_000n);
  });

  it('refuses a transfer beyond the balance at preflight with the program logs, and nothing moves', async () => {
    const from = rpc.devKeypairs[2]!;
    const to = Keypair.generate().publicKey;
    const before = await connection.getBalance(from.publicKey);
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: sol(5000) }),
    );
    const error = await sendAndConfirmTransaction(connection, tx, [from]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendTransactionError);
    expect((error as SendTransactionError).message).toContain('custom program error: 0x1');
    expect((error as SendTransactionError).logs?.join('\n')).toContain('insufficient lamports');
    expect(await connection.getBalance(from.publicKey)).toBe(before);
    expect(await connection.getBalance(to)).toBe(0);
  });

  it('lands a failing transaction sent with skipPreflight: the fee is charged and the status carries the error', async () => {
    const from = rpc.devKeypairs[3]!;
    const to = Keypair.generate().publicKey;
    const before = await connection.getBalance(from.publicKey);
    const latest = await connection.getLatestBlockhash();
    const tx = new Transaction({ ...latest, feePayer: from.publicKey }).add(
      SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: sol(5000) }),
    );
    tx.sign(from);
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    const result = await within(connection.confirmTransaction({ signature, ...latest }), 10_000, 'confirmTransaction');
    expect(result.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(await connection.getBalance(from.publicKey)).toBe(before - 5000);
    const fetched = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(fetched?.meta?.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(fetched?.meta?.logMessages?.join('\n')).toContain('insufficient lamports');
  });

  it('sends and looks up a version 0 transaction', async () => {
    const from = rpc.devKeypairs[4]!;
    const fromAta = getAssociatedTokenAddressSync(rpc.devMint, from.publicKey);
    const toAta = getAssociatedTokenAddressSync(rpc.devMint, rpc.devKeypairs[5]!.publicKey);
    const latest = await connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: from.publicKey,
      recentBlockhash: latest.blockhash,
      instructions: [createTransferInstruction(fromAta, toAta, from.publicKey, 1_000_000n)],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([from]);
    const signature = await connection.sendTransaction(tx);
    expect(
      (await within(connection.confirmTransaction({ signature, ...latest }), 10_000, 'confirmTransaction')).value.err,
    ).toBeNull();

    const fetched = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(fetched?.version).toBe(0);
    const post = fetched?.meta?.postTokenBalances?.find((b) => b.owner === rpc.devKeypairs[5]!.publicKey.toBase58());
    expect(post?.uiTokenAmount.amount).toBe((DEV_TOKEN_AMOUNT + 1_000_000n).toString());
    const legacyClient = await call(rpc.url, 'getTransaction', [signature]);
    expect(legacyClient.error.code).toBe(-32015);
  });

  it('airdrops SOL from the faucet', async () => {
    const to = Keypair.generate().publicKey;
    const signature = await connection.requestAirdrop(to, sol(2));
    const latest = await connection.getLatestBlockhash();
    await within(connection.confirmTransaction({ signature, ...latest }), 10_000, 'the airdrop confirmation');
    expect(await connection.getBalance(to)).toBe(sol(2));
  });

  it('refuses a transaction whose signature does not verify, even with skipPreflight', async () => {
    const from = rpc.devKeypairs[6]!;
    const latest = await connection.getLatestBlockhash();
    const tx = new Transaction({ ...latest, feePayer: from.publicKey }).add(
      SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: Keypair.generate().publicKey, lamports: sol(1) }),
    );
    tx.sign(from);
    const wire = tx.serialize();
    wire[1] = (wire[1]! + 1) % 256; // first signature byte
    for (const skipPreflight of [false, true]) {
      const reply = await call(rpc.url, 'sendTransaction', [
        Buffer.from(wire).toString('base64'),
        { encoding: 'base64', skipPreflight },
      ]);
      expect(reply.error).toEqual({ code: -32003, message: 'Transaction signature verification failure' });
    }
    expect(await connection.getBalance(from.publicKey)).toBe(sol(1000));
  });

  it('reports null for the status of an unknown signature, and null for its transaction', async () => {
    const unknown = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
    expect((await connection.getSignatureStatus(unknown, { searchTransactionHistory: true })).value).toBeNull();
    expect(await connection.getTransaction(unknown, { maxSupportedTransactionVersion: 0 })).toBeNull();
  });

  it('answers the cluster reads web3.js makes', async () => {
    const slot = await connection.getSlot();
    expect(await connection.getBlockHeight()).toBe(slot);
    const epoch = await connection.getEpochInfo();
    expect(epoch.absoluteSlot).toBe(slot);
    expect((await connection.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await connection.getGenesisHash()).toBe(rpc.genesisHash);
    expect(await connection.getMinimumBalanceForRentExemption(165)).toBe(2_039_280);
  });
});

import { startSolanaRpc, type SolanaRpc } from '@airlock/solana-rpc';
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSolanaRequest, executeSolanaRequest, solanaDevKey, solanaRequestTitle } from './solana.ts';

/**
 * The Dev Wallet's Solana requests against a real local Solana RPC (apps/solana-rpc): sign, and
 * sign and send (confirmed on the chain), with the errors a dapp gets.
 */

let rpc: SolanaRpc;
let connection: Connection;
const key = solanaDevKey();

beforeAll(async () => {
  rpc = await startSolanaRpc({ port: 0 });
  connection = new Connection(rpc.url, 'confirmed');
}, 30_000);
afterAll(async () => {
  await rpc?.stop();
});

/** An unsigned transfer of `lamports` from `from` (the fee payer), base64. */
async function transfer(to: PublicKey, lamports: number, from = new PublicKey(key.address)): Promise<string> {
  const { blockhash } = await connection.getLatestBlockhash();
  const tx = new Transaction({ feePayer: from, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports }),
  );
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
}

describe('Dev Wallet Solana requests', () => {
  it('uses local dev account 1 of the chain', () => {
    expect(key.address).toBe(rpc.devKeypairs[1]!.publicKey.toBase58());
  });

  it('solana_signAndSendTransaction signs with the dev key, sends, and answers once confirmed', async () => {
    const to = Keypair.generate().publicKey;
    const transaction = await transfer(to, 250_000_000);
    expect(describeSolanaRequest('solana_signAndSendTransaction', { transaction })).toEqual([
      `Transfer: 0.25 SOL to ${to.toBase58()}`,
      'Sent to: the Solana RPC, confirmed',
    ]);
    expect(solanaRequestTitle('solana_signAndSendTransaction')).toBe('Send transaction');
    const outcome = await executeSolanaRequest(
      'solana_signAndSendTransaction',
      { transaction, sendOptions: { skipPreflight: false } },
      { key, rpcUrl: rpc.url },
    );
    expect(outcome.ok).toBe(true);
    const { signature } = (outcome as { value: { signature: string } }).value;
    expect((await connection.getSignatureStatus(signature)).value?.confirmationStatus).toMatch(/confirmed|finalized/);
    expect(await connection.getBalance(to, 'confirmed')).toBe(250_000_000);
  });

  it('solana_signTransaction answers the signed transaction the chain accepts, without sending it', async () => {
    const to = Keypair.generate().publicKey;
    const outcome = await executeSolanaRequest(
      'solana_signTransaction',
      { transaction: await transfer(to, 1_000_000) },
      { key, rpcUrl: rpc.url },
    );
    const { transaction } = (outcome as { value: { transaction: string } }).value;
    expect(await connection.getBalance(to, 'confirmed')).toBe(0);
    const signature = await connection.sendRawTransaction(Buffer.from(transaction, 'base64'));
    await connection.confirmTransaction(signature, 'confirmed');
    expect(await connection.getBalance(to, 'confirmed')).toBe(1_000_000);
  });

  it('refuses what it cannot send, with the reason', async () => {
    const to = Keypair.generate().publicKey;
    const context = { key, rpcUrl: rpc.url };
    const malformed = await executeSolanaRequest('solana_signAndSendTransaction', { tx: 'x' }, context);
    expect(malformed).toMatchObject({ ok: false, error: { code: -32602 } });
    const noRpc = await executeSolanaRequest(
      'solana_signAndSendTransaction',
      { transaction: await transfer(to, 1) },
      { key },
    );
    expect(noRpc).toMatchObject({
      ok: false,
      error: { code: -32603, message: 'The Dev Wallet has no Solana RPC configured' },
    });
    const other = Keypair.generate().publicKey;
    const notSigner = await executeSolanaRequest(
      'solana_signAndSendTransaction',
      { transaction: await transfer(to, 1, other) },
      context,
    );
    expect(notSigner).toMatchObject({
      ok: false,
      error: { message: 'The Dev Wallet is not a signer of this transaction' },
    });
    // More SOL than the account holds: the node's preflight refuses it, and the message reaches the dapp.
    const tooMuch = await executeSolanaRequest(
      'solana_signAndSendTransaction',
      { transaction: await transfer(to, 10 ** 15) },
      context,
    );
    expect(tooMuch).toMatchObject({ ok: false, error: { code: -32603 } });
    expect((tooMuch as { error: { message: string } }).error.message).not.toBe('');
    expect(await connection.getBalance(to, 'confirmed')).toBe(0);
  });
});

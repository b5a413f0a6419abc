import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSolanaRpc, type SolanaRpc } from '@airlock/solana-rpc';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, base64 } from '@scure/base';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  MessageV0,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  VersionedTransaction,
} from '@solana/web3.js';
import { createApprovalQueue, type PendingApproval } from '../approval/queue.ts';
import { deriveWallet, generateEntropy } from '../keys/wallet.ts';
import { createRpcHandler } from './handler.ts';
import { describeSolanaTransaction } from './solanaDescribe.ts';
import { decodeSolanaTransaction, parseSolanaTransaction } from './solanaTransaction.ts';

const BLOCKHASH = '11111111111111111111111111111111';
const key = () => Keypair.generate().publicKey;

/** A legacy transaction paid by `payer` with `instructions`, serialized unsigned. */
function legacy(payer: PublicKey, ...instructions: TransactionInstruction[]): Uint8Array {
  const tx = new Transaction({ feePayer: payer, recentBlockhash: BLOCKHASH }).add(...instructions);
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false });
}

const decode = (bytes: Uint8Array) => decodeSolanaTransaction(parseSolanaTransaction(bytes));

describe('solana transaction decoder', () => {
  it('reads a SOL transfer (priority-fee instructions aside) as amount in SOL and receiver', () => {
    const from = key();
    const to = key();
    const bytes = legacy(
      from,
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1000 }),
      SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 1_500_000_000n }),
    );
    const decoded = decode(bytes);
    expect(decoded).toEqual({ kind: 'sol', to: to.toBase58(), lamports: 1_500_000_000n });
    expect(describeSolanaTransaction(decoded, true)).toEqual({
      title: 'Send SOL',
      fields: [
        { label: 'To', value: to.toBase58() },
        { label: 'Amount', value: '1.5 SOL' },
      ],
    });
  });

  it('reads an SPL TransferChecked that creates the receiver’s token account: mint, amount, receiver wallet', () => {
    const from = key();
    const to = key();
    const mint = key();
    const source = getAssociatedTokenAddressSync(mint, from);
    const destination = getAssociatedTokenAddressSync(mint, to);
    const bytes = legacy(
      from,
      createAssociatedTokenAccountInstruction(
        from,
        destination,
        to,
        mint,
        TOKEN_PROGRAM_ID,
        ASSOCIATED_TOKEN_PROGRAM_ID,
      ),
      createTransferCheckedInstruction(source, mint, destination, from, 2_500_000n, 6),
    );
    const decoded = decode(bytes);
    expect(decoded).toMatchObject({ kind: 'spl', mint: mint.toBase58(), amount: 2_500_000n, decimals: 6 });
    const details = describeSolanaTransaction(decoded, false);
    expect(details.title).toBe('Sign a token transfer');
    expect(details.fields).toEqual([
      { label: 'To', value: to.toBase58() },
      { label: 'Amount', value: '2.5' },
      { label: 'Token mint', value: mint.toBase58() },
      { label: 'Also', value: 'Creates the receiver’s token account (you pay its rent)' },
    ]);
  });

  it('names the token account when the receiver’s wallet is not in the transaction', () => {
    const from = key();
    const mint = key();
    const destination = key();
    const bytes = legacy(
      from,
      createTransferCheckedInstruction(getAssociatedTokenAddressSync(mint, from), mint, destination, from, 7n, 0),
    );
    const details = describeSolanaTransaction(decode(bytes), true);
    expect(details.fields[0]).toEqual({ label: 'To token account', value: destination.toBase58() });
    expect(details.fields[1]).toEqual({ label: 'Amount', value: '7' });
  });

  it('shows anything else as its programs and instruction count, with a caution', () => {
    const from = key();
    const program = key();
    const bytes = legacy(
      from,
      new TransactionInstruction({ programId: program, keys: [], data: Buffer.from([1, 2, 3]) }),
      SystemProgram.transfer({ fromPubkey: from, toPubkey: key(), lamports: 1n }),
    );
    const details = describeSolanaTransaction(decode(bytes), true);
    expect(details.title).toBe('Send a Solana transaction');
    expect(details.fields).toEqual([
      { label: 'Programs', value: `${program.toBase58()}, ${SystemProgram.programId.toBase58()}` },
      { label: 'Instructions', value: '2' },
    ]);
    expect(details.warning).toMatch(/not a plain transfer/);
  });

  it('does not take a transfer whose accounts are in a lookup table (v0) for a plain one', () => {
    const from = key();
    const message = new MessageV0({
      header: { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
      staticAccountKeys: [from, SystemProgram.programId],
      recentBlockhash: BLOCKHASH,
      // The receiver is account 2: the first writable address of the lookup table.
      compiledInstructions: [
        {
          programIdIndex: 1,
          accountKeyIndexes: [0, 2],
          data: SystemProgram.transfer({ fromPubkey: from, toPubkey: from, lamports: 5n }).data,
        },
      ],
      addressTableLookups: [{ accountKey: key(), writableIndexes: [0], readonlyIndexes: [] }],
    });
    const decoded = decode(new VersionedTransaction(message).serialize());
    expect(decoded).toMatchObject({ kind: 'other', instructionCount: 1, unresolved: true });
    expect(describeSolanaTransaction(decoded, false).warning).toMatch(/lookup tables/);
  });

  it('refuses bytes that are not a transaction', () => {
    expect(() => parseSolanaTransaction(new Uint8Array([1, 2, 3]))).toThrow('Invalid transaction');
  });
});

/** The handler with real keys and a person who answers `decision`. */
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
  const request = (method: string, params: unknown) => ({
    id: `request-${method}-abcdef`,
    method,
    params,
    chainNamespace: 'solana',
    caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    rpcUrl: 'http://127.0.0.1:1',
  });
  return { keys, shown, handle, request, payer: new PublicKey(keys.solana.address) };
}

describe('solana_signTransaction in the secure frame', () => {
  it('signs after the approval: the signature verifies over the message with the account’s key', async () => {
    const { shown, handle, request, payer } = setup(true);
    const to = key();
    const unsigned = legacy(payer, SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports: 250_000_000n }));
    const answer = (await handle(request('solana_signTransaction', [{ transaction: base64.encode(unsigned) }]))) as {
      signature: string;
      transaction: string;
    };
    const signed = VersionedTransaction.deserialize(base64.decode(answer.transaction));
    expect(base58.encode(signed.signatures[0]!)).toBe(answer.signature);
    expect(ed25519.verify(signed.signatures[0]!, signed.message.serialize(), payer.toBytes())).toBe(true);
    expect(shown[0]).toMatchObject({
      method: 'solana_signTransaction',
      dappOrigin: 'https://app.example.com',
      details: {
        title: 'Sign a SOL transfer',
        fields: [
          { label: 'To', value: to.toBase58() },
          { label: 'Amount', value: '0.25 SOL' },
        ],
      },
    });
  });

  it('answers 4001 when the person rejects, and signs nothing', async () => {
    const { handle, request, payer } = setup(false);
    const unsigned = legacy(payer, SystemProgram.transfer({ fromPubkey: payer, toPubkey: key(), lamports: 1n }));
    await expect(
      handle(request('solana_signTransaction', [{ transaction: base64.encode(unsigned) }])),
    ).rejects.toMatchObject({ code: 4001 });
  });

  it('refuses a transaction the account does not sign, and malformed bytes, before any approval', async () => {
    const { shown, handle, request } = setup(true);
    const other = key();
    const foreign = legacy(other, SystemProgram.transfer({ fromPubkey: other, toPubkey: key(), lamports: 1n }));
    await expect(
      handle(request('solana_signTransaction', [{ transaction: base64.encode(foreign) }])),
    ).rejects.toMatchObject({ code: -32602, message: 'The transaction does not need this account’s signature' });
    await expect(handle(request('solana_signTransaction', [{ transaction: 'AAEC' }]))).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid transaction',
    });
    await expect(handle(request('solana_signAllTransactions', [{ transactions: [] }]))).rejects.toMatchObject({
      code: 4200,
    });
    expect(shown).toEqual([]);
  });
});

describe('solana_signAndSendTransaction in the secure frame (local Solana RPC over litesvm)', () => {
  let rpc: SolanaRpc;
  beforeAll(async () => {
    rpc = await startSolanaRpc({ port: 0 });
  });
  afterAll(async () => {
    await rpc?.stop();
  });

  it('sends after the approval and answers once confirmed: the receiver holds the SOL', async () => {
    const { shown, handle, payer } = setup(true);
    const connection = new Connection(rpc.url, 'confirmed');
    const caipNetworkId = `solana:${(await connection.getGenesisHash()).slice(0, 32)}`;
    const airdrop = await connection.requestAirdrop(payer, 2 * LAMPORTS_PER_SOL);
    await connection.confirmTransaction({ signature: airdrop, ...(await connection.getLatestBlockhash()) });
    const to = key();
    const tx = new Transaction({ feePayer: payer, ...(await connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports: LAMPORTS_PER_SOL / 2 }),
    );
    const unsigned = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
    const request = (network: string) => ({
      id: `send-${network.slice(-6)}-abcdef`,
      method: 'solana_signAndSendTransaction',
      params: [{ transaction: base64.encode(unsigned) }],
      chainNamespace: 'solana',
      caipNetworkId: network,
      rpcUrl: rpc.url,
    });

    // An RPC on another chain than the request's network: refused before any approval.
    await expect(handle(request('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).rejects.toMatchObject({ code: 4901 });
    expect(shown).toEqual([]);

    const { signature } = (await handle(request(caipNetworkId))) as { signature: string };
    expect(shown[0]?.details).toMatchObject({
      title: 'Send SOL',
      fields: [{ value: to.toBase58() }, { value: '0.5 SOL' }],
    });
    const status = (await connection.getSignatureStatuses([signature])).value[0];
    expect(status?.err).toBeNull();
    expect(await connection.getBalance(to, 'confirmed')).toBe(LAMPORTS_PER_SOL / 2);
  });
});

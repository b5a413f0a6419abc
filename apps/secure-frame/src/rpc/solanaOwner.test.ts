import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileRpc, type HostileRpc } from '@airlock/testing/hostile-rpc';
import { startSolanaRpc, type SolanaRpc } from '@airlock/solana-rpc';
import { base64 } from '@scure/base';
import { TOKEN_PROGRAM_ID, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { createApprovalQueue, type PendingApproval } from '../approval/queue.ts';
import { deriveWallet, generateEntropy } from '../keys/wallet.ts';
import { createRpcHandler } from './handler.ts';

// The receiver of an SPL transfer to a bare token account is the account's owner, read over RPC.
// A hostile page's RPC answers that every token account belongs to the attacker's wallet.
const NETWORK = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const ATTACKER = Keypair.generate().publicKey;

let local: SolanaRpc;
let hostile: HostileRpc;

beforeAll(async () => {
  local = await startSolanaRpc({ port: 0 });
  const data = new Uint8Array(165);
  data.set(ATTACKER.toBytes(), 32);
  hostile = await startHostileRpc(local.url, {
    getAccountInfo: () => ({
      context: { slot: 1 },
      value: {
        data: [base64.encode(data), 'base64'],
        executable: false,
        lamports: 2_039_280,
        owner: TOKEN_PROGRAM_ID.toBase58(),
        rentEpoch: 0,
        space: 165,
      },
    }),
  });
});

afterAll(async () => {
  await hostile?.stop();
  await local?.stop();
});

/** Asks `solana_signTransaction` of an SPL transfer to a bare token account; returns the approval shown. */
async function approvalOf(trustedRpcUrls: Record<string, string>) {
  const keys = deriveWallet(generateEntropy());
  const shown: PendingApproval[] = [];
  const approvals = createApprovalQueue((pending) => {
    const first = pending[0];
    if (first && !shown.includes(first)) {
      shown.push(first);
      queueMicrotask(() => approvals.decide(first.id, false));
    }
  });
  const handle = createRpcHandler({
    keys: () => keys,
    dappOrigin: () => 'https://app.example.com',
    approvals,
    trustedRpcUrls,
  });
  const payer = new PublicKey(keys.solana.address);
  const mint = Keypair.generate().publicKey;
  const destination = Keypair.generate().publicKey;
  const tx = new Transaction({ feePayer: payer, recentBlockhash: '11111111111111111111111111111111' }).add(
    createTransferCheckedInstruction(getAssociatedTokenAddressSync(mint, payer), mint, destination, payer, 7n, 0),
  );
  const transaction = base64.encode(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
  await expect(
    handle({
      id: `owner-${Math.random().toString(36).slice(2)}`,
      method: 'solana_signTransaction',
      params: [{ transaction }],
      chainNamespace: 'solana',
      caipNetworkId: NETWORK,
      rpcUrl: hostile.url,
    }),
  ).rejects.toMatchObject({ code: 4001 });
  return { details: shown[0]!.details, destination: destination.toBase58() };
}

describe('a Solana receiver’s owner on the approval', () => {
  it('is read from the deployment’s RPC: the page’s RPC cannot name the receiver', async () => {
    hostile.calls.length = 0;
    const { details, destination } = await approvalOf({ [NETWORK]: local.url });
    expect(hostile.calls).toEqual([]);
    expect(details.fields[0]).toEqual({ label: 'To token account', value: destination });
    expect(JSON.stringify(details)).not.toContain(ATTACKER.toBase58());
  });

  it('from the page’s RPC alone, comes with a warning that the app’s RPC named it', async () => {
    const { details, destination } = await approvalOf({});
    expect(details.fields[0]).toEqual({ label: 'To', value: ATTACKER.toBase58() });
    expect(details.warning).toMatch(/looked up by the app’s RPC, not verified/);
    expect(details.warning).toContain(destination);
  });
});

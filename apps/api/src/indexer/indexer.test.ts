import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createChains, type Chain } from '../chains.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { blocks, indexerCursors, transfers } from '../db/schema.ts';
import { DEV_KEYS, startAnvil, type Anvil } from '@airlock/testing';
import { deploy, ERC20, ERC721 } from '../test/contracts.ts';
import { createIndexer } from './indexer.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';

/** The chain indexer against a real anvil and an in-memory PGlite. */

const [alice, bob, carol] = DEV_KEYS.map((k) => privateKeyToAccount(k).address.toLowerCase());
let anvil: Anvil;
let database: Database;
let chains: Map<string, Chain>;
const logs: string[] = [];
const newIndexer = () => createIndexer({ db: database.db, chains, log: (m) => logs.push(m) });

const transfersOf = (txHash: string) =>
  database.db
    .select()
    .from(transfers)
    .where(and(eq(transfers.caipNetworkId, anvil.caipNetworkId), eq(transfers.txHash, txHash)));

async function send(to: string, ether: string): Promise<`0x${string}`> {
  const wallet = anvil.wallet(0);
  const hash = await wallet.sendTransaction({ to: to as `0x${string}`, value: parseEther(ether) });
  await wallet.waitForTransactionReceipt({ hash });
  return hash;
}

beforeAll(async () => {
  [anvil, database] = await Promise.all([startAnvil(31337), testDatabase().then(openDatabase)]);
  chains = createChains([{ caipNetworkId: anvil.caipNetworkId, rpcUrl: anvil.rpcUrl, startBlock: 0 }]);
}, 60_000);

afterAll(async () => {
  await Promise.all([anvil?.stop(), database?.close()]);
  await dropTestDatabases();
});

describe('chain indexer', () => {
  let erc20: `0x${string}`;
  let erc721: `0x${string}`;
  const hashes: Record<string, `0x${string}`> = {};

  it('records native, ERC-20 and ERC-721 transfers with block number and hash', async () => {
    erc20 = await deploy(anvil, ERC20, ['Dev Token', 'DEV']);
    erc721 = await deploy(anvil, ERC721, ['Dev Art', 'ART', 'https://nft.invalid/']);
    const w = anvil.wallet(0);
    const write = async (p: Promise<`0x${string}`>) => {
      const hash = await p;
      await w.waitForTransactionReceipt({ hash });
      return hash;
    };
    hashes.mint20 = await write(
      w.writeContract({ address: erc20, abi: ERC20.abi, functionName: 'mint', args: [alice, parseEther('100')] }),
    );
    hashes.move20 = await write(
      w.writeContract({ address: erc20, abi: ERC20.abi, functionName: 'transfer', args: [bob, parseEther('25')] }),
    );
    hashes.mint721 = await write(
      w.writeContract({ address: erc721, abi: ERC721.abi, functionName: 'mint', args: [bob] }),
    );
    hashes.native = await send(bob!, '1.5');

    await newIndexer().sync();

    expect(await transfersOf(hashes.native)).toMatchObject([
      {
        kind: 'native',
        tokenAddress: null,
        fromAddress: alice,
        toAddress: bob,
        amount: parseEther('1.5').toString(),
        logIndex: -1,
      },
    ]);
    expect(await transfersOf(hashes.mint20)).toMatchObject([
      {
        kind: 'erc20',
        tokenAddress: erc20.toLowerCase(),
        fromAddress: '0x0000000000000000000000000000000000000000',
        toAddress: alice,
        amount: parseEther('100').toString(),
      },
    ]);
    expect(await transfersOf(hashes.move20)).toMatchObject([
      { kind: 'erc20', fromAddress: alice, toAddress: bob, amount: parseEther('25').toString() },
    ]);
    const [nft] = await transfersOf(hashes.mint721);
    expect(nft).toMatchObject({
      kind: 'erc721',
      tokenAddress: erc721.toLowerCase(),
      toAddress: bob,
      amount: '1',
      tokenId: '0',
    });

    const receipt = await anvil.test.getTransactionReceipt({ hash: hashes.native });
    const [native] = await transfersOf(hashes.native);
    expect(native).toMatchObject({ blockNumber: Number(receipt.blockNumber), blockHash: receipt.blockHash });
  });

  it('resumes from its stored cursor after a restart, without re-reading or duplicating', async () => {
    const first = newIndexer();
    await first.sync();
    await first.stop();
    const before = await database.db.select().from(transfers);
    // Remove an old row by hand: an indexer that restarted from block 0 would bring it back.
    await database.db.delete(transfers).where(eq(transfers.txHash, hashes.mint20!));

    const later = await send(carol!, '0.25');
    const restarted = newIndexer();
    await restarted.sync();
    await restarted.sync();

    const after = await database.db.select().from(transfers);
    expect(after).toHaveLength(before.length - 1 + 1);
    expect(await transfersOf(hashes.mint20!)).toEqual([]);
    expect(await transfersOf(later)).toHaveLength(1);
    const keys = after.map((t) => `${t.txHash}:${t.logIndex}`);
    expect(new Set(keys).size).toBe(keys.length);
    const [cursor] = await database.db.select().from(indexerCursors);
    expect(cursor?.blockNumber).toBe(Number(await anvil.test.getBlockNumber({ cacheTime: 0 })));
  });

  it('rewinds blocks replaced by a reorg (evm_snapshot / evm_revert, then new blocks) and indexes the new ones', async () => {
    const snapshot = await anvil.test.snapshot();
    const orphanA = await send(carol!, '2');
    const orphanB = await send(carol!, '3');
    const indexer = newIndexer();
    await indexer.sync();
    expect(await transfersOf(orphanA)).toHaveLength(1);
    expect(await transfersOf(orphanB)).toHaveLength(1);

    await anvil.test.revert({ id: snapshot });
    // Case 1: the new chain is shorter than what we stored (one block instead of two).
    const replacement = await send(bob!, '4');
    await indexer.sync();
    expect(await transfersOf(orphanA)).toEqual([]);
    expect(await transfersOf(orphanB)).toEqual([]);
    expect(await transfersOf(replacement)).toHaveLength(1);

    // Case 2: same height, different block: revert and mine the same number of blocks again.
    const snapshot2 = await anvil.test.snapshot();
    const orphanC = await send(carol!, '5');
    await indexer.sync();
    await anvil.test.revert({ id: snapshot2 });
    const replacement2 = await send(carol!, '6');
    await anvil.test.mine({ blocks: 2 });
    await indexer.sync();
    expect(await transfersOf(orphanC)).toEqual([]);
    expect(await transfersOf(replacement2)).toHaveLength(1);

    // Every stored block matches the chain again.
    const stored = await database.db.select().from(blocks).where(eq(blocks.caipNetworkId, anvil.caipNetworkId));
    for (const b of stored.slice(-6)) {
      const onChain = await anvil.test.getBlock({ blockNumber: BigInt(b.number) });
      expect(b.hash).toBe(onChain.hash);
    }
    expect(logs.some((m) => m.includes('rewinding'))).toBe(true);
  });
});

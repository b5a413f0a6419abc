import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blocks, indexerCursors, tokens, transactions, transfers } from '../db/schema.ts';
import type { Chain } from '../chains.ts';
import { placeholderSvg, putImageIfMissing } from '../images.ts';
import { readBlockRecords, type BlockRecords } from './records.ts';
import { readTokenMetadata } from './tokenMetadata.ts';
import type { IndexerLease } from './lease.ts';

/**
 * Chain indexer: follows each configured EVM chain block by block
 * and records native transfers, ERC-20 and ERC-721 Transfer logs with their
 * block number and hash. The last indexed block is stored per chain
 * (`indexer_cursors`), so a restart resumes there; rows are keyed by
 * (chain, tx hash, log index), so a block written twice never duplicates.
 *
 * Reorgs: before indexing block N the stored hash of N-1 is compared with the
 * chain's `parentHash` of N; on every pass the cursor block is also compared
 * with the chain's block at that height, and a cursor above the chain head is
 * pulled down. On a mismatch the stored block is deleted (with its
 * transactions and transfers) and the check repeats one block lower until the
 * stored chain matches again; indexing then continues from there.
 */

/** Indexer options. */
export type IndexerOptions = {
  db: Db;
  chains: Map<string, Chain>;
  /** Poll interval in ms for {@link Indexer.start}; default 1000. */
  pollIntervalMs?: number;
  /** Blocks indexed per chain per pass before yielding; default 200. */
  maxBlocksPerPass?: number;
  /** Log sink, default `console.log`. */
  log?: (message: string) => void;
  /**
   * With several API instances over one database: the lease that lets one instance at a time index
   * a chain (a chain leased by another instance is skipped). Default none: this indexer indexes every chain.
   */
  lease?: IndexerLease;
  /** Clock of the lease in ms since the epoch, default `Date.now`. */
  now?: () => number;
};

/** A running (or stopped) indexer. */
export type Indexer = {
  /** Indexes every chain up to its current head, serialised with other calls. @throws the first RPC or database error. */
  sync: () => Promise<void>;
  /** Starts polling (`sync` every `pollIntervalMs`; errors are logged, polling continues). */
  start: () => void;
  /** Stops polling and waits for the pass in progress. */
  stop: () => Promise<void>;
};

type Cursor = { blockNumber: number; blockHash: string };

/** Creates an indexer; call `start()` to poll or `sync()` to index once. */
export function createIndexer(options: IndexerOptions): Indexer {
  const { db, chains } = options;
  const log = options.log ?? ((m: string) => console.log(m));
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const maxBlocksPerPass = options.maxBlocksPerPass ?? 200;
  const knownTokens = new Set<string>();
  let running: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;
  let halting = false;

  const readCursor = async (caipNetworkId: string): Promise<Cursor | undefined> => {
    const [row] = await db.select().from(indexerCursors).where(eq(indexerCursors.caipNetworkId, caipNetworkId));
    return row ? { blockNumber: row.blockNumber, blockHash: row.blockHash } : undefined;
  };

  /** Deletes everything above block `keep` and moves the cursor to the stored block `keep` (or clears it). */
  const rewindTo = async (caipNetworkId: string, keep: number): Promise<Cursor | undefined> => {
    return db.transaction(async (tx) => {
      await tx
        .delete(transfers)
        .where(and(eq(transfers.caipNetworkId, caipNetworkId), gt(transfers.blockNumber, keep)));
      await tx
        .delete(transactions)
        .where(and(eq(transactions.caipNetworkId, caipNetworkId), gt(transactions.blockNumber, keep)));
      await tx.delete(blocks).where(and(eq(blocks.caipNetworkId, caipNetworkId), gt(blocks.number, keep)));
      const [kept] = await tx
        .select()
        .from(blocks)
        .where(and(eq(blocks.caipNetworkId, caipNetworkId), eq(blocks.number, keep)));
      if (!kept) {
        await tx.delete(indexerCursors).where(eq(indexerCursors.caipNetworkId, caipNetworkId));
        return undefined;
      }
      await tx
        .update(indexerCursors)
        .set({ blockNumber: kept.number, blockHash: kept.hash, updatedAt: new Date() })
        .where(eq(indexerCursors.caipNetworkId, caipNetworkId));
      return { blockNumber: kept.number, blockHash: kept.hash };
    });
  };

  const ensureTokens = async (chain: Chain, records: BlockRecords) => {
    for (const t of records.transfers) {
      if (!t.tokenAddress || t.kind === 'native') continue;
      const key = `${chain.caipNetworkId}:${t.tokenAddress}`;
      if (knownTokens.has(key)) continue;
      const [row] = await db
        .select({ symbol: tokens.symbol })
        .from(tokens)
        .where(and(eq(tokens.caipNetworkId, chain.caipNetworkId), eq(tokens.address, t.tokenAddress)));
      if (!row) {
        const meta = await readTokenMetadata(chain.client, t.tokenAddress as `0x${string}`, t.kind);
        await db
          .insert(tokens)
          .values({ caipNetworkId: chain.caipNetworkId, address: t.tokenAddress, ...meta })
          .onConflictDoNothing();
        await putImageIfMissing(db, 'token', meta.symbol, placeholderSvg(meta.symbol));
        log(`[indexer] ${chain.caipNetworkId}: new ${meta.standard} token ${meta.symbol} at ${t.tokenAddress}`);
      }
      knownTokens.add(key);
    }
  };

  const write = async (caipNetworkId: string, records: BlockRecords) => {
    const { block } = records;
    await db.transaction(async (tx) => {
      await tx
        .insert(blocks)
        .values({ caipNetworkId, ...block })
        .onConflictDoNothing();
      if (records.transactions.length) {
        await tx
          .insert(transactions)
          .values(
            records.transactions.map((t) => ({
              caipNetworkId,
              blockNumber: block.number,
              blockHash: block.hash,
              ...t,
            })),
          )
          .onConflictDoNothing();
      }
      if (records.transfers.length) {
        await tx
          .insert(transfers)
          .values(
            records.transfers.map((t) => ({ caipNetworkId, blockNumber: block.number, blockHash: block.hash, ...t })),
          )
          .onConflictDoNothing();
      }
      await tx
        .insert(indexerCursors)
        .values({ caipNetworkId, blockNumber: block.number, blockHash: block.hash })
        .onConflictDoUpdate({
          target: indexerCursors.caipNetworkId,
          set: { blockNumber: block.number, blockHash: block.hash, updatedAt: new Date() },
        });
    });
  };

  /** One pass over a chain; @returns whether it reached the head. */
  const syncChain = async (chain: Chain): Promise<boolean> => {
    const id = chain.caipNetworkId;
    const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }));
    let cursor = await readCursor(id);
    while (cursor) {
      if (cursor.blockNumber > head) {
        log(`[indexer] ${id}: stored block ${cursor.blockNumber} is above head ${head}, rewinding`);
        cursor = await rewindTo(id, head);
        continue;
      }
      const canonical = await chain.client.getBlock({ blockNumber: BigInt(cursor.blockNumber) });
      if (canonical.hash === cursor.blockHash) break;
      log(`[indexer] ${id}: reorg at block ${cursor.blockNumber}, rewinding`);
      cursor = await rewindTo(id, cursor.blockNumber - 1);
    }
    // `startBlock: 'latest'`: a chain indexed for the first time starts at its head (balances come from the
    // token lists, history from the chain's history provider, so nothing needs the past).
    const start = chain.startBlock === 'latest' ? head : chain.startBlock;
    let next = cursor ? cursor.blockNumber + 1 : start;
    let done = 0;
    while (next <= head && done < maxBlocksPerPass) {
      const records = await readBlockRecords(chain.client, next);
      if (cursor && records.block.parentHash !== cursor.blockHash) {
        log(`[indexer] ${id}: reorg before block ${next} (parent hash mismatch), rewinding`);
        cursor = await rewindTo(id, cursor.blockNumber - 1);
        next = cursor ? cursor.blockNumber + 1 : start;
        continue;
      }
      await ensureTokens(chain, records);
      await write(id, records);
      cursor = { blockNumber: records.block.number, blockHash: records.block.hash };
      next += 1;
      done += 1;
    }
    return next > head;
  };

  const now = options.now ?? Date.now;
  /** Whether this instance may index `chain` now (takes or renews its lease). */
  const mine = (chain: Chain) => !options.lease || options.lease.acquire(chain.caipNetworkId, now());

  const syncAll = async () => {
    for (const chain of chains.values()) {
      while ((await mine(chain)) && !(await syncChain(chain)) && !halting) {
        // keep going until the head (renewing the lease at each pass); stop() interrupts a long catch-up
      }
    }
  };

  const sync = () => {
    halting = false;
    const pass = running.then(syncAll, syncAll);
    running = pass.catch(() => undefined);
    return pass;
  };

  const tick = async () => {
    try {
      await sync();
    } catch (error) {
      log(`[indexer] pass failed: ${(error as Error).message.split('\n')[0]}`);
    }
    if (!stopped) timer = setTimeout(() => void tick(), pollIntervalMs);
  };

  return {
    sync,
    start: () => {
      if (!stopped) return;
      stopped = false;
      halting = false;
      void tick();
    },
    stop: async () => {
      stopped = true;
      halting = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      await options.lease?.release().catch(() => undefined);
    },
  };
}

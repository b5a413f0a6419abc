import type { Hex, PublicClient } from 'viem';
import { ENTRY_POINTS, userOperationValues } from './userOperations.ts';

/**
 * Reads one block over JSON-RPC and turns it into rows: native transfers
 * (transactions with value > 0; status from the receipt) and Transfer logs
 * (ERC-20: 3 topics, amount in data; ERC-721: 4 topics, token id in topic 3), and the values ERC-4337
 * smart accounts sent inside a bundle (userOperations.ts).
 * Addresses lowercase; amounts decimal strings in base units.
 */

/** keccak256('Transfer(address,address,uint256)'), topic 0 of ERC-20 and ERC-721 Transfer. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** A block header row. `timestamp` in seconds. */
export type BlockRow = { number: number; hash: string; parentHash: string; timestamp: number };
/** A transaction row (only transactions that carry a transfer). `minedAt` in seconds. */
export type TransactionRow = {
  hash: string;
  txIndex: number;
  fromAddress: string;
  toAddress: string | null;
  nonce: number;
  status: 'confirmed' | 'failed';
  minedAt: number;
};
/** A transfer row; `logIndex` -1 for the native value of a transaction. */
export type TransferRow = {
  txHash: string;
  logIndex: number;
  kind: 'native' | 'erc20' | 'erc721';
  tokenAddress: string | null;
  fromAddress: string;
  toAddress: string;
  amount: string;
  tokenId: string | null;
};
/** Everything recorded for one block. */
export type BlockRecords = { block: BlockRow; transactions: TransactionRow[]; transfers: TransferRow[] };

const topicToAddress = (topic: Hex): string => `0x${topic.slice(26)}`.toLowerCase();

/**
 * Fetches block `number` with its transactions, its logs, and receipts of the
 * value-carrying transactions.
 * @throws the viem error when the node fails or the block does not exist.
 */
export async function readBlockRecords(client: PublicClient, number: number): Promise<BlockRecords> {
  const block = await client.getBlock({ blockNumber: BigInt(number), includeTransactions: true });
  const logs = await client.getLogs({ blockHash: block.hash! });
  const timestamp = Number(block.timestamp);
  const txByHash = new Map(block.transactions.map((tx) => [tx.hash, tx]));
  const transactions = new Map<string, TransactionRow>();
  const transfers: TransferRow[] = [];

  const addTransaction = (hash: Hex, status: 'confirmed' | 'failed', to: string | null) => {
    const tx = txByHash.get(hash);
    if (!tx || transactions.has(hash)) return;
    transactions.set(hash, {
      hash,
      txIndex: tx.transactionIndex ?? 0,
      fromAddress: tx.from.toLowerCase(),
      toAddress: to,
      nonce: tx.nonce,
      status,
      minedAt: timestamp,
    });
  };

  for (const tx of block.transactions) {
    if (tx.value === 0n) continue;
    const receipt = await client.getTransactionReceipt({ hash: tx.hash });
    const status = receipt.status === 'success' ? 'confirmed' : 'failed';
    const to = (tx.to ?? receipt.contractAddress ?? null)?.toLowerCase() ?? null;
    addTransaction(tx.hash, status, to);
    if (status === 'confirmed' && to) {
      transfers.push({
        txHash: tx.hash,
        logIndex: -1,
        kind: 'native',
        tokenAddress: null,
        fromAddress: tx.from.toLowerCase(),
        toAddress: to,
        amount: tx.value.toString(),
        tokenId: null,
      });
    }
  }

  for (const log of logs) {
    const topics = log.topics;
    if (topics[0] !== TRANSFER_TOPIC || !log.transactionHash || log.logIndex === null) continue;
    const isErc721 = topics.length === 4;
    if (topics.length !== 3 && !isErc721) continue;
    const tx = txByHash.get(log.transactionHash);
    addTransaction(log.transactionHash, 'confirmed', tx?.to?.toLowerCase() ?? null);
    let amount: string;
    try {
      amount = isErc721 ? '1' : BigInt(log.data === '0x' ? 0 : log.data).toString();
    } catch {
      continue; // not a standard Transfer payload
    }
    transfers.push({
      txHash: log.transactionHash,
      logIndex: log.logIndex,
      kind: isErc721 ? 'erc721' : 'erc20',
      tokenAddress: log.address.toLowerCase(),
      fromAddress: topicToAddress(topics[1]!),
      toAddress: topicToAddress(topics[2]!),
      amount,
      tokenId: isErc721 ? BigInt(topics[3]!).toString() : null,
    });
  }

  // ERC-4337 bundles: the values the accounts sent in inner calls (userOperations.ts), one row per bundle
  // transaction with the operation's Transfer logs; log indexes below -1 (a transaction's own value), in call
  // order: -1 - n … -2 for n values.
  for (const tx of block.transactions) {
    if (!tx.to || !ENTRY_POINTS.has(tx.to.toLowerCase())) continue;
    const values = userOperationValues(
      tx.input,
      logs.filter((log) => log.transactionHash === tx.hash),
    );
    if (values.length === 0) continue;
    addTransaction(tx.hash, 'confirmed', tx.to.toLowerCase());
    values.forEach((sent, i) => {
      transfers.push({
        txHash: tx.hash,
        logIndex: -1 - values.length + i,
        kind: 'native',
        tokenAddress: null,
        fromAddress: sent.sender,
        toAddress: sent.to,
        amount: sent.value.toString(),
        tokenId: null,
      });
    });
  }

  return {
    block: { number, hash: block.hash!, parentHash: block.parentHash, timestamp },
    transactions: [...transactions.values()],
    transfers,
  };
}

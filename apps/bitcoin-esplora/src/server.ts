import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isBip122Address, BIP122_REGTEST_CAIP_NETWORK_ID } from '@airlock/protocol/bip122';
import { standInCors } from '@airlock/testing/stand-in';
import { type Chain, createChain, RejectError } from './chain.ts';
import {
  DEFAULT_DEV_ACCOUNT_COUNT,
  DEFAULT_DEV_SEED,
  DEV_ORDINALS_OUTPUTS,
  DEV_PAYMENT_OUTPUTS,
  type DevBitcoinAccount,
  deriveDevAccounts,
} from './devAccounts.ts';
import { addressJson, addressTxs, txJson, utxoJson } from './esplora.ts';

/** Largest `POST /tx` body accepted, bytes (hex of a 200 kB transaction). */
export const MAX_BODY_BYTES = 400_000;

/** Transactions per page of `/address/:a/txs/chain` (Esplora's page size). */
const PAGE = 25;

/** Options of {@link startBitcoinEsplora}. */
export interface BitcoinEsploraOptions {
  /** HTTP port; default 3002. `0` picks a free one. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seed of the dev keys; default {@link DEFAULT_DEV_SEED}. */
  seed?: string;
  /** Number of funded dev accounts; default 4. */
  accounts?: number;
  /** A block is mined every `blockIntervalMs` (mempool or not); default 5,000. `0`: only on `POST /regtest/mine`. */
  blockIntervalMs?: number;
}

/** A running stand-in. */
export interface BitcoinEsplora {
  /** Base URL of the Esplora API, e.g. `http://127.0.0.1:3002` (no `/api` suffix). */
  url: string;
  /** The funded dev accounts, in derivation order. */
  devAccounts: DevBitcoinAccount[];
  /** The chain itself, for tests in this process. */
  chain: Chain;
  /** Stops the block timer and the server. */
  stop(): Promise<void>;
}

const cors = standInCors('GET, POST, OPTIONS');

type Reply = { status: number; body: string | object };
const text = (body: string, status = 200): Reply => ({ status, body });
const json = (body: object): Reply => ({ status: 200, body });
const notFound = (what: string): Reply => text(what, 404);

const TXID = /^[0-9a-f]{64}$/;

/**
 * The fixed fee estimates (sat/vB by confirmation target in blocks, fractional as Esplora answers
 * them): a busy-looking table, so the three speeds a wallet offers differ (6 blocks 2, 3 blocks 3,
 * next block 4.2). The stand-in mines whatever pays 1 sat/vB or more.
 */
export const FEE_ESTIMATES: Readonly<Record<string, number>> = { 1: 4.2, 2: 3.5, 3: 3, 6: 2, 12: 1.5, 25: 1, 144: 1 };

/** The GET routes of the Esplora API the stand-in serves. */
const get = (chain: Chain, path: string): Reply => {
  const parts = path.split('/').filter(Boolean);
  const [head, id, sub, more, last] = parts;
  if (path === '/blocks/tip/height') return text(String(chain.tip().height));
  if (path === '/blocks/tip/hash') return text(chain.tip().hash);
  if (path === '/fee-estimates') return json(FEE_ESTIMATES);
  if (path === '/health') return text('ok');
  if (head === 'block-height' && id && !sub) {
    const block = chain.blocks[Number(id)];
    return /^\d+$/.test(id) && block ? text(block.hash) : notFound('Block not found');
  }
  if (head === 'block' && id) {
    const block = chain.blocks.find((b) => b.hash === id);
    if (!block) return notFound('Block not found');
    if (sub === 'txids') return json(block.txids);
    if (sub) return notFound('Not found');
    return json({
      id: block.hash,
      height: block.height,
      timestamp: block.time,
      tx_count: block.txids.length,
      previousblockhash: block.previous ?? null,
    });
  }
  if (head === 'tx' && id) {
    const t = TXID.test(id) ? chain.txs.get(id) : undefined;
    if (!t) return notFound('Transaction not found');
    if (!sub) return json(txJson(t));
    if (sub === 'hex') return text(Buffer.from(t.raw).toString('hex'));
    if (sub === 'status') return json(t.status);
    if (sub === 'outspends')
      return json(t.outputs.map((o) => (o.spentBy ? { spent: true, ...o.spentBy } : { spent: false })));
    return notFound('Not found');
  }
  if (head === 'address' && id) {
    if (!isBip122Address(id, BIP122_REGTEST_CAIP_NETWORK_ID)) return text('Invalid Bitcoin address', 400);
    if (!sub) return json(addressJson(chain, id));
    if (sub === 'utxo') return json(utxoJson(chain, id));
    if (sub === 'txs') {
      const list = addressTxs(chain, id);
      if (!more)
        return json(
          [
            ...list.filter((t) => !t.status.confirmed).slice(0, 50),
            ...list.filter((t) => t.status.confirmed).slice(0, PAGE),
          ].map(txJson),
        );
      if (more === 'mempool')
        return json(
          list
            .filter((t) => !t.status.confirmed)
            .slice(0, 50)
            .map(txJson),
        );
      if (more === 'chain') {
        const confirmed = list.filter((t) => t.status.confirmed);
        const from = last ? confirmed.findIndex((t) => t.txid === last) + 1 : 0;
        if (last && from === 0) return text('Transaction not found', 400);
        return json(confirmed.slice(from, from + PAGE).map(txJson));
      }
    }
  }
  return notFound('Not found');
};

const readBody = (req: IncomingMessage): Promise<string | undefined> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return resolve(undefined);
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/**
 * POST routes: `/tx` (Esplora: the raw transaction as hex text → its txid; a refusal answers
 * 400 with `sendrawtransaction RPC error: {"code":…,"message":…}` like Esplora relaying Bitcoin
 * Core), and the stand-in's own `/regtest/mine` (→ the new block) and `/regtest/fund`
 * (`{ address, amount }` in satoshis, at most 1 BTC → the funding txid).
 */
const post = async (chain: Chain, path: string, body: string): Promise<Reply> => {
  if (path === '/tx') {
    try {
      return text(chain.accept(body));
    } catch (error) {
      if (!(error instanceof RejectError)) throw error;
      return text(`sendrawtransaction RPC error: ${JSON.stringify({ code: error.code, message: error.message })}`, 400);
    }
  }
  if (path === '/regtest/mine') {
    const block = chain.mine();
    return json({ hash: block.hash, height: block.height, txids: block.txids });
  }
  if (path === '/regtest/fund') {
    let input: { address?: unknown; amount?: unknown };
    try {
      input = JSON.parse(body);
    } catch {
      return text('Expected JSON { address, amount }', 400);
    }
    const { address, amount } = input;
    if (!isBip122Address(address, BIP122_REGTEST_CAIP_NETWORK_ID)) return text('Invalid Bitcoin address', 400);
    if (!Number.isSafeInteger(amount) || (amount as number) < 546 || (amount as number) > 100_000_000)
      return text('amount must be an integer number of satoshis from 546 to 100000000', 400);
    return json({ txid: chain.fund([{ address: address as string, amount: BigInt(amount as number) }]) });
  }
  return notFound('Not found');
};

const handle = (chain: Chain) => async (req: IncomingMessage, res: ServerResponse) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api(?=\/)/, '');
  let reply: Reply;
  try {
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    if (req.method === 'GET') reply = get(chain, path);
    else if (req.method === 'POST') {
      const body = await readBody(req);
      reply = body === undefined ? text('Request body too large', 413) : await post(chain, path, body);
    } else reply = text('Method not allowed', 405);
  } catch (error) {
    reply = text(`Internal error: ${(error as Error).message}`, 500);
  }
  const isText = typeof reply.body === 'string';
  res
    .writeHead(reply.status, { ...cors, 'content-type': isText ? 'text/plain' : 'application/json' })
    .end(isText ? reply.body : JSON.stringify(reply.body));
};

const listen = (server: Server, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

/**
 * Starts the regtest stand-in: the chain with block 1 paying every dev account
 * ({@link DEV_PAYMENT_OUTPUTS} to its payment address, {@link DEV_ORDINALS_OUTPUTS} to its
 * ordinals address), a block every `blockIntervalMs`, and the Esplora HTTP API (paths with or
 * without an `/api` prefix). CORS is open to any origin.
 * @throws Error when the port is taken
 */
export async function startBitcoinEsplora(options: BitcoinEsploraOptions = {}): Promise<BitcoinEsplora> {
  const chain = createChain();
  const devAccounts = deriveDevAccounts(
    options.accounts ?? DEFAULT_DEV_ACCOUNT_COUNT,
    options.seed ?? DEFAULT_DEV_SEED,
  );
  chain.fund(
    devAccounts.flatMap((a) => [
      ...DEV_PAYMENT_OUTPUTS.map((amount) => ({ address: a.payment.address, amount })),
      ...DEV_ORDINALS_OUTPUTS.map((amount) => ({ address: a.ordinals.address, amount })),
    ]),
  );
  chain.mine();
  const server = createServer(handle(chain));
  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, options.port ?? 3002, host);
  const interval = options.blockIntervalMs ?? 5000;
  const timer = interval > 0 ? setInterval(() => chain.mine(), interval) : undefined;
  timer?.unref();
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    devAccounts,
    chain,
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

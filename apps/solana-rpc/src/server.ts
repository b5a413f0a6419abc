import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Keypair, PublicKey } from '@solana/web3.js';
import { encodeBase58 } from './base58.ts';
import { type Chain, createChain } from './chain.ts';
import {
  DEFAULT_DEV_ACCOUNT_COUNT,
  DEFAULT_DEV_SEED,
  deriveDevKeypairs,
  deriveDevMintKeypair,
  deriveFaucetKeypair,
} from './devAccounts.ts';
import { createGenesis } from './genesis.ts';
import { handleBody } from './jsonRpc.ts';
import { METHODS, type MethodContext } from './methods/index.ts';
import { createSubscriptionServer } from './subscriptions.ts';

/** Largest HTTP body accepted, bytes (a batch of 100 maximum-size transactions fits). */
export const MAX_BODY_BYTES = 512 * 1024;

/** Options of {@link startSolanaRpc}. */
export interface SolanaRpcOptions {
  /** HTTP port; default 8899. `0` picks a free pair of consecutive ports (HTTP, WebSocket). */
  port?: number;
  /** WebSocket port; default `port + 1`, where `@solana/web3.js` looks for it (the HTTP port accepts upgrades too). */
  wsPort?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seed of the dev keys (see `deriveKeypair`); default {@link DEFAULT_DEV_SEED}. */
  seed?: string;
  /** Number of funded dev accounts; default 10. */
  accounts?: number;
  /** Transactions kept for `getTransaction` / `getSignaturesForAddress`; default 50,000. */
  historyCapacity?: number;
}

/** A running local Solana RPC. */
export interface SolanaRpc {
  /** HTTP JSON-RPC URL, e.g. `http://127.0.0.1:8899`. */
  url: string;
  /** WebSocket URL, e.g. `ws://127.0.0.1:8900`. */
  wsUrl: string;
  /** The funded dev accounts (1,000 SOL and 1,000,000 DEV each), in derivation order. */
  devKeypairs: Keypair[];
  /** The DEV SPL mint (6 decimals, SPL Token program). */
  devMint: PublicKey;
  /** The faucet: pays airdrops, DEV mint authority. */
  faucet: Keypair;
  /** base58 genesis hash (derived from the seed). */
  genesisHash: string;
  /** The chain itself, for tests and tools in this process. */
  chain: Chain;
  /** Closes the sockets and both listeners; resolves when they are closed. */
  stop(): Promise<void>;
}

const corsHeaders = (req: IncomingMessage): Record<string, string> => ({
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': (req.headers['access-control-request-headers'] ?? 'content-type').replace(
    /[^\w, -]/g,
    '',
  ),
  'access-control-max-age': '600',
});

const handleHttp = (ctx: MethodContext) => (req: IncomingMessage, res: ServerResponse) => {
  const cors = corsHeaders(req);
  if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
  if (req.method === 'GET' && req.url === '/health')
    return void res.writeHead(200, { ...cors, 'content-type': 'text/plain' }).end('ok');
  if (req.method !== 'POST') return void res.writeHead(405, { ...cors, allow: 'POST, GET, OPTIONS' }).end();
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      res.writeHead(413, { ...cors, 'content-type': 'application/json', connection: 'close' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: `Invalid request: body over ${MAX_BODY_BYTES} bytes` },
        }),
      );
      req.destroy();
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (res.headersSent) return;
    const body = handleBody(Buffer.concat(chunks).toString('utf8'), METHODS, ctx);
    if (body === undefined) return void res.writeHead(204, cors).end();
    res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(body);
  });
  req.on('error', () => res.destroy());
};

const listen = (server: Server, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });

const closeServer = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** Listens on `port` and `wsPort` (or a free consecutive pair when `port` is 0). */
async function listenPair(
  http: Server,
  ws: Server,
  port: number,
  wsPort: number | undefined,
  host: string,
): Promise<[number, number]> {
  if (port !== 0) {
    const httpPort = await listen(http, port, host);
    return [httpPort, await listen(ws, wsPort ?? httpPort + 1, host)];
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    const httpPort = await listen(http, 0, host);
    if (wsPort !== undefined) return [httpPort, await listen(ws, wsPort, host)];
    if (httpPort < 65535) {
      try {
        return [httpPort, await listen(ws, httpPort + 1, host)];
      } catch {
        // port + 1 is taken: try another pair
      }
    }
    await closeServer(http);
  }
  throw new Error('solana-rpc: found no free pair of consecutive ports');
}

/**
 * Starts the local Solana JSON-RPC over litesvm: builds the chain and its start-up state (dev
 * accounts, faucet, DEV mint), then serves JSON-RPC over HTTP on `port` and the subscriptions
 * over WebSocket on `wsPort` (and on `port`).
 * @throws Error when a port is taken (`EADDRINUSE`) or start-up fails
 */
export async function startSolanaRpc(options: SolanaRpcOptions = {}): Promise<SolanaRpc> {
  const seed = options.seed ?? DEFAULT_DEV_SEED;
  const host = options.host ?? '127.0.0.1';
  const chain = createChain({ historyCapacity: options.historyCapacity });
  const faucet = deriveFaucetKeypair(seed);
  const devKeypairs = deriveDevKeypairs(seed, options.accounts ?? DEFAULT_DEV_ACCOUNT_COUNT);
  const genesis = createGenesis(chain, faucet, devKeypairs, deriveDevMintKeypair(seed));
  const genesisHash = encodeBase58(createHash('sha256').update(`${seed}/genesis`).digest());
  const ctx: MethodContext = { chain, faucet, genesisHash };

  const subscriptions = createSubscriptionServer(chain, ctx);
  const upgrade = (req: IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) =>
    subscriptions.wss.handleUpgrade(req, socket, head, (ws) => subscriptions.wss.emit('connection', ws, req));
  const http = createServer(handleHttp(ctx)).on('upgrade', upgrade);
  const ws = createServer(handleHttp(ctx)).on('upgrade', upgrade);
  let ports: [number, number];
  try {
    ports = await listenPair(http, ws, options.port ?? 8899, options.wsPort, host);
  } catch (error) {
    await Promise.all([closeServer(http), closeServer(ws), subscriptions.close()]);
    throw error;
  }
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${ports[0]}`,
    wsUrl: `ws://${urlHost}:${ports[1]}`,
    devKeypairs,
    devMint: genesis.devMint,
    faucet,
    genesisHash,
    chain,
    stop: async () => {
      await subscriptions.close();
      await Promise.all([closeServer(http), closeServer(ws)]);
    },
  };
}

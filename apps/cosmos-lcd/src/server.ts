import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COSMOS_LOCAL_CHAIN_ID } from '@airlock/protocol/cosmos';
import { standInCors } from '@airlock/testing/stand-in';
import type { AccountData } from '@cosmjs/proto-signing';
import { type CosmosChain, createChain } from './chain.ts';
import { DEFAULT_DEV_ACCOUNT_COUNT, DEV_BALANCE, devWallet } from './devAccounts.ts';
import { cometRpc } from './comet.ts';
import { lcdGet, lcdBroadcast } from './lcd.ts';

/** Largest request body accepted, bytes. */
export const MAX_BODY_BYTES = 200_000;

/** Options of {@link startCosmosLcd}. */
export interface CosmosLcdOptions {
  /** HTTP port; default 1317 (the LCD's usual port). `0` picks a free one. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Funded dev accounts; default 4. */
  accounts?: number;
}

/** A running stand-in. */
export interface CosmosLcd {
  /** Base URL: the LCD routes (`/cosmos/…`) and the CometBFT JSON-RPC (`POST /`), e.g. `http://127.0.0.1:1317`. */
  url: string;
  /** The funded dev accounts (1,000 STAKE each), in derivation order. */
  devAccounts: readonly AccountData[];
  /** The chain itself, for tests in this process. */
  chain: CosmosChain;
  /** Stops the server. */
  stop(): Promise<void>;
}

const cors = standInCors('GET, POST, OPTIONS');

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', ...cors });
  res.end(JSON.stringify(body));
};

/**
 * Starts the local Cosmos stand-in (chain `airlock-local-1`, `cosmos` addresses, `ustake`):
 * the Cosmos SDK REST (LCD) subset of `lcd.ts` and the CometBFT JSON-RPC subset of `comet.ts`
 * on one port, the dev accounts of {@link devWallet} funded with 1,000 STAKE each.
 */
export async function startCosmosLcd(options: CosmosLcdOptions = {}): Promise<CosmosLcd> {
  const chain = createChain({ chainId: COSMOS_LOCAL_CHAIN_ID, prefix: 'cosmos', denom: 'ustake' });
  const devAccounts = await (await devWallet(options.accounts ?? DEFAULT_DEV_ACCOUNT_COUNT)).getAccounts();
  for (const a of devAccounts) chain.fund(a.address, DEV_BALANCE);
  const server = createServer(async (req, res) => {
    try {
      if (req.method === 'OPTIONS') return send(res, 204, '');
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'GET') {
        const [status, body] = lcdGet(chain, url);
        return send(res, status, body);
      }
      if (req.method !== 'POST') return send(res, 405, { code: 12, message: 'method not allowed' });
      const text = await readBody(req);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return send(res, 400, { code: 3, message: 'invalid JSON body' });
      }
      if (url.pathname === '/cosmos/tx/v1beta1/txs') {
        const [status, out] = lcdBroadcast(chain, body);
        return send(res, status, out);
      }
      if (url.pathname === '/') return send(res, 200, cometRpc(chain, body));
      return send(res, 404, { code: 5, message: 'Not Implemented' });
    } catch (error) {
      send(res, 500, { code: 13, message: (error as Error).message });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 1317, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    devAccounts,
    chain,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

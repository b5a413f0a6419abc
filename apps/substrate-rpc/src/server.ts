import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { standInCors } from '@airlock/testing/stand-in';
import { type DevSubstrateAccount, devSubstrateAccounts } from './devAccounts.ts';
import { substrateRpc } from './rpc.ts';

/** Largest request body accepted, bytes. */
export const MAX_BODY_BYTES = 100_000;

/** Options of {@link startSubstrateRpc}. */
export interface SubstrateRpcOptions {
  /** HTTP port; default 9933 (a Substrate node's old HTTP RPC port). `0` picks a free one. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
}

/** A running stand-in. */
export interface SubstrateRpc {
  /** The JSON-RPC endpoint (HTTP POST), e.g. `http://127.0.0.1:9933`. */
  url: string;
  /** The seeded accounts (`//Alice` …). */
  devAccounts: readonly DevSubstrateAccount[];
  /** Stops the server. */
  stop(): Promise<void>;
}

const cors = standInCors('POST, OPTIONS');

/** Starts the Substrate JSON-RPC stand-in (see `rpc.ts` for the methods; README.md for what it is not). */
export async function startSubstrateRpc(options: SubstrateRpcOptions = {}): Promise<SubstrateRpc> {
  const devAccounts = await devSubstrateAccounts();
  const server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', ...cors });
      res.end(body === '' ? '' : JSON.stringify(body));
    };
    if (req.method === 'OPTIONS') return reply(204, '');
    if (req.method !== 'POST')
      return reply(405, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'POST only' } });
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES)
        return reply(413, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'too large' } });
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return reply(200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      }
      reply(200, Array.isArray(body) ? body.map((b) => substrateRpc(devAccounts, b)) : substrateRpc(devAccounts, body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 9933, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    devAccounts,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

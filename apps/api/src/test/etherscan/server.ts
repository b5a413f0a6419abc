import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test helper: a stand-in for a hosted explorer's Etherscan-v2 account API (see README.md beside it), serving the
 * recorded answers of `account.json`.
 */

type Entry = { blockNumber: string; transactionIndex: string } & Record<string, string>;
type Recorded = { chainid: string; address: string; txlist: Entry[]; tokentx: Entry[] };

/** The recorded account (chain 1, its address lowercase, its `txlist` and `tokentx` entries). */
export const RECORDED: Recorded = JSON.parse(readFileSync(new URL('./account.json', import.meta.url), 'utf8'));

/** How the stand-in answers: normally, like an explorer refusing (`NOTOK`), or with HTTP 502. */
export type StandInMode = 'ok' | 'notok' | 'http-error';

/** A running stand-in: its API URL, the query strings it got, a mode switch, `stop()`. */
export type EtherscanStandIn = {
  url: string;
  queries: URLSearchParams[];
  setMode: (mode: StandInMode) => void;
  stop: () => Promise<void>;
};

/** Starts the stand-in on 127.0.0.1 (a free port). */
export async function startEtherscanStandIn(): Promise<EtherscanStandIn> {
  const queries: URLSearchParams[] = [];
  let mode: StandInMode = 'ok';
  const server = createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://stand-in').searchParams;
    queries.push(q);
    const send = (body: unknown, status = 200) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (mode === 'http-error') return void res.writeHead(502).end('Bad Gateway');
    if (mode === 'notok')
      return send({ status: '0', message: 'NOTOK', result: 'Max calls per sec rate limit reached (5/sec)' });
    const action = q.get('action');
    if (q.get('module') !== 'account' || (action !== 'txlist' && action !== 'tokentx'))
      return send({ status: '0', message: 'NOTOK', result: 'Error! Missing Or invalid Module name' });
    const known = q.get('chainid') === RECORDED.chainid && q.get('address')?.toLowerCase() === RECORDED.address;
    const end = Number(q.get('endblock') ?? 99999999);
    const offset = Number(q.get('offset') ?? 10000);
    const rows = (known ? RECORDED[action] : [])
      .filter((e) => Number(e.blockNumber) <= end)
      .sort(
        (a, b) =>
          Number(b.blockNumber) - Number(a.blockNumber) || Number(b.transactionIndex) - Number(a.transactionIndex),
      )
      .slice(0, offset);
    if (!rows.length)
      return send({
        status: '0',
        message: action === 'txlist' ? 'No transactions found' : 'No token transfers found',
        result: [],
      });
    return send({ status: '1', message: 'OK', result: rows });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2/api`,
    queries,
    setMode: (value) => {
      mode = value;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

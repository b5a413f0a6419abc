// Provider-API part of `npm run bench`: API latency p50/p99 for the balance and
// history calls (and, on PGlite, the swap quote) under a bounded local load (autocannon, 10 connections, 10 s each), on
// embedded PGlite and on PostgreSQL (DATABASE_URL / AIRLOCK_TEST_DATABASE_URL, or a throwaway
// local cluster when Debian postgresql is installed; else 'skipped'), indexer throughput
// (blocks per second over anvil blocks that each carry a transfer), and a one-client flood:
// one IP floods a project with a copied Origin while another IP of the same project measures
// its own success rate and latency (default limits).

import { spawn, spawnSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFunctionData, parseAbi, parseUnits } from 'viem';
import { DEV_ACCOUNTS, DEV_TOKEN_ADDRESS, deployDevAssets, spawnApi, stopApi, waitForApi } from './api.mjs';
import { rpc } from './stack.mjs';

const requireFromApi = createRequire(join(import.meta.dirname, '../apps/api/package.json'));
const autocannon = requireFromApi('autocannon');
const pg = requireFromApi('pg');

const ANVIL_PORT = 28545;
const API_PORT = 28787;
const CHAIN = 'eip155:31337';
/** Blocks with a transfer mined before the indexer starts (half ERC-20, half native). */
const TRANSFER_BLOCKS = 200;
const LOAD_SECONDS = 10;
const CONNECTIONS = 10;

/** @param {number} ms */
const fmt = (ms) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;

/** Starts anvil (chain 31337) on the bench port and waits for it. */
async function startBenchAnvil() {
  const bin = join(import.meta.dirname, '../node_modules/.bin/anvil');
  const child = spawn(bin, ['--port', String(ANVIL_PORT), '--chain-id', '31337', '--host', '127.0.0.1', '--silent'], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${ANVIL_PORT}`;
  for (let i = 0; i < 200; i++) {
    if (
      await rpc(url, 'eth_chainId').then(
        () => true,
        () => false,
      )
    )
      return { child, url };
    await new Promise((done) => setTimeout(done, 50));
  }
  child.kill();
  throw new Error('anvil did not start');
}

/** Mines TRANSFER_BLOCKS blocks, each with one transfer from account 0 to account 1 (ERC-20 and native alternately). */
async function mineTransfers(url) {
  const [from, to] = DEV_ACCOUNTS;
  const abi = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);
  for (let i = 0; i < TRANSFER_BLOCKS; i++) {
    const tx =
      i % 2 === 0
        ? {
            from,
            to: DEV_TOKEN_ADDRESS,
            data: encodeFunctionData({ abi, functionName: 'transfer', args: [to, parseUnits('1', 18)] }),
          }
        : { from, to, value: '0x2386f26fc10000' };
    await rpc(url, 'eth_sendTransaction', [tx]);
  }
  return Number.parseInt(String(await rpc(url, 'eth_blockNumber')), 16);
}

/**
 * A throwaway PostgreSQL: the configured URL, or a local cluster (Debian postgresql) in a temp dir.
 * @returns {Promise<{ url: string, note: string, stop: () => void } | null>} null when none is available
 */
async function benchPostgres() {
  const configured = process.env.AIRLOCK_TEST_DATABASE_URL || process.env.DATABASE_URL;
  let adminUrl = configured;
  let stopCluster = () => {};
  let note = 'DATABASE_URL';
  if (!adminUrl) {
    const base = '/usr/lib/postgresql';
    const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(a) - Number(b)) : [];
    const bin = versions.length ? join(base, versions[versions.length - 1], 'bin') : null;
    if (!bin || !existsSync(join(bin, 'initdb'))) return null;
    const dir = mkdtempSync(join(tmpdir(), 'airlock-bench-pg-'));
    const root = process.getuid?.() === 0;
    if (root) spawnSync('chown', ['postgres', dir]);
    else chmodSync(dir, 0o700);
    const as = (/** @type {string[]} */ args) =>
      root
        ? spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' })
        : spawnSync(args[0], args.slice(1), { encoding: 'utf8' });
    const port = 55433;
    if (as([join(bin, 'initdb'), '-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres']).status !== 0) return null;
    const started = as([
      join(bin, 'pg_ctl'),
      '-D',
      join(dir, 'data'),
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
    if (started.status !== 0) return null;
    adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    note = `local PostgreSQL ${versions[versions.length - 1]}`;
    stopCluster = () => {
      as([join(bin, 'pg_ctl'), '-D', join(dir, 'data'), '-m', 'fast', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const name = `airlock_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    note,
    stop: async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin
        .connect()
        .then(() => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
        .catch(() => {});
      await admin.end().catch(() => {});
      stopCluster();
    },
  };
}

/** Runs autocannon against one URL; resolves with p50/p99 in ms and the request count. */
function load(url) {
  return new Promise((done, fail) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: LOAD_SECONDS },
      (/** @type {any} */ error, /** @type {any} */ result) => {
        if (error) fail(error);
        else
          done({
            p50: result.latency.p50,
            p99: result.latency.p99,
            requests: result.requests.total,
            non2xx: result.non2xx ?? 0,
          });
      },
    );
  });
}

/**
 * One storage backend: starts the API on the prepared anvil, measures indexing until the
 * head, then the latency of balance and history under load.
 * @param {Array<[string, string, string]>} rows
 * @param {string} label 'PGlite' or 'PostgreSQL'
 * @param {string} anvilUrl
 * @param {number} head
 * @param {string | undefined} databaseUrl
 */
async function benchBackend(rows, label, anvilUrl, head, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'airlock-bench-api-'));
  const api = spawnApi({
    port: API_PORT,
    chains: [{ caipNetworkId: CHAIN, rpcUrl: anvilUrl, startBlock: 0 }],
    dataDir,
    fresh: true,
    databaseUrl,
    pollMs: 50,
    quiet: true,
    // Latency under load, not the limits: lift every bucket this load passes through.
    env: Object.fromEntries(
      ['AIRLOCK_RATE', 'AIRLOCK_RATE_IP', 'AIRLOCK_RATE_PROJECT'].flatMap((p) => [
        [`${p}_CAPACITY`, '100000000'],
        [`${p}_REFILL`, '100000000'],
      ]),
    ),
  });
  const base = `http://127.0.0.1:${API_PORT}`;
  try {
    await waitForApi(base, api, 90_000);
    const started = performance.now();
    const [, receiver] = DEV_ACCOUNTS;
    const historyUrl = `${base}/v1/account/${receiver}/history?projectId=airlock-dev&chainId=${CHAIN}`;
    // The newest block's transfer to account 1 is the first history item once the indexer reached the head.
    const headHash = /** @type {any} */ (await rpc(anvilUrl, 'eth_getBlockByNumber', [`0x${head.toString(16)}`, false]))
      .transactions[0];
    for (;;) {
      const body = /** @type {any} */ (await (await fetch(historyUrl)).json());
      if (body.data?.[0]?.id === headHash) break;
      if (performance.now() - started > 300_000) throw new Error('indexer did not reach the head in 300 s');
      await new Promise((done) => setTimeout(done, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    rows.push([
      `indexer throughput (${label})`,
      `${(head / seconds).toFixed(1)} blocks/s`,
      `${head} anvil blocks (${TRANSFER_BLOCKS} with a transfer) in ${seconds.toFixed(2)} s, poll 50 ms`,
    ]);

    const balance = /** @type {any} */ (
      await load(`${base}/v1/account/${DEV_ACCOUNTS[0]}/balance?projectId=airlock-dev&chainId=${CHAIN}&currency=usd`)
    );
    rows.push([
      `API balance p50 / p99 (${label})`,
      `${fmt(balance.p50)} / ${fmt(balance.p99)}`,
      `${balance.requests} requests, ${CONNECTIONS} connections, ${LOAD_SECONDS} s, non-2xx ${balance.non2xx}`,
    ]);
    const history = /** @type {any} */ (await load(historyUrl));
    rows.push([
      `API history p50 / p99 (${label})`,
      `${fmt(history.p50)} / ${fmt(history.p99)}`,
      `${history.requests} requests, ${CONNECTIONS} connections, ${LOAD_SECONDS} s, non-2xx ${history.non2xx}`,
    ]);
    if (!databaseUrl) {
      // Swap quote (1 ETH → DEV on the dev exchange): chain reads only (getAmountsOut per candidate path, reserves), no database.
      const quoteUrl = `${base}/v1/convert/quotes?projectId=airlock-dev&amount=${parseUnits('1', 18)}&from=${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee&to=${CHAIN}:${DEV_TOKEN_ADDRESS}`;
      const quote = /** @type {any} */ (await load(quoteUrl));
      rows.push([
        'API swap quote p50 / p99',
        `${fmt(quote.p50)} / ${fmt(quote.p99)}`,
        `1 ETH → DEV on anvil's Uniswap v2, ${quote.requests} requests, ${CONNECTIONS} connections, ${LOAD_SECONDS} s, non-2xx ${quote.non2xx}`,
      ]);
    }
  } finally {
    await stopApi(api);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const FLOOD_PORT = 28788;
const FLOOD_SECONDS = 10;
/** The visitor's pace: a frame that is busy (10 calls per second), well inside its own per-client bucket. */
const VISITOR_INTERVAL_MS = 100;

/**
 * One GET from a fixed loopback source address over a keep-alive agent.
 * @param {Agent} agent
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<{ status: number, ms: number }>}
 */
function timedGet(agent, url, headers) {
  return new Promise((done, fail) => {
    const started = performance.now();
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', fail);
    req.end();
  });
}

/**
 * A visitor calling `url` from 127.0.0.2 every VISITOR_INTERVAL_MS for `seconds`.
 * @returns {Promise<{ total: number, ok: number, p50: number, p99: number }>}
 */
async function visitor(url, headers, seconds) {
  const agent = new Agent({ keepAlive: true, maxSockets: 4, localAddress: '127.0.0.2' });
  /** @type {{ status: number, ms: number }[]} */
  const results = [];
  const end = performance.now() + seconds * 1000;
  try {
    while (performance.now() < end) {
      const next = performance.now() + VISITOR_INTERVAL_MS;
      results.push(await timedGet(agent, url, headers));
      await new Promise((done) => setTimeout(done, Math.max(0, next - performance.now())));
    }
  } finally {
    agent.destroy();
  }
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  const at = (/** @type {number} */ p) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  return { total: results.length, ok: results.filter((r) => r.status === 200).length, p50: at(50), p99: at(99) };
}

/**
 * The one-client flood figure: the API with its default limits; first the visitor alone, then
 * autocannon (10 connections from 127.0.0.1, Origin copied from the dapp) flooding the same
 * project while the visitor (127.0.0.2) keeps calling.
 * @param {Array<[string, string, string]>} rows
 */
export async function floodBenchmark(rows) {
  const dataDir = mkdtempSync(join(tmpdir(), 'airlock-bench-flood-'));
  const api = spawnApi({ port: FLOOD_PORT, chains: [], dataDir, fresh: true, quiet: true });
  const base = `http://127.0.0.1:${FLOOD_PORT}`;
  const url = `${base}/appkit/v1/config?projectId=airlock-dev&st=appkit&sv=bench`;
  const headers = { origin: 'http://localhost:5173' };
  try {
    await waitForApi(base, api, 90_000);
    const alone = await visitor(url, headers, 5);
    rows.push([
      'API visitor alone p50 / p99',
      `${fmt(alone.p50)} / ${fmt(alone.p99)}`,
      `${alone.ok}/${alone.total} answered 200, one call per ${VISITOR_INTERVAL_MS} ms from 127.0.0.2`,
    ]);
    const [flood, during] = await Promise.all([
      new Promise((done, fail) => {
        autocannon(
          { url, connections: CONNECTIONS, duration: FLOOD_SECONDS, headers },
          (/** @type {any} */ error, /** @type {any} */ result) => (error ? fail(error) : done(result)),
        );
      }),
      visitor(url, headers, FLOOD_SECONDS),
    ]);
    const f = /** @type {any} */ (flood);
    const refused = f.statusCodeStats?.['429']?.count ?? 0;
    rows.push([
      'API flood: flooding client',
      `${(f.requests.total / FLOOD_SECONDS).toFixed(0)} req/s`,
      `${f.requests.total} requests from 127.0.0.1 with a copied Origin, ${CONNECTIONS} connections, ${FLOOD_SECONDS} s: ${f['2xx']} served, ${refused} refused 429`,
    ]);
    rows.push([
      'API flood: other client success',
      `${((100 * during.ok) / Math.max(1, during.total)).toFixed(1)} %`,
      `${during.ok}/${during.total} answered 200 (same project, 127.0.0.2) during the flood`,
    ]);
    rows.push([
      'API flood: other client p50 / p99',
      `${fmt(during.p50)} / ${fmt(during.p99)}`,
      `latency of those calls (alone: ${fmt(alone.p50)} / ${fmt(alone.p99)})`,
    ]);
  } finally {
    await stopApi(api);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Adds the provider-API rows to the bench table: indexer throughput and balance/history
 * latency on PGlite, then on PostgreSQL ('skipped' rows when none is available), then the
 * one-client flood figure.
 * @param {Array<[string, string, string]>} rows
 * @param {(name: string, measure: () => Promise<void>) => Promise<void>} metric records an error row instead of throwing
 */
export async function apiBenchmarks(rows, metric) {
  const anvil = await startBenchAnvil();
  try {
    await deployDevAssets(anvil.url);
    const head = await mineTransfers(anvil.url);
    await metric('provider API on PGlite', () => benchBackend(rows, 'PGlite', anvil.url, head, undefined));
    await metric('provider API on PostgreSQL', async () => {
      const postgres = await benchPostgres();
      if (!postgres) {
        rows.push([
          'provider API on PostgreSQL',
          'skipped',
          'no DATABASE_URL and no local postgresql (Debian package)',
        ]);
        return;
      }
      try {
        await benchBackend(rows, `PostgreSQL, ${postgres.note}`, anvil.url, head, postgres.url);
      } finally {
        await postgres.stop();
      }
    });
  } finally {
    anvil.child.kill();
  }
  await metric('provider API under a one-client flood', () => floodBenchmark(rows));
}

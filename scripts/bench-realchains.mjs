// The provider API on a chain with a past (`npx tsx scripts/bench-realchains.mjs`, a few minutes):
// - balance of a wallet holding 30 listed tokens, on an anvil whose head is block 100,000 (genesis file with
//   `number` 100000: the blocks below do not exist, which is the point: nothing walks them), API started with
//   `startBlock: 'latest'`: each request is a fresh read (no cache), p50 / p99 over 100 sequential requests;
// - the RPC proxy's added latency: eth_blockNumber through `POST /v1/` vs straight to anvil, 200 of each
//   alternating, medians;
// - reads per second through the proxy: eth_getBalance from 10 concurrent clients for 5 s.
// Prints a table (scripts/bench-table.mjs); with `--rows`, one line `ROWS <json>` of its rows instead, which
// `npm run bench` reads (scripts/bench-realchains-run.mjs runs this file in a child process under tsx).
// `--quick`: the same set-up with fewer samples (10 balance requests, 20 proxy pairs, 1 s of reads), to check
// the wiring. Timings live here, never in tests.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWalletClient, http, parseEther, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, freePort } from '@airlock/testing';
import { createApi } from '../apps/api/src/main.ts';
import { ERC20 } from '../apps/api/src/test/contracts.ts';
import { installMulticall3 } from './multicall3.mjs';
import { printTable } from './bench-table.mjs';
import { rpc } from './rpc.mjs';

const TOKENS = 30;
const HEAD = 100_000;
const QUICK = process.argv.includes('--quick');
const BALANCE_RUNS = QUICK ? 10 : 100;
const PROXY_PAIRS = QUICK ? 20 : 200;
const READ_SECONDS = QUICK ? 1 : 5;
/** @type {Array<[string, string, string]>} metric, value, notes */
const rows = [];
const owner = privateKeyToAccount(DEV_KEYS[0]);
const holder = privateKeyToAccount(DEV_KEYS[1]).address;

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (n) => `${n.toFixed(2)} ms`;

const dir = mkdtempSync(join(tmpdir(), 'airlock-bench-realchains-'));
const genesis = join(dir, 'genesis.json');
writeFileSync(
  genesis,
  JSON.stringify({
    config: { chainId: 31337 },
    number: `0x${HEAD.toString(16)}`,
    timestamp: '0x0',
    gasLimit: '0x1c9c380',
    difficulty: '0x0',
    alloc: { [owner.address]: { balance: `0x${parseEther('10000').toString(16)}` } },
  }),
);
const port = await freePort();
const anvilUrl = `http://127.0.0.1:${port}`;
const anvil = spawn(
  join(import.meta.dirname, '../node_modules/.bin/anvil'),
  ['--port', String(port), '--init', genesis],
  {
    stdio: 'ignore',
  },
);
let api;
try {
  for (let i = 0; ; i++) {
    try {
      await rpc(anvilUrl, 'eth_chainId');
      break;
    } catch (error) {
      if (i > 300) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await installMulticall3(anvilUrl);
  const wallet = createWalletClient({ account: owner, transport: http(anvilUrl) }).extend(publicActions);
  const tokens = [];
  for (let i = 0; i < TOKENS; i++) {
    const hash = await wallet.deployContract({
      abi: ERC20.abi,
      bytecode: ERC20.bytecode,
      args: [`Token ${i}`, `T${i}`],
      chain: null,
    });
    const { contractAddress } = await wallet.waitForTransactionReceipt({ hash });
    const mint = await wallet.writeContract({
      address: contractAddress,
      abi: ERC20.abi,
      functionName: 'mint',
      args: [holder, parseEther(String(i + 1))],
      chain: null,
    });
    await wallet.waitForTransactionReceipt({ hash: mint });
    tokens.push({ chainId: 31337, address: contractAddress, name: `Token ${i}`, symbol: `T${i}`, decimals: 18 });
  }
  const list = join(dir, 'list.json');
  writeFileSync(list, JSON.stringify({ name: 'bench', tokens }));
  api = await createApi({
    port: 0,
    database: { inMemory: true },
    chains: [{ caipNetworkId: 'eip155:31337', rpcUrl: anvilUrl, startBlock: 'latest', tokenLists: [list] }],
    seed: { projects: [{ id: 'bench', name: 'Bench', allowedOrigins: [] }] },
    limits: {
      perIp: { capacity: 1e9, refillPerSecond: 1e9 },
      perClient: { capacity: 1e9, refillPerSecond: 1e9 },
      perProject: { capacity: 1e9, refillPerSecond: 1e9 },
    },
    log: () => undefined,
  });
  const base = await api.start();
  const head = Number(await rpc(anvilUrl, 'eth_blockNumber'));

  const balanceTimes = [];
  for (let i = 0; i < BALANCE_RUNS; i++) {
    const start = performance.now();
    const res = await fetch(`${base}/v1/account/${holder}/balance?projectId=bench&chainId=eip155:31337`);
    const { balances } = await res.json();
    balanceTimes.push(performance.now() - start);
    if (balances.length !== TOKENS + 1) throw new Error(`expected ${TOKENS + 1} balances, got ${balances.length}`);
  }
  rows.push([
    `API balance, ${TOKENS} listed tokens, head block ${head}, first request`,
    ms(balanceTimes[0]),
    'startBlock latest: Multicall3 read, no indexing from genesis',
  ]);
  rows.push([
    `API balance, ${TOKENS} listed tokens, p50 / p99`,
    `${ms(quantile(balanceTimes, 0.5))} / ${ms(quantile(balanceTimes, 0.99))}`,
    `${BALANCE_RUNS} sequential requests, each a fresh read`,
  ]);

  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] });
  const post = (url) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.json());
  const proxyUrl = `${base}/v1/?chainId=eip155:31337&projectId=bench`;
  const direct = [];
  const proxied = [];
  for (let i = 0; i < PROXY_PAIRS; i++) {
    let start = performance.now();
    await post(anvilUrl);
    direct.push(performance.now() - start);
    start = performance.now();
    await post(proxyUrl);
    proxied.push(performance.now() - start);
  }
  const d = quantile(direct, 0.5);
  const p = quantile(proxied, 0.5);
  rows.push([
    'RPC proxy added latency (eth_blockNumber)',
    ms(p - d),
    `through POST /v1/ p50 ${ms(p)} vs anvil directly p50 ${ms(d)}, ${PROXY_PAIRS} of each alternating`,
  ]);

  const read = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [holder, 'latest'] });
  let reads = 0;
  const end = performance.now() + READ_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < end) {
        const r = await fetch(proxyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: read,
        });
        const answer = await r.json();
        if (!answer.result) throw new Error(`proxy answered ${JSON.stringify(answer)}`);
        reads += 1;
      }
    }),
  );
  rows.push([
    'RPC proxy reads per second',
    (reads / READ_SECONDS).toFixed(0),
    `eth_getBalance through POST /v1/, 10 concurrent clients for ${READ_SECONDS} s, one anvil upstream`,
  ]);
  if (process.argv.includes('--rows')) console.log(`ROWS ${JSON.stringify(rows)}`);
  else printTable(rows);
} finally {
  await api?.stop();
  anvil.kill();
  rmSync(dir, { recursive: true, force: true });
}

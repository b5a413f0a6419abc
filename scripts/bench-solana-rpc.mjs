// Local Solana RPC part of the benchmarks, runnable alone: `node scripts/bench-solana-rpc.mjs`.
//
// Starts apps/solana-rpc (`src/main.ts` under tsx) in a child process on a free loopback port
// pair, funds a fresh keypair from the faucet (requestAirdrop), then measures with the real
// @solana/web3.js client: the start-up time (spawn → listening, including the DEV mint set-up),
// a getBalance round trip (median of 200) and a SOL transfer from getLatestBlockhash through
// sendRawTransaction to confirmTransaction over the WebSocket (median of 20). Prints a table.
// Every wait has a timeout; traffic stays on loopback.

import { createMetric, printTable } from './bench-table.mjs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js';

const ROOT = join(import.meta.dirname, '..');
const SEND_RUNS = 20;
const READ_RUNS = 200;
const START_TIMEOUT_MS = 30_000;
const CALL_TIMEOUT_MS = 10_000;

/** @param {number} ms */
const fmtMs = (ms) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
/** @param {number[]} values */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {string} what
 * @returns {Promise<T>}
 */
function within(promise, what, ms = CALL_TIMEOUT_MS) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, timeout]).finally(() => clearTimeout(timer)));
}

/** Starts the RPC in a child process; resolves with its URLs, start-up time and `stop()`. */
async function startRpcChild() {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/solana-rpc/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, SOLANA_RPC_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/listening on (\S+) \(WebSocket (\S+)\)/);
      if (match) resolve({ url: match[1], wsUrl: match[2] });
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => reject(new Error(`solana-rpc exited (${code}): ${output.trim().split('\n').pop()}`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(undefined);
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  try {
    const urls = /** @type {{ url: string, wsUrl: string }} */ (
      await within(ready, 'solana-rpc to listen', START_TIMEOUT_MS)
    );
    return { ...urls, startMs: performance.now() - started, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Runs the local Solana RPC benchmarks and appends rows `[metric, value, notes]` to `rows`.
 * @param {Array<[string, string, string]>} rows
 * @param {(name: string, measure: () => Promise<void> | void) => Promise<void>} metric
 */
export async function solanaRpcBenchmarks(rows, metric) {
  await metric('solana-rpc', async () => {
    const rpc = await startRpcChild();
    try {
      rows.push([
        'solana-rpc start-up (spawn → listening)',
        fmtMs(rpc.startMs),
        'tsx + litesvm + 11 start-up transactions (DEV mint, 10 token accounts)',
      ]);
      const connection = new Connection(rpc.url, { commitment: 'confirmed', wsEndpoint: rpc.wsUrl });
      const payer = Keypair.generate();
      const airdrop = await within(connection.requestAirdrop(payer.publicKey, 10 * LAMPORTS_PER_SOL), 'requestAirdrop');
      const latest = await within(connection.getLatestBlockhash(), 'getLatestBlockhash');
      await within(connection.confirmTransaction({ signature: airdrop, ...latest }), 'the airdrop confirmation');

      const reads = [];
      for (let i = 0; i < READ_RUNS; i++) {
        const t0 = performance.now();
        await within(connection.getBalance(payer.publicKey), 'getBalance');
        reads.push(performance.now() - t0);
      }
      rows.push([
        `solana-rpc getBalance round trip (median of ${READ_RUNS})`,
        fmtMs(median(reads)),
        `min ${fmtMs(Math.min(...reads))}, max ${fmtMs(Math.max(...reads))}`,
      ]);

      const to = Keypair.generate().publicKey;
      const sends = [];
      for (let i = 0; i < SEND_RUNS; i++) {
        const t0 = performance.now();
        const blockhash = await within(connection.getLatestBlockhash(), 'getLatestBlockhash');
        const tx = new Transaction({ ...blockhash, feePayer: payer.publicKey }).add(
          SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL / 100 }),
        );
        tx.sign(payer);
        const signature = await within(connection.sendRawTransaction(tx.serialize()), 'sendRawTransaction');
        const result = await within(connection.confirmTransaction({ signature, ...blockhash }), 'confirmTransaction');
        if (result.value.err) throw new Error(`transfer ${i} failed: ${JSON.stringify(result.value.err)}`);
        sends.push(performance.now() - t0);
      }
      rows.push([
        `solana-rpc SOL transfer send + confirm (median of ${SEND_RUNS})`,
        fmtMs(median(sends)),
        `getLatestBlockhash + sendRawTransaction (preflight) + confirmTransaction (WebSocket); first ${fmtMs(sends[0])}, min ${fmtMs(Math.min(...sends))}, max ${fmtMs(Math.max(...sends))}`,
      ]);
    } finally {
      await rpc.stop();
    }
  });
}

const invokedAs = process.argv[1] ? pathToFileURL(process.argv[1]).href : '';
if (invokedAs === import.meta.url) {
  /** @type {Array<[string, string, string]>} */
  const rows = [];
  await solanaRpcBenchmarks(rows, createMetric(rows));
  printTable(rows);
  process.exit(0);
}

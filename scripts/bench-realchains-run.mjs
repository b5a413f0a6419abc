// The provider API on a chain with a past, as rows of `npm run bench`: runs scripts/bench-realchains.mjs
// (which imports the API's TypeScript sources, hence a child process under tsx) with `--rows` and adds
// the rows it prints (first request and p50 / p99 of a 30-token balance, the RPC proxy's added latency,
// reads per second through the proxy). Every wait has a timeout.

import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** How long the child may take, ms (30 token deployments, 100 balance requests, 400 RPC calls, 5 s of reads). */
export const REALCHAINS_TIMEOUT_MS = 300_000;

/**
 * Runs scripts/bench-realchains.mjs in a child process and pushes its rows.
 * @param {Array<[string, string, string]>} rows the bench table
 * @param {(name: string, measure: () => Promise<void>) => Promise<void>} metric records an error row instead of throwing
 * @param {{ quick?: boolean }} [options] `quick`: fewer samples (bench-realchains.mjs `--quick`)
 */
export async function realChainsBenchmarks(rows, metric, { quick = false } = {}) {
  await metric('provider API on a chain with a past', async () => {
    const args = ['--import', 'tsx', join(import.meta.dirname, 'bench-realchains.mjs'), '--rows'];
    if (quick) args.push('--quick');
    const child = spawn(process.execPath, args, {
      cwd: join(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    const code = await new Promise((resolve, reject) => {
      timer = setTimeout(() => {
        child.kill('SIGTERM');
        reject(new Error(`bench-realchains.mjs did not finish in ${REALCHAINS_TIMEOUT_MS} ms`));
      }, REALCHAINS_TIMEOUT_MS);
      child.once('error', reject);
      child.once('exit', resolve);
    }).finally(() => clearTimeout(timer));
    const line = out.split('\n').find((l) => l.startsWith('ROWS '));
    if (code !== 0 || !line) {
      const last = (err.trim() || out.trim()).split('\n').pop() ?? '';
      throw new Error(`bench-realchains.mjs exited ${code}: ${last}`);
    }
    rows.push(.../** @type {Array<[string, string, string]>} */ (JSON.parse(line.slice('ROWS '.length))));
  });
}

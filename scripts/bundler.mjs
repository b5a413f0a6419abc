// The ERC-4337 bundler of the local stack and of the tests: Alto (@pimlico/alto from npm, the
// bundler Pimlico runs in production) as one child process per chain, started the way viem's own
// tests start it (prool's alto instance: `node <alto>/esm/cli/alto.js` with the options below and
// `--safe-mode false`, since anvil has no debug_traceCall tracer for the ERC-7562 rules). prool
// itself needs Node 22; this spawns the same command. Used by scripts/stack.mjs, scripts/bench.mjs
// and the API tests.

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  DEV_BUNDLER_EXECUTOR_KEY,
  DEV_BUNDLER_UTILITY_KEY,
  ENTRY_POINT_07_ADDRESS,
  ENTRY_POINT_08_ADDRESS,
} from './aa.mjs';
import { rpc } from './rpc.mjs';

const require = createRequire(import.meta.url);

/** How long Alto may take to answer JSON-RPC (ms; env `AIRLOCK_BUNDLER_START_TIMEOUT_MS`, default 180 s): it loads a large dependency tree and deploys its simulation contracts first, slow on a loaded machine. */
export const BUNDLER_START_MS = Number(process.env.AIRLOCK_BUNDLER_START_TIMEOUT_MS ?? 180_000);

/**
 * Path of Alto's command-line entry (`alto` bin of @pimlico/alto).
 * @returns {string}
 */
function altoCli() {
  // The package exports only its library entry (esm/index.js); the command line sits beside it.
  return join(dirname(require.resolve('@pimlico/alto')), 'cli/alto.js');
}

/**
 * Starts Alto for the chain at `rpcUrl` and waits until it listens.
 * Alto binds every interface (it has no host option): the port must not be reachable from
 * outside the machine; the provider API's bundler route is the public entry.
 * @param {{ port: number, rpcUrl: string, executorKeys?: `0x${string}`[], utilityKey?: `0x${string}`, quiet?: boolean }} options
 *   `executorKeys` submit bundles (default: anvil account 7), `utilityKey` deploys Alto's simulation
 *   contracts and refills the executors (default: anvil account 6); `quiet` drops Alto's log (warnings and errors still print)
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, url: string, stop: () => Promise<void> }>}
 * @throws {Error} when Alto exits or does not listen within {@link BUNDLER_START_MS} (the child is killed)
 */
export async function startBundlerProcess({
  port,
  rpcUrl,
  executorKeys = [DEV_BUNDLER_EXECUTOR_KEY],
  utilityKey = DEV_BUNDLER_UTILITY_KEY,
  quiet = true,
}) {
  const args = [
    altoCli(),
    '--entrypoints',
    `${ENTRY_POINT_07_ADDRESS},${ENTRY_POINT_08_ADDRESS}`,
    '--rpc-url',
    rpcUrl,
    '--executor-private-keys',
    executorKeys.join(','),
    '--utility-private-key',
    utilityKey,
    '--safe-mode',
    'false',
    '--port',
    String(port),
    // anvil mines each transaction at once: poll and bundle at once too.
    '--block-time',
    '100',
    '--min-bundle-interval',
    '10',
    '--max-bundle-interval',
    '100',
    '--log-level',
    quiet ? 'warn' : 'info',
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const label = `the bundler (Alto) on port ${port} for ${rpcUrl}`;
  const url = `http://127.0.0.1:${port}`;
  let seen = '';
  let exitCode = /** @type {number | null | undefined} */ (undefined);
  child.once('exit', (code) => {
    exitCode = code;
  });
  // Alto's output: kept for an error message, printed unless quiet (its warnings and errors always).
  child.stdout?.on('data', (/** @type {Buffer} */ chunk) => {
    seen = (seen + chunk.toString('utf8')).slice(-4000);
    if (!quiet) process.stdout.write(chunk);
  });
  child.stderr?.on('data', (/** @type {Buffer} */ chunk) => {
    seen = (seen + chunk.toString('utf8')).slice(-4000);
    process.stderr.write(chunk);
  });
  const deadline = Date.now() + BUNDLER_START_MS;
  for (;;) {
    const entryPoints = await rpc(url, 'eth_supportedEntryPoints').catch(() => null);
    if (Array.isArray(entryPoints)) break;
    if (exitCode !== undefined) throw new Error(`[stack] ${label} exited (${exitCode}) before listening:\n${seen}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`[stack] ${label} did not answer in ${BUNDLER_START_MS / 1000} s:\n${seen}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, url, stop };
}

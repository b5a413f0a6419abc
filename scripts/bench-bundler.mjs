// ERC-4337 part of the benchmarks, runnable alone: `node scripts/bench-bundler.mjs`.
//
// Starts its own anvil (chain 31337, ERC-4337 v0.7 of scripts/aa.mjs), Alto (scripts/bundler.mjs) and the
// provider API (scripts/api.mjs, PGlite, sponsorship on for the bench project), then measures with viem's
// bundler client and the embedded wallet's own account (permissionless's Safe 1.4.1 with the Safe4337Module,
// as the secure frame builds it), every call through the API:
// - a send (0.001 ETH) from a smart account, sendUserOperation → receipt, sponsored and not: a fresh account
//   each run, so each first operation also deploys the account (median of 10 each);
// - the same send from an EOA: eth_sendRawTransaction to the chain's RPC (the API's proxy refuses writes) →
//   receipt (median of 10);
// - the bundler round trip through `POST /v1/bundler` (`eth_supportedEntryPoints`, p50 / p99 of 200) beside
//   the same call to Alto directly.
// Receipts are polled every 100 ms in all three cases. Every wait has a timeout.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { createBundlerClient, entryPoint07Address } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { DEV_PAYMASTER_ADDRESS, DEV_PAYMASTER_SIGNER_KEY, deployAccountAbstraction } from './aa.mjs';
import { spawnApi, stopApi, waitForApi } from './api.mjs';
import { createMetric, printTable } from './bench-table.mjs';
import { startBundlerProcess } from './bundler.mjs';
import { rpc } from './rpc.mjs';

const ROOT = join(import.meta.dirname, '..');
const require = createRequire(join(ROOT, 'apps/api/package.json'));
const SEND_RUNS = 10;
const ROUND_TRIPS = 200;
/** Its own ports, moved by AIRLOCK_PORT_OFFSET like the stack's (a second bench beside the first). */
const OFFSET = Number(process.env.AIRLOCK_PORT_OFFSET ?? 0) || 0;
const PORTS = { anvil: 28645 + OFFSET, bundler: 28646 + OFFSET, api: 28647 + OFFSET };
const TIMEOUT_MS = 60_000;

/** @param {number} ms */
const fmtMs = (ms) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
/** @param {number[]} values @param {number} q 0–1 */
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

/** Starts anvil on the bench port and waits until it answers (≤ 10 s). */
async function startAnvil() {
  const url = `http://127.0.0.1:${PORTS.anvil}`;
  // The platform binary, so the pid held is anvil's own (the .bin shim is a node process that spawns it).
  const platform = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}/bin/anvil`;
  const child = spawn(join(ROOT, 'node_modules', platform), ['--port', String(PORTS.anvil), '--silent'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    if (
      await rpc(url, 'eth_chainId').then(
        () => true,
        () => false,
      )
    )
      return { url, child };
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill();
  throw new Error('anvil did not start in 10 s');
}

/**
 * The ERC-4337 rows (see the module comment).
 * @param {string[][]} rows
 * @param {ReturnType<typeof createMetric>} metric
 */
export async function bundlerBenchmarks(rows, metric) {
  const anvil = await startAnvil();
  const dataDir = mkdtempSync(join(tmpdir(), 'airlock-bench-bundler-'));
  /** @type {Awaited<ReturnType<typeof startBundlerProcess>> | undefined} */
  let bundler;
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let api;
  try {
    await deployAccountAbstraction(anvil.url);
    bundler = await startBundlerProcess({ port: PORTS.bundler, rpcUrl: anvil.url });
    const chain = { caipNetworkId: 'eip155:31337', rpcUrl: anvil.url };
    const apiOptions = {
      port: PORTS.api,
      chains: [chain],
      dataDir,
      quiet: true,
      env: {
        AIRLOCK_BUNDLERS: JSON.stringify([
          { caipNetworkId: chain.caipNetworkId, url: bundler.url, paymaster: DEV_PAYMASTER_ADDRESS },
        ]),
        AIRLOCK_PAYMASTER_SIGNER_KEY: DEV_PAYMASTER_SIGNER_KEY,
        AIRLOCK_RATE_CAPACITY: '100000',
        AIRLOCK_RATE_REFILL: '100000',
      },
    };
    const apiUrl = `http://127.0.0.1:${PORTS.api}`;
    // A first start creates the database and the dev seed's project; PGlite is one process at a time, so the
    // operator CLI sets the sponsorship policy (on, any target, a limit the bench never meets) between two starts.
    api = spawnApi({ ...apiOptions, fresh: true });
    await waitForApi(apiUrl, api);
    await stopApi(api);
    const cli = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'apps/api/src/cli.ts'),
        ...['sponsorship', 'set', '--project', 'airlock-dev', '--enabled', 'true', '--daily-gas', '1000000000000'],
      ],
      { cwd: ROOT, env: { ...process.env, AIRLOCK_API_DATA: dataDir, DATABASE_URL: '' }, stdio: 'ignore' },
    );
    await new Promise((resolve, reject) =>
      cli.once('exit', (code) =>
        code === 0 ? resolve(undefined) : reject(new Error(`sponsorship set exited ${code}`)),
      ),
    );
    api = spawnApi(apiOptions);
    await waitForApi(apiUrl, api);

    const { toSafeSmartAccount } = await import(pathToFileURL(require.resolve('permissionless/accounts')).href);
    const chainDef = { ...foundry, rpcUrls: { default: { http: [anvil.url] } } };
    const client = createPublicClient({ chain: chainDef, transport: http(anvil.url) });
    const route = `${apiUrl}/v1/bundler?projectId=airlock-dev&chainId=eip155:31337`;

    /** @param {boolean} sponsored */
    const smartSends = async (sponsored) => {
      const times = [];
      for (let i = 0; i < SEND_RUNS; i++) {
        const account = await toSafeSmartAccount({
          client,
          owners: [privateKeyToAccount(generatePrivateKey())],
          version: '1.4.1',
          entryPoint: { address: entryPoint07Address, version: '0.7' },
        });
        await rpc(anvil.url, 'anvil_setBalance', [account.address, `0x${parseEther('1').toString(16)}`]);
        const bc = createBundlerClient({
          client,
          account,
          transport: http(route),
          paymaster: sponsored || undefined,
          pollingInterval: 100,
          // Alto's own gas price (ERC-4337 bundlers answer it): a node's eth_maxPriorityFeePerGas on a dev
          // chain follows the last blocks' tips, which are the bundler's own, and climbs with every operation.
          userOperation: {
            estimateFeesPerGas: async () => {
              const price = /** @type {{ standard: { maxFeePerGas: string, maxPriorityFeePerGas: string } }} */ (
                await rpc(route, 'pimlico_getUserOperationGasPrice')
              );
              return {
                maxFeePerGas: BigInt(price.standard.maxFeePerGas),
                maxPriorityFeePerGas: BigInt(price.standard.maxPriorityFeePerGas),
              };
            },
          },
        });
        const t = performance.now();
        const hash = await bc.sendUserOperation({
          calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: parseEther('0.001') }],
        });
        const receipt = await bc.waitForUserOperationReceipt({ hash, timeout: TIMEOUT_MS });
        times.push(performance.now() - t);
        if (!receipt.success) throw new Error(`user operation ${hash} reverted`);
      }
      return times;
    };
    await metric('smart account send, sponsored', async () => {
      const t = await smartSends(true);
      rows.push([
        `Safe smart account send → receipt, sponsored, first op deploys (median of ${SEND_RUNS})`,
        fmtMs(quantile(t, 0.5)),
        `min ${fmtMs(Math.min(...t))}, max ${fmtMs(Math.max(...t))}, via POST /v1/bundler (Alto)`,
      ]);
    });
    await metric('smart account send, unsponsored', async () => {
      const t = await smartSends(false);
      rows.push([
        `Safe smart account send → receipt, unsponsored, first op deploys (median of ${SEND_RUNS})`,
        fmtMs(quantile(t, 0.5)),
        `min ${fmtMs(Math.min(...t))}, max ${fmtMs(Math.max(...t))}`,
      ]);
    });
    await metric('EOA send', async () => {
      // The chain's own RPC, as the embedded wallet sends (the API's RPC proxy refuses writes).
      const node = createPublicClient({ chain: chainDef, transport: http(anvil.url), pollingInterval: 100 });
      const times = [];
      for (let i = 0; i < SEND_RUNS; i++) {
        const key = generatePrivateKey();
        const owner = privateKeyToAccount(key);
        await rpc(anvil.url, 'anvil_setBalance', [owner.address, `0x${parseEther('1').toString(16)}`]);
        const wallet = createWalletClient({
          chain: chainDef,
          account: owner,
          transport: http(anvil.url),
        });
        const t = performance.now();
        const hash = await wallet.sendTransaction({
          to: '0x000000000000000000000000000000000000dEaD',
          value: parseEther('0.001'),
        });
        await node.waitForTransactionReceipt({ hash, timeout: TIMEOUT_MS });
        times.push(performance.now() - t);
      }
      rows.push([
        `EOA send → receipt, same send (median of ${SEND_RUNS})`,
        fmtMs(quantile(times, 0.5)),
        `min ${fmtMs(Math.min(...times))}, max ${fmtMs(Math.max(...times))}, eth_sendRawTransaction to the chain's RPC`,
      ]);
    });
    await metric('bundler round trip', async () => {
      /** @param {string} url */
      const loop = async (url) => {
        const times = [];
        for (let i = 0; i < ROUND_TRIPS; i++) {
          const t = performance.now();
          await rpc(url, 'eth_supportedEntryPoints');
          times.push(performance.now() - t);
        }
        return times;
      };
      const direct = await loop(/** @type {NonNullable<typeof bundler>} */ (bundler).url);
      const through = await loop(route);
      rows.push([
        `bundler round trip through POST /v1/bundler (p50 / p99 of ${ROUND_TRIPS})`,
        `${fmtMs(quantile(through, 0.5))} / ${fmtMs(quantile(through, 0.99))}`,
        `Alto directly ${fmtMs(quantile(direct, 0.5))} / ${fmtMs(quantile(direct, 0.99))}; eth_supportedEntryPoints`,
      ]);
    });
  } finally {
    await stopApi(api ?? null).catch(() => {});
    await bundler?.stop();
    anvil.child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  /** @type {string[][]} */
  const rows = [];
  bundlerBenchmarks(rows, createMetric(rows)).then(
    () => {
      console.log(`\nAirlock bench: ERC-4337 (${new Date().toISOString()}, node ${process.version})\n`);
      printTable(rows);
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

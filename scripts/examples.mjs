// The examples' smoke build (examples/*: viem, ethers, wagmi, React, Vue, Bitcoin, CosmJS, Polkadot): what a developer who copies
// one gets. Copies the examples into one temporary npm workspace root, points their
// `@airlock/*` dependencies at the packed tarballs (scripts/pack.mjs), installs everything in one
// `npm install` (npm cache first, then the registry), type-checks them with one `tsc` (a Vue component's script is checked by the build, not by tsc), and builds
// each with its own Vite into e2e/fixtures/dist/examples/<name>/ (base `/fixtures/dist/examples/<name>/`,
// the e2e stack serves it on the dapp origin), configured for the e2e stack with VITE_AIRLOCK_FRAME_URL,
// VITE_AIRLOCK_PROJECT_ID, VITE_AIRLOCK_RPC_URL, VITE_AIRLOCK_ESPLORA_URL (the regtest stand-in), VITE_AIRLOCK_COSMOS_URL and
// VITE_AIRLOCK_SUBSTRATE_URL. e2e/examples.spec.ts then loads each in Chromium.
//
// `npm test` runs this from scripts/pack-test.mjs with its tarballs; run alone
// (`node scripts/examples.mjs`) it packs first. Exit code 1 when a step fails.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packPackages, sh } from './pack.mjs';
import { stackUrls } from './ports.mjs';
import { ROOT } from './stack.mjs';

/** The examples, each a folder of examples/. */
export const EXAMPLES = ['viem', 'ethers', 'wagmi', 'react', 'vue', 'bitcoin', 'cosmjs', 'polkadot'];
/** The examples on an eip155 network (the Dev Wallet signs for them); the others have their own e2e steps. */
export const EIP155_EXAMPLES = ['viem', 'ethers', 'wagmi', 'react', 'vue'];
/** Where the built examples go (served by the e2e stack under `/fixtures/dist/examples/`). */
export const EXAMPLES_OUT = join(ROOT, 'e2e/fixtures/dist/examples');
/** The file naming the URLs the examples were built for: `{ frameUrl, projectId, rpcUrl, esploraUrl, cosmosUrl, substrateUrl }`. */
export const EXAMPLES_STAMP = join(EXAMPLES_OUT, 'build.json');

/**
 * The build-time configuration of the examples for the e2e stack of `env`'s ports.
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ frameUrl: string, projectId: string, rpcUrl: string, esploraUrl: string, cosmosUrl: string, substrateUrl: string }}
 *   `esploraUrl` is the regtest stand-in's Esplora API (apps/bitcoin-esplora), the Bitcoin example's network
 */
export function examplesConfig(env = process.env) {
  const urls = stackUrls('e2e', env);
  return {
    frameUrl: urls.frameUrl,
    projectId: 'airlock-dev',
    rpcUrl: urls.rpcA,
    esploraUrl: urls.bitcoinEsplora,
    cosmosUrl: urls.cosmosLcd,
    substrateUrl: urls.substrateRpc,
  };
}

/**
 * Runs a command without blocking (so builds can overlap), 5 min timeout.
 * @returns {Promise<{ code: number, out: string, ms: number }>} exit code, stdout + stderr, duration in ms
 */
function run(command, args, cwd, env) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const done = (r) => resolve({ ...r, ms: Date.now() - t0 });
    const child = spawn(command, args, { cwd, env, timeout: 300_000 });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) => done({ code: 1, out: String(e) }));
    child.on('close', (code) => done({ code: code ?? 1, out }));
  });
}

/**
 * Installs, type-checks and builds the examples against `packed` tarballs.
 * @param {{ packed: { name: string, tarball: string }[], step: (name: string, ok: boolean, detail?: string) => void, keep?: boolean }} options
 *   `step` receives one result per check; `keep` leaves the temporary workspace root on disk.
 * @returns {Promise<void>} never rejects: failures go to `step`
 */
export async function buildExamples({ packed, step, keep = false }) {
  const root = mkdtempSync(join(tmpdir(), 'airlock-examples-'));
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  try {
    writeFileSync(
      join(root, 'package.json'),
      JSON.stringify({ name: 'airlock-examples', private: true, workspaces: EXAMPLES }, null, 2),
    );
    for (const name of EXAMPLES) {
      cpSync(join(ROOT, 'examples', name), join(root, name), {
        recursive: true,
        filter: (src) => !/[\\/](node_modules|dist)$/.test(src),
      });
      const file = join(root, name, 'package.json');
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      for (const p of packed) if (pkg.dependencies?.[p.name]) pkg.dependencies[p.name] = `file:${p.tarball}`;
      writeFileSync(file, JSON.stringify(pkg, null, 2));
    }
    // One tsconfig for all, so one tsc run checks them all against the published types.
    writeFileSync(
      join(root, 'tsconfig.json'),
      JSON.stringify({ extends: './react/tsconfig.json', include: EXAMPLES.map((n) => `${n}/src`) }),
    );

    const t0 = Date.now();
    const install = sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], root);
    step('examples: one npm install of them all (tarballs + registry)', install.code === 0, seconds(Date.now() - t0));
    if (install.code !== 0) return;

    const bin = join(root, 'node_modules/.bin');
    const config = examplesConfig();
    const env = {
      ...process.env,
      VITE_AIRLOCK_FRAME_URL: config.frameUrl,
      VITE_AIRLOCK_PROJECT_ID: config.projectId,
      VITE_AIRLOCK_RPC_URL: config.rpcUrl,
      VITE_AIRLOCK_ESPLORA_URL: config.esploraUrl,
      VITE_AIRLOCK_COSMOS_URL: config.cosmosUrl,
      VITE_AIRLOCK_SUBSTRATE_URL: config.substrateUrl,
    };
    rmSync(EXAMPLES_OUT, { recursive: true, force: true });
    mkdirSync(EXAMPLES_OUT, { recursive: true });
    const [tsc, ...builds] = await Promise.all([
      run(join(bin, 'tsc'), ['-p', 'tsconfig.json'], root, env),
      ...EXAMPLES.map((name) =>
        run(
          join(bin, 'vite'),
          [
            'build',
            '--logLevel',
            'warn',
            '--base',
            `/fixtures/dist/examples/${name}/`,
            '--outDir',
            join(EXAMPLES_OUT, name),
          ],
          join(root, name),
          env,
        ),
      ),
    ]);
    if (tsc.code !== 0) process.stdout.write(tsc.out);
    step('examples: tsc (strict) on them all against the published types', tsc.code === 0, seconds(tsc.ms));
    builds.forEach((b, i) => {
      if (b.code !== 0) process.stdout.write(b.out);
      step(`examples/${EXAMPLES[i]}: vite build`, b.code === 0, seconds(b.ms));
    });
    if (builds.every((b) => b.code === 0)) writeFileSync(EXAMPLES_STAMP, `${JSON.stringify(config, null, 2)}\n`);
  } catch (error) {
    step('examples', false, error instanceof Error ? error.message : String(error));
  } finally {
    if (keep) console.log(`[examples] kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

// Run alone: pack, then build the examples.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dest = mkdtempSync(join(tmpdir(), 'airlock-pack-'));
  let failed = 0;
  try {
    const packed = packPackages(dest);
    await buildExamples({
      packed,
      keep: process.env.AIRLOCK_PACK_KEEP === '1',
      step: (name, ok, detail) => {
        console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
        if (!ok) failed += 1;
      },
    });
  } finally {
    rmSync(dest, { recursive: true, force: true });
  }
  process.exitCode = failed === 0 ? 0 : 1;
}

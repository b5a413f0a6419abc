// The local stack (docs/integration.md "Processes and origins"): two anvil chains,
// the builds, and static servers for the frame, the demo dapp and the foreign page.
// Used by `npm start` (scripts/start.mjs), the Playwright global setup and the bench.

import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { deployDevAssets, devBundlerEnv, devSandboxOptions, spawnApi, stopApi, waitForApi } from './api.mjs';
import { startBundlerProcess } from './bundler.mjs';
import {
  CHAIN_IDS,
  demoConfig,
  deploymentConfig,
  devWalletConfig,
  SOLANA_DEV_MINT,
  BITCOIN_REGTEST_CAIP_NETWORK_ID,
  COSMOS_LOCAL_CAIP_NETWORK_ID,
  POLKADOT_LOCAL_CAIP_NETWORK_ID,
  secureFrameDeployment,
  solanaLocalNetwork,
  stackPorts,
  stackUrls,
} from './ports.mjs';
import { rpc } from './rpc.mjs';

/** One JSON-RPC call over HTTP (scripts/rpc.mjs), re-exported for the e2e support and the bench. */
export { rpc };

/** Repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const FRAME_DIST = join(ROOT, 'apps/frame/dist');
const DAPP_DIST = join(ROOT, 'apps/demo-dapp/dist');
const HOST_DIST = join(ROOT, 'apps/host-sdk/dist');
const FIXTURES = join(ROOT, 'e2e/fixtures');
const DEV_WALLET_DIST = join(ROOT, 'apps/dev-wallet/dist');
const SECURE_FRAME_DIST = join(ROOT, 'apps/secure-frame/dist');

/** The workspace builds, in dependency order, with the file that proves each exists. */
const BUILDS = [
  {
    workspace: '@airlock/host-sdk',
    outputs: [
      join(HOST_DIST, 'index.js'),
      join(HOST_DIST, 'airlock.js'),
      join(HOST_DIST, 'airlock-solana.js'),
      join(HOST_DIST, 'airlock-bitcoin.js'),
      join(HOST_DIST, 'airlock-cosmos.js'),
      join(HOST_DIST, 'airlock-polkadot.js'),
      join(HOST_DIST, 'airlock-multichain.js'),
      join(HOST_DIST, 'airlock-inline.js'),
    ],
  },
  { workspace: '@airlock/frame', outputs: [join(FRAME_DIST, 'index.html')] },
  {
    workspace: '@airlock/demo-dapp',
    outputs: [join(DAPP_DIST, 'index.html'), join(DAPP_DIST, 'foreign.html'), join(DAPP_DIST, 'react.html')],
  },
  { workspace: '@airlock/dev-wallet', outputs: [join(DEV_WALLET_DIST, 'index.html')] },
  { workspace: '@airlock/secure-frame', outputs: [join(SECURE_FRAME_DIST, 'index.html')] },
];

/**
 * Runs the workspace builds whose output is missing (or all when `force`).
 * The frame is built with `VITE_AIRLOCK_ALLOWED_ORIGINS` unset, i.e. the dev
 * default `http://localhost:*,http://127.0.0.1:*` (docs/integration.md), so the
 * foreign origin 127.0.0.2 is refused.
 * @param {{ force?: boolean, log?: (line: string) => void }} [options]
 * @throws {Error} when a build exits non-zero
 */
export function buildApps({ force = false, log = console.log } = {}) {
  const env = { ...process.env };
  delete env.VITE_AIRLOCK_ALLOWED_ORIGINS;
  for (const { workspace, outputs } of BUILDS) {
    if (!force && outputs.every((file) => existsSync(file))) continue;
    log(`[stack] building ${workspace}`);
    const run = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, env, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`[stack] build of ${workspace} failed (exit ${run.status ?? run.signal})`);
    const missing = outputs.filter((file) => !existsSync(file));
    if (missing.length > 0) throw new Error(`[stack] ${workspace} built but ${missing.join(', ')} is missing`);
  }
}

/**
 * Path of the platform anvil binary, so the pid we hold is anvil's own (the
 * `node_modules/.bin/anvil` shim is a node process that spawns it).
 */
function anvilBinary() {
  const platformBinary = join(
    ROOT,
    `node_modules/@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}/bin/anvil`,
  );
  if (existsSync(platformBinary)) return platformBinary;
  return join(ROOT, 'node_modules/.bin/anvil');
}

/**
 * Waits until `eth_chainId` at `url` answers `chainId`.
 * @param {string} url
 * @param {number} chainId
 * @param {() => boolean} alive false once the process exited
 * @param {number} timeoutMs
 */
async function waitForChain(url, chainId, alive, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`[stack] anvil for ${url} exited before answering`);
    try {
      const result = await rpc(url, 'eth_chainId');
      if (result === `0x${chainId.toString(16)}`) return;
      lastError = `answered chain ${String(result)}`;
    } catch (error) {
      lastError = /** @type {Error} */ (error).message;
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`[stack] anvil at ${url} did not answer eth_chainId in ${timeoutMs} ms (${lastError})`);
}

/**
 * A watchdog process that kills the given pids when our stdin pipe closes,
 * i.e. when this process dies for any reason, SIGKILL included.
 */
function startWatchdog() {
  const code = `
    const pids = new Set();
    let buffer = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\\n');
      buffer = lines.pop();
      for (const line of lines) if (line) pids.add(Number(line));
    });
    process.stdin.on('end', () => {
      for (const pid of pids) { try { process.kill(pid, 'SIGTERM'); } catch {} }
      process.exit(0);
    });
    process.on('SIGINT', () => {});
  `;
  const watchdog = spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'ignore', 'ignore'] });
  watchdog.unref();
  // The pipe must not keep our event loop alive either.
  /** @type {any} */ (watchdog.stdin).unref?.();
  return {
    /** @param {number} pid */
    watch(pid) {
      watchdog.stdin?.write(`${pid}\n`);
    },
    close() {
      watchdog.stdin?.end();
    },
  };
}

/**
 * True when something accepts TCP connections on host:port.
 * @param {string} host
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function portBusy(host, port) {
  return new Promise((done) => {
    const socket = connect({ host, port });
    socket.setTimeout(1_000);
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('timeout', () => (socket.destroy(), done(false)));
    socket.once('error', () => done(false));
  });
}

/**
 * Waits until none of the stack's ports is taken (another stack of the same mode,
 * e.g. a second `npm test` on a shared machine), polling every second.
 * @param {'dev' | 'e2e'} mode
 * @param {ReturnType<typeof stackPorts>} ports
 * @param {number} timeoutMs 0: do not wait, fail at once
 * @param {(line: string) => void} log
 * @throws {Error} when a port is still busy after `timeoutMs`
 */
async function waitForFreePorts(mode, ports, timeoutMs, log) {
  const endpoints = [
    ['127.0.0.1', ports.anvilA],
    ['127.0.0.1', ports.anvilB],
    ['127.0.0.1', ports.frame],
    ['127.0.0.1', ports.dapp],
    ['127.0.0.2', ports.foreign],
    ['127.0.0.1', ports.secureFrame],
    ['127.0.0.1', ports.mailSmtp],
    ['127.0.0.1', ports.mailWeb],
    ['127.0.0.1', ports.relay],
    ['127.0.0.1', ports.devWallet],
    ['127.0.0.1', ports.api],
    ['127.0.0.1', ports.onramp],
    ['127.0.0.1', ports.farcaster],
    ['127.0.0.1', ports.oidc],
    ['127.0.0.1', ports.solanaRpc],
    ['127.0.0.1', ports.solanaRpc + 1],
    ['127.0.0.1', ports.bundlerA],
    ['127.0.0.1', ports.bundlerB],
    ['127.0.0.1', ports.bitcoinEsplora],
    ['127.0.0.1', ports.cosmosLcd],
    ['127.0.0.1', ports.substrateRpc],
    ...(mode === 'e2e' ? [['127.0.0.1', ports.dappAlt]] : []),
  ];
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  for (;;) {
    const busy = [];
    for (const [host, port] of endpoints) if (await portBusy(String(host), Number(port))) busy.push(`${host}:${port}`);
    if (busy.length === 0) return;
    if (Date.now() >= deadline) {
      throw new Error(`[stack] ${busy.join(', ')} in use: is another stack running? (override with AIRLOCK_*_PORT)`);
    }
    if (!announced)
      log(
        `[stack] ${busy.join(', ')} in use, waiting up to ${Math.round(timeoutMs / 1000)} s for the other stack to stop…`,
      );
    announced = true;
    await new Promise((done) => setTimeout(done, 1_000));
  }
}

/**
 * Starts one anvil chain on 127.0.0.1 and waits until it answers.
 * @param {number} port
 * @param {number} chainId
 * @returns {Promise<import('node:child_process').ChildProcess>}
 * @throws {Error} when the port already answers JSON-RPC or anvil does not come up
 */
async function startAnvil(port, chainId) {
  const url = `http://127.0.0.1:${port}`;
  const busy = await rpc(url, 'eth_chainId').then(
    () => true,
    () => false,
  );
  if (busy)
    throw new Error(
      `[stack] port ${port} already answers JSON-RPC: is another stack running? (override with AIRLOCK_ANVIL_*_PORT)`,
    );
  const child = spawn(
    anvilBinary(),
    ['--port', String(port), '--chain-id', String(chainId), '--host', '127.0.0.1', '--silent'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  await waitForChain(url, chainId, () => !exited);
  return child;
}

/** How long a service process of the stack may take to listen (ms): generous, since a loaded CI
 * machine starting two stacks at once (two end-to-end shards) is slow, and a wait that ends early
 * fails the whole run. */
const LISTEN_TIMEOUT_MS = 60_000;

/**
 * Waits until `child` listens on every port of `ports` (127.0.0.1). On failure the child is killed
 * (so no process outlives a failed start) and an error naming `label` is thrown.
 * @param {import('node:child_process').ChildProcess} child
 * @param {string} label e.g. 'the relay on port 8555'
 * @param {number[]} ports
 * @returns {Promise<import('node:child_process').ChildProcess>} the child
 * @throws {Error} when the child exits first or does not listen within LISTEN_TIMEOUT_MS
 */
async function untilListening(child, label, ports) {
  let exited = child.exitCode !== null || child.signalCode !== null;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + LISTEN_TIMEOUT_MS;
  for (;;) {
    const busy = await Promise.all(ports.map((port) => portBusy('127.0.0.1', port)));
    if (busy.every(Boolean)) return child;
    if (exited) throw new Error(`[stack] ${label} exited before listening`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`[stack] ${label} did not listen in ${LISTEN_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
}

/**
 * Starts the WalletConnect relay (apps/relay, `node --import tsx`, one process
 * so the pid we hold is the relay's) on 127.0.0.1:`port` and waits until it
 * accepts connections.
 * @param {number} port
 * @returns {Promise<import('node:child_process').ChildProcess>}
 * @throws {Error} when the relay exits or does not listen within LISTEN_TIMEOUT_MS (60 s)
 */
async function startRelayProcess(port) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/relay/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, RELAY_PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return untilListening(child, `the relay on port ${port}`, [port]);
}

/**
 * Starts the sandbox card provider (apps/onramp-sandbox, `node --import tsx`, one process so the pid is
 * the sandbox's) on 127.0.0.1:`port` and waits until it listens. It sells DEV, USDD and ETH on both
 * anvils as the two dev providers (`devSandboxOptions` of scripts/api.mjs), pays out from anvil account 9
 * and signs its webhooks to the API with `webhookSecret`; checkout URLs must carry the HMAC of `signingSecret`.
 * @param {{ port: number, apiUrl: string, chains: { caipNetworkId: string, rpcUrl: string }[], webhookSecret: string, signingSecret: string, quiet?: boolean }} options
 * @returns {Promise<import('node:child_process').ChildProcess>}
 * @throws {Error} when it exits or does not listen within LISTEN_TIMEOUT_MS (60 s)
 */
async function startOnrampSandboxProcess({ quiet = false, ...options }) {
  const sandbox = devSandboxOptions(options);
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/onramp-sandbox/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(sandbox.port),
      HOST: sandbox.host,
      AIRLOCK_SANDBOX_CHAINS: JSON.stringify(sandbox.chains),
      AIRLOCK_API_URL: sandbox.apiUrl,
      AIRLOCK_ONRAMP_WEBHOOK_SECRET: sandbox.webhookSecret,
      AIRLOCK_ONRAMP_SIGNING_SECRET: sandbox.signingSecret,
      AIRLOCK_SANDBOX_PARTNERS: JSON.stringify(sandbox.partners),
      AIRLOCK_SANDBOX_TREASURY_KEY: sandbox.treasuryKey,
    },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  return untilListening(child, `the onramp sandbox on port ${options.port}`, [options.port]);
}

/**
 * Starts the Farcaster relay stand-in (apps/farcaster-relay, `node --import tsx`) on
 * 127.0.0.1:`port`: it first places the dev IdRegistry (the dev fid and its custody) on the
 * anvil at `rpcUrl`. In e2e it serves the down/up switch (`POST /__dev/down|up`).
 * @param {{ port: number, rpcUrl: string, quiet: boolean, control: boolean }} options
 * @returns {Promise<import('node:child_process').ChildProcess>}
 * @throws {Error} when it exits or does not listen within LISTEN_TIMEOUT_MS (60 s)
 */
async function startFarcasterRelayProcess({ port, rpcUrl, quiet, control }) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/farcaster-relay/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      AIRLOCK_FARCASTER_RPC_URL: rpcUrl,
      AIRLOCK_FARCASTER_CONTROL: control ? '1' : '',
    },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  return untilListening(child, `the Farcaster relay on port ${port}`, [port]);
}

/**
 * Starts the local Solana JSON-RPC (apps/solana-rpc over litesvm, `node --import tsx`, one
 * process so the pid we hold is its own) on 127.0.0.1:`port` (WebSocket on `port + 1`) and
 * waits until `GET /health` answers.
 * @param {number} port
 * @returns {Promise<import('node:child_process').ChildProcess>}
 * @throws {Error} when it exits or does not answer within LISTEN_TIMEOUT_MS (60 s: tsx on a loaded machine)
 */
async function startSolanaRpcProcess(port) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/solana-rpc/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, SOLANA_RPC_PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + LISTEN_TIMEOUT_MS;
  for (;;) {
    if (exited) throw new Error(`[stack] the Solana RPC on port ${port} exited before answering`);
    const healthy = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(1_000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return child;
    if (Date.now() > deadline) {
      // Stopped, or it outlives the failed start and holds the runner's output open.
      child.kill('SIGTERM');
      throw new Error(`[stack] the Solana RPC did not answer on port ${port} in ${LISTEN_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * Starts one of the chain stand-ins (`apps/<app>/src/main.ts`, `node --import tsx`, one process)
 * with `env`, and waits until `probe()` answers true (a loaded machine takes a while to load CosmJS or
 * @polkadot/* under tsx: LISTEN_TIMEOUT_MS, 60 s).
 * @param {string} app folder under apps/, e.g. `bitcoin-esplora`
 * @param {string} label for errors, e.g. `the Bitcoin stand-in`
 * @param {number} port where it listens
 * @param {Record<string, string>} env its own variables (port, host)
 * @param {() => Promise<boolean>} probe true once it answers
 * @returns {Promise<import('node:child_process').ChildProcess>}
 * @throws {Error} when it exits or does not answer within LISTEN_TIMEOUT_MS (it is stopped then)
 */
async function startStandInProcess(app, label, port, env, probe) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, `apps/${app}/src/main.ts`)], {
    cwd: ROOT,
    env: { ...process.env, ...env, HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + LISTEN_TIMEOUT_MS;
  for (;;) {
    if (exited) throw new Error(`[stack] ${label} on port ${port} exited before answering`);
    if (await probe().catch(() => false)) return child;
    if (Date.now() > deadline) {
      child.kill('SIGTERM'); // never left running behind a failed start
      throw new Error(`[stack] ${label} did not answer on port ${port} in ${LISTEN_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** `fetch` with a 1 s timeout, true when it answers 2xx. */
const answers = (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(1_000) }).then((res) => res.ok);

/**
 * Starts the Bitcoin regtest stand-in (apps/bitcoin-esplora) on 127.0.0.1:`port`, a block every
 * 5 s, and waits until `GET /health` answers.
 * @param {number} port
 */
const startBitcoinEsploraProcess = (port) =>
  startStandInProcess('bitcoin-esplora', 'the Bitcoin stand-in', port, { BITCOIN_ESPLORA_PORT: String(port) }, () =>
    answers(`http://127.0.0.1:${port}/health`),
  );

/**
 * Starts the Cosmos stand-in (apps/cosmos-lcd: LCD and CometBFT JSON-RPC) on 127.0.0.1:`port` and
 * waits until its LCD `node_info` answers.
 * @param {number} port
 */
const startCosmosLcdProcess = (port) =>
  startStandInProcess('cosmos-lcd', 'the Cosmos stand-in', port, { COSMOS_LCD_PORT: String(port) }, () =>
    answers(`http://127.0.0.1:${port}/cosmos/base/tendermint/v1beta1/node_info`),
  );

/**
 * Starts the Substrate JSON-RPC stand-in (apps/substrate-rpc) on 127.0.0.1:`port` and waits until
 * `system_health` answers.
 * @param {number} port
 */
const startSubstrateRpcProcess = (port) =>
  startStandInProcess('substrate-rpc', 'the Substrate stand-in', port, { SUBSTRATE_RPC_PORT: String(port) }, () =>
    answers(`http://127.0.0.1:${port}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"system_health","params":[]}',
    }),
  );

/**
 * Starts the local mail catcher (apps/mail-catcher, `node --import tsx`): SMTP on
 * 127.0.0.1:`smtpPort`, inbox page and JSON inbox on 127.0.0.1:`webPort`; waits until
 * both accept connections.
 * @param {number} smtpPort
 * @param {number} webPort
 * @returns {Promise<import('node:child_process').ChildProcess>}
 * @throws {Error} when it exits or does not listen within LISTEN_TIMEOUT_MS (60 s)
 */
async function startMailCatcherProcess(smtpPort, webPort) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/mail-catcher/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, MAIL_SMTP_PORT: String(smtpPort), MAIL_WEB_PORT: String(webPort), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return untilListening(child, `the mail catcher (SMTP ${smtpPort}, web ${webPort})`, [webPort, smtpPort]);
}

/**
 * Starts the local OpenID provider (apps/oidc-provider, `node --import tsx`) on
 * 127.0.0.1:`port`, its clients accepting `redirectUri` (the API's social callback);
 * waits until discovery answers.
 * @param {number} port
 * @param {string} redirectUri
 * @returns {Promise<import('node:child_process').ChildProcess>}
 * @throws {Error} when it exits or does not answer within LISTEN_TIMEOUT_MS (60 s: a loaded machine, tsx and oidc-provider take a while)
 */
async function startOidcProcess(port, redirectUri) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/oidc-provider/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, OIDC_PORT: String(port), OIDC_REDIRECT_URIS: redirectUri, HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + LISTEN_TIMEOUT_MS;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(5_000),
    }).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return child;
    if (exited) throw new Error(`[stack] the OpenID provider (port ${port}) exited before listening`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`[stack] the OpenID provider did not answer in ${LISTEN_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

/**
 * `AIRLOCK_API_SOCIAL_PROVIDERS` of the stack: every social provider on the local
 * OpenID provider at `issuer` (client id = the name, secret `<name>-local-secret`);
 * google and apple as OpenID providers, the others as OAuth-2-only ones (code
 * exchange and profile endpoint), as the real ones are (docs/embedded-wallet.md).
 * @param {string} issuer
 */
export function localSocialProviders(issuer) {
  /** @type {Record<string, object>} */
  const providers = {};
  for (const name of ['google', 'apple']) {
    providers[name] = { kind: 'oidc', issuer, clientId: name, clientSecret: `${name}-local-secret` };
  }
  for (const name of ['github', 'discord', 'x', 'facebook']) {
    providers[name] = {
      kind: 'oauth2',
      authorizationEndpoint: `${issuer}/auth`,
      tokenEndpoint: `${issuer}/token`,
      userinfoEndpoint: `${issuer}/me`,
      clientId: name,
      clientSecret: `${name}-local-secret`,
      scope: 'openid email profile',
      subjectField: 'sub',
      nameField: 'name',
    };
  }
  return providers;
}

/**
 * Request handler of the secure frame origin (127.0.0.3): `/deployment.json` (its
 * deployment of this mode: the widget frame origin it accepts as parent, the API;
 * docs/embedded-wallet.md), then apps/secure-frame/dist.
 * @param {'dev' | 'e2e'} mode
 */
function secureFrameHandler(mode) {
  const deployment = `${JSON.stringify(secureFrameDeployment(mode), null, 2)}\n`;
  const dist = sirv(SECURE_FRAME_DIST, { dev: true, etag: false, single: true });
  /** @type {import('node:http').RequestListener} */
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/deployment.json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...NO_STORE });
      res.end(deployment);
      return;
    }
    dist(req, res, () => notFound(res));
  };
}

/**
 * Request handler of the Dev Wallet origin: `/dev-wallet-config.js` for this
 * mode (relay, anvils), then apps/dev-wallet/dist.
 * @param {'dev' | 'e2e'} mode
 */
function devWalletHandler(mode) {
  const configScript = `window.AIRLOCK_DEV_WALLET_CONFIG = ${JSON.stringify(devWalletConfig(mode), null, 2)};\n`;
  const dist = sirv(DEV_WALLET_DIST, { dev: true, etag: false, single: true });
  /** @type {import('node:http').RequestListener} */
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/dev-wallet-config.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', ...NO_STORE });
      res.end(configScript);
      return;
    }
    dist(req, res, () => notFound(res));
  };
}

/**
 * Request handler of the frame origin: `/deployment.json` (the frame deployment of
 * this mode: provider API, relay, origin bound, Verify off; docs/integration.md
 * "Frame deployment"), then apps/frame/dist (single-page fallback to index.html).
 * @param {'dev' | 'e2e'} mode
 */
function frameHandler(mode) {
  const deployment = `${JSON.stringify(deploymentConfig(mode), null, 2)}\n`;
  const dist = sirv(FRAME_DIST, { dev: true, etag: false, single: true });
  /** @type {import('node:http').RequestListener} */
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    // e2e only: a page that plays the widget frame for the secure frame (e2e/support/embedded-harness.html).
    if (mode === 'e2e' && E2E_FRAME_FILES[path]) {
      const [file, type] = E2E_FRAME_FILES[path];
      res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, ...NO_STORE });
      res.end(readFileSync(file));
      return;
    }
    if (path === '/deployment.json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...NO_STORE });
      res.end(deployment);
      return;
    }
    dist(req, res, () => notFound(res));
  };
}

/**
 * Starts an HTTP server.
 * @param {import('node:http').RequestListener} handler
 * @param {number} port
 * @param {string} host
 * @returns {Promise<import('node:http').Server>}
 * @throws {Error} EADDRINUSE and other listen errors
 */
function listen(handler, port, host) {
  return new Promise((done, fail) => {
    const server = createServer(handler);
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done(server);
    });
  });
}

/** Files the frame origin serves in e2e mode only: the embedded-wallet harness and penpal's ESM build for it. */
const E2E_FRAME_FILES = /** @type {Record<string, [string, string]>} */ ({
  '/__e2e/embedded-harness.html': [join(ROOT, 'e2e/support/embedded-harness.html'), 'text/html'],
  '/__e2e/penpal.mjs': [join(ROOT, 'node_modules/penpal/dist/penpal.mjs'), 'text/javascript'],
});

/** Headers that keep browsers from caching what a rebuild changes. */
const NO_STORE = { 'cache-control': 'no-store' };

/**
 * Request handler of the dapp and foreign origins: `/demo-config.js`,
 * `/airlock.js`, `/airlock-solana.js`, `/airlock-bitcoin.js`, `/airlock-cosmos.js`, `/airlock-polkadot.js`, `/airlock-multichain.js` and `/airlock-inline.js` (the classic-script host builds), `/fixtures/*` (e2e mode) and
 * apps/demo-dapp/dist.
 * In e2e mode `POST /__e2e/restart-relay` restarts the relay (`restartRelay`) and answers 204;
 * `POST /__e2e/api/stop` and `POST /__e2e/api/start` stop and start the provider API (204).
 * @param {'dev' | 'e2e'} mode
 * @param {() => Promise<void>} [restartRelay]
 * @param {{ stop: () => Promise<void>, start: () => Promise<void> }} [apiControl]
 * @param {{ stop: () => Promise<void>, start: () => Promise<void> }} [onrampControl] `POST /__e2e/onramp/stop|start` (e2e)
 * @param {ReturnType<typeof siwxStack>} [siwx] the demo's sign-in verification route
 */
function dappHandler(mode, restartRelay, apiControl, onrampControl, siwx) {
  const configScript = `window.AIRLOCK_DEMO_CONFIG = ${JSON.stringify({ ...demoConfig(mode), ...siwx?.demo }, null, 2)};\n`;
  const dist = sirv(DAPP_DIST, { dev: true, etag: false });
  const fixtures = mode === 'e2e' ? sirv(FIXTURES, { dev: true, etag: false }) : undefined;
  /** @type {import('node:http').RequestListener} */
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (siwx?.handle(req, res, path)) return;
    if (mode === 'e2e' && restartRelay && path === '/__e2e/restart-relay' && req.method === 'POST') {
      restartRelay().then(
        () => (res.writeHead(204, NO_STORE), res.end()),
        (error) => (res.writeHead(500, { 'content-type': 'text/plain' }), res.end(String(error))),
      );
      return;
    }
    if (
      mode === 'e2e' &&
      apiControl &&
      (path === '/__e2e/api/stop' || path === '/__e2e/api/start') &&
      req.method === 'POST'
    ) {
      (path.endsWith('stop') ? apiControl.stop() : apiControl.start()).then(
        () => (res.writeHead(204, NO_STORE), res.end()),
        (error) => (res.writeHead(500, { 'content-type': 'text/plain' }), res.end(String(error))),
      );
      return;
    }
    if (
      mode === 'e2e' &&
      onrampControl &&
      (path === '/__e2e/onramp/stop' || path === '/__e2e/onramp/start') &&
      req.method === 'POST'
    ) {
      (path.endsWith('stop') ? onrampControl.stop() : onrampControl.start()).then(
        () => (res.writeHead(204, NO_STORE), res.end()),
        (error) => (res.writeHead(500, { 'content-type': 'text/plain' }), res.end(String(error))),
      );
      return;
    }
    if (path === '/demo-config.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', ...NO_STORE });
      res.end(configScript);
      return;
    }
    if (/^\/airlock(-solana|-bitcoin|-cosmos|-polkadot|-multichain|-inline)?\.js(\.map)?$/.test(path)) {
      const file = join(HOST_DIST, path.slice(1));
      if (!existsSync(file)) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end(`${path} not built: run npm run build -w @airlock/host-sdk`);
        return;
      }
      const type = path.endsWith('.map') ? 'application/json' : 'text/javascript; charset=utf-8';
      res.writeHead(200, { 'content-type': type, ...NO_STORE });
      res.end(readFileSync(file));
      return;
    }
    if (fixtures && path.startsWith('/fixtures/')) {
      req.url = (req.url ?? '/').slice('/fixtures'.length);
      fixtures(req, res, () => notFound(res));
      return;
    }
    dist(req, res, () => notFound(res));
  };
}

/**
 * Sign in with a wallet on the stack (docs/siwx.md), one self-contained block:
 * - `apiEnv`: `AIRLOCK_SIWX_JWT_KEY`, an EC P-256 private JWK made once per stack, so the API
 *   keeps its signing key across the e2e stop/start;
 * - `handle`: the demo's own backend, "the dapp's server": `POST /api/siwx/verify` with
 *   `{ token }` checks the session token with `@airlock/siwx` (`verifySessionToken`: the API's
 *   JWKS, audience = the demo's project id, domain = this server's own Host, and the API's
 *   revocation list) and answers `{ valid: true, claims }` or `{ valid: false, reason }`; `POST /api/siwx/revoke`
 *   with `{ caipAddress, pci, signature }` asks the API to revoke that session (spec §7);
 * - `demo`: what the demo config gets: sign-in on by default in dev (`npm start`), off in e2e
 *   (the e2e specs turn it on with `?siwx=1`).
 * @param {'dev' | 'e2e'} mode
 * @param {ReturnType<typeof stackUrls>} urls
 * @param {string} projectId
 */
function siwxStack(mode, urls, projectId) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const apiEnv = { AIRLOCK_SIWX_JWT_KEY: JSON.stringify(privateKey.export({ format: 'jwk' })) };
  /** @type {Promise<typeof import('../packages/siwx/src/index.ts')> | null} */
  let siwx = null;
  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} path @returns {boolean} handled */
  const custom = siwxCustomBackend(mode);
  const handle = (req, res, path) => {
    if (custom?.(req, res, path)) return true;
    if ((path !== '/api/siwx/verify' && path !== '/api/siwx/revoke') || req.method !== 'POST') return false;
    const chunks = /** @type {Buffer[]} */ ([]);
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      const reply = (/** @type {number} */ status, /** @type {unknown} */ body) => {
        res.writeHead(status, { 'content-type': 'application/json', ...NO_STORE });
        res.end(JSON.stringify(body));
      };
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        if (path === '/api/siwx/revoke') {
          const url = `${urls.api}/v1/sessions/${encodeURIComponent(String(body.caipAddress))}/revoke?projectId=${projectId}`;
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ pci: body.pci, signature: body.signature }),
            signal: AbortSignal.timeout(5_000),
          });
          return reply(res.status, await res.json());
        }
        const { token } = body;
        if (typeof token !== 'string') return reply(400, { valid: false, reason: 'token required' });
        siwx ??= import('tsx/esm/api').then((m) => m.tsImport('@airlock/siwx', import.meta.url));
        const { verifySessionToken } = await siwx;
        const result = await verifySessionToken(token, {
          jwksUrl: `${urls.api}/.well-known/jwks.json`,
          projectId,
          domain: req.headers.host ?? '',
          revocation: { apiUrl: urls.api },
        });
        reply(result.valid ? 200 : 401, result);
      } catch (error) {
        reply(500, { valid: false, reason: String(error) });
      }
    });
    return true;
  };
  return { apiEnv, handle, demo: { siwx: mode === 'dev' } };
}

/**
 * Custom sign-in mode (docs/siwx.md), e2e only: the demo as its own relying party, at
 * `GET /api/siwx/custom/nonce` → `{ nonce }` (single use, 5 minutes) and
 * `POST /api/siwx/custom/verify` `{ message, signature }` → `{ token }` when `verifySiwxMessage`
 * (`@airlock/siwx`) accepts it for this server's Host with a nonce it issued (used up here),
 * 401 `{ reason }` otherwise. The frame calls them cross-origin: both answer CORS for any
 * origin, without credentials. `GET /api/siwx/custom/log` lists what verify received (the spec
 * checks that only the message and signature arrive). Null in dev.
 * @param {'dev' | 'e2e'} mode
 */
function siwxCustomBackend(mode) {
  if (mode !== 'e2e') return null;
  /** @type {Map<string, number>} nonce → expiry (ms) */
  const nonces = new Map();
  /** @type {unknown[]} */
  const log = [];
  /** @type {Promise<typeof import('../packages/siwx/src/index.ts')> | null} */
  let siwx = null;
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', ...NO_STORE };
  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} path @returns {boolean} handled */
  return (req, res, path) => {
    if (!path.startsWith('/api/siwx/custom/')) return false;
    const reply = (/** @type {number} */ status, /** @type {unknown} */ body) => {
      res.writeHead(status, { 'content-type': 'application/json', ...cors });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'OPTIONS') return (reply(204, {}), true);
    if (path === '/api/siwx/custom/nonce' && req.method === 'GET') {
      const nonce = randomBytes(12).toString('hex');
      nonces.set(nonce, Date.now() + 300_000);
      return (reply(200, { nonce }), true);
    }
    if (path === '/api/siwx/custom/log' && req.method === 'GET') return (reply(200, log), true);
    if (path !== '/api/siwx/custom/verify' || req.method !== 'POST') return (reply(404, {}), true);
    const chunks = /** @type {Buffer[]} */ ([]);
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        log.push(body);
        siwx ??= import('tsx/esm/api').then((m) => m.tsImport('@airlock/siwx', import.meta.url));
        const { verifySiwxMessage, parseSiwxMessage } = await siwx;
        const { nonce } = parseSiwxMessage(String(body.message));
        const expiry = nonces.get(nonce);
        nonces.delete(nonce);
        if (!expiry || expiry < Date.now()) return reply(401, { reason: 'Unknown or used nonce' });
        // This server's own Host is the domain the message must name (the frame calls from its own origin).
        const domain = req.headers.host ?? '';
        const result = await verifySiwxMessage({
          message: body.message,
          signature: String(body.signature),
          domain,
          nonce,
        });
        if (!result.valid) return reply(401, { reason: result.reason });
        reply(200, { token: `demo-session-${nonce}` });
      } catch (error) {
        reply(400, { reason: String(error) });
      }
    });
    return true;
  };
}

/** @param {import('node:http').ServerResponse} res */
function notFound(res) {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('Not found');
}

/**
 * @typedef {object} Stack
 * @property {ReturnType<typeof stackUrls>} urls origins and RPC URLs of this mode
 * @property {() => Promise<void>} stop kills both anvils and closes every server; safe to call twice
 * @property {{ stop: () => Promise<void>, start: () => Promise<void> }} api stops / starts the provider API (apps/api) on its port, keeping its data
 * @property {() => Promise<void>} restartRelay stops the WalletConnect relay and starts a fresh one (empty memory) on the same port
 */

/**
 * Starts the whole local stack (docs/integration.md).
 *
 * - two anvil chains (31337 and 31338, default mnemonic) on 127.0.0.1, waited on with `eth_chainId`;
 * - builds host-sdk, frame and demo-dapp when their dist is missing, or all of them when `build` is true;
 * - starts the local Solana JSON-RPC (apps/solana-rpc, HTTP on `solanaRpc`, WebSocket on the next port);
 * - starts the Bitcoin regtest stand-in (apps/bitcoin-esplora, an Esplora API on `bitcoinEsplora`), the
 *   Cosmos stand-in (apps/cosmos-lcd on `cosmosLcd`) and the Substrate one (apps/substrate-rpc on `substrateRpc`);
 * - starts the WalletConnect relay (apps/relay) and serves apps/dev-wallet/dist with `/dev-wallet-config.js`;
 * - serves apps/frame/dist and `/deployment.json` (the frame deployment of this mode) on the frame origin,
 *   apps/demo-dapp/dist on the dapp origin (localhost) and on the foreign origin (127.0.0.2), with
 *   `/demo-config.js`, `/airlock.js` and `/airlock-solana.js` on both; in e2e mode also on a second origin of the same site
 *   (`dappAlt`, localhost on another port);
 * - deploys ERC-4337 (v0.7, and v0.8 for EIP-7702) on both anvils (scripts/aa.mjs) and starts each chain's bundler (Alto, scripts/bundler.mjs),
 *   which the API fronts as `POST /v1/bundler` (in e2e mode only with `AIRLOCK_BUNDLER=1`; else a spec that needs it starts it).
 *
 * Ports come from docs/integration.md per mode, overridable with `AIRLOCK_*_PORT`.
 * Children die with this process: on exit, SIGINT, SIGTERM, SIGHUP, and (through a
 * watchdog process) even on SIGKILL.
 *
 * @param {{ mode: 'dev' | 'e2e', build?: boolean, waitForPortsMs?: number, log?: (line: string) => void }} options
 *   `waitForPortsMs`: how long to wait for busy ports to free up (another stack of the same
 *   mode on a shared machine) before failing; default 0.
 * @returns {Promise<Stack>}
 * @throws {Error} when a build fails, a port is busy or anvil does not start (everything started so far is stopped)
 */
export async function startStack({ mode, build = false, waitForPortsMs = 0, log = console.log }) {
  const ports = stackPorts(mode);
  const urls = stackUrls(mode);
  /** Whether this stack runs each chain's ERC-4337 bundler (Alto): always in dev, in e2e only with `AIRLOCK_BUNDLER=1`. */
  const withBundler = mode === 'dev' || process.env.AIRLOCK_BUNDLER === '1';
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  /** @type {import('node:http').Server[]} */
  const servers = [];
  const watchdog = startWatchdog();
  let stopped = false;

  const killChildren = () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    }
  };
  const onExit = () => killChildren();
  /** @param {NodeJS.Signals} signal */
  const onSignal = (signal) => {
    killChildren();
    // If nobody else handles the signal, behave like the default handler.
    if (process.listenerCount(signal) === 1)
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15));
  };
  process.on('exit', onExit);
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.on(signal, onSignal);

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const exits = children
      .filter((child) => child.exitCode === null && child.signalCode === null)
      .map((child) => new Promise((done) => child.once('exit', done)));
    killChildren();
    await Promise.all([
      ...exits,
      ...servers.map(
        (server) =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done(undefined));
          }),
      ),
    ]);
    watchdog.close();
    process.off('exit', onExit);
    for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.off(signal, onSignal);
  };

  /** @type {import('node:child_process').ChildProcess | null} */
  let relay = null;
  const restartRelay = async () => {
    const old = relay;
    if (old && old.exitCode === null && old.signalCode === null) {
      const exited = new Promise((done) => old.once('exit', done));
      old.kill('SIGTERM');
      await exited;
    }
    relay = await startRelayProcess(ports.relay);
    children.push(relay);
    if (relay.pid) watchdog.watch(relay.pid);
  };

  // The provider API (apps/api): PGlite in .airlock/api-<mode> (a temp folder in e2e), fresh on each
  // start because the anvil chains are fresh too.
  const apiDataDir = mode === 'e2e' ? mkdtempSync(join(tmpdir(), 'airlock-api-e2e-')) : join(ROOT, '.airlock/api-dev');
  const apiChains = [
    { caipNetworkId: `eip155:${CHAIN_IDS.anvilA}`, rpcUrl: urls.rpcA },
    { caipNetworkId: `eip155:${CHAIN_IDS.anvilB}`, rpcUrl: urls.rpcB },
  ];
  // The onramp sandbox (apps/onramp-sandbox) and the API share fresh secrets per start.
  const onramp = {
    sandboxUrl: urls.onramp,
    webhookSecret: randomBytes(32).toString('hex'),
    signingSecret: randomBytes(32).toString('hex'),
  };
  /** @type {import('node:child_process').ChildProcess | null} */
  let sandbox = null;
  const startSandbox = async () => {
    if (sandbox && sandbox.exitCode === null && sandbox.signalCode === null) return;
    sandbox = await startOnrampSandboxProcess({
      port: ports.onramp,
      apiUrl: urls.api,
      chains: apiChains,
      webhookSecret: onramp.webhookSecret,
      signingSecret: onramp.signingSecret,
      quiet: mode === 'e2e',
    });
    children.push(sandbox);
    if (sandbox.pid) watchdog.watch(sandbox.pid);
  };
  const onrampControl = { start: startSandbox, stop: () => stopApi(sandbox) };

  // The embedded wallet on the API: mail to the local mail catcher, a recovery key generated once per
  // stack start (dev and e2e data are fresh on each start too), the secure frame origin for CORS.
  const embeddedApiEnv = {
    AIRLOCK_API_SMTP_URL: urls.mailSmtp,
    AIRLOCK_API_MAIL_FROM: 'Airlock <no-reply@airlock.local>',
    AIRLOCK_API_RECOVERY_KEY: randomBytes(32).toString('base64'),
    AIRLOCK_API_SECURE_FRAME_ORIGINS: urls.secureFrame,
    // Sign In With Farcaster: the relay stand-in (apps/farcaster-relay) and the dev IdRegistry on anvil A.
    AIRLOCK_API_FARCASTER_RELAY_URL: urls.farcaster,
    AIRLOCK_API_FARCASTER_RPC_URL: urls.rpcA,
    // Social login through the local OpenID provider (apps/oidc-provider).
    AIRLOCK_API_SOCIAL_PROVIDERS: JSON.stringify(localSocialProviders(urls.oidc)),
  };
  /** @type {import('node:child_process').ChildProcess | null} */
  let api = null;
  let apiStarts = 0;
  const siwx = siwxStack(mode, urls, demoConfig(mode).projectId);
  const startApi = async () => {
    if (api && api.exitCode === null && api.signalCode === null) return;
    api = spawnApi({
      port: ports.api,
      chains: apiChains,
      dataDir: apiDataDir,
      fresh: apiStarts++ === 0,
      quiet: mode === 'e2e',
      onramp,
      env: {
        ...siwx.apiEnv,
        ...embeddedApiEnv,
        // e2e only: POST /v1/test/clock moves the embedded wallet's clock (e2e/embedded-expired-code.spec.ts).
        ...(mode === 'e2e' ? { AIRLOCK_API_TEST_CLOCK: '1' } : {}),
        // ERC-4337: each chain's bundler (Alto) behind POST /v1/bundler, sponsorship by the dev paymaster.
        // Always named (an e2e stack without AIRLOCK_BUNDLER=1 answers 'Bundler unavailable' until a spec,
        // e.g. e2e/embedded-smart-account.spec.ts, starts Alto on the bundler port itself).
        ...devBundlerEnv([
          { caipNetworkId: `eip155:${CHAIN_IDS.anvilA}`, url: urls.bundlerA },
          { caipNetworkId: `eip155:${CHAIN_IDS.anvilB}`, url: urls.bundlerB },
        ]),
        // The local Solana chain: balances and history read from its RPC (apps/api/src/solana).
        AIRLOCK_SOLANA_CHAINS: JSON.stringify([
          {
            caipNetworkId: solanaLocalNetwork(urls.solanaRpc).caipNetworkId,
            rpcUrl: urls.solanaRpc,
            tokens: [{ mint: SOLANA_DEV_MINT, symbol: 'DEV', name: 'Dev Token' }],
          },
        ]),
        // The Bitcoin regtest stand-in: balances and history read from its Esplora API (apps/api/src/bip122).
        AIRLOCK_BITCOIN_CHAINS: JSON.stringify([
          { caipNetworkId: BITCOIN_REGTEST_CAIP_NETWORK_ID, esploraUrl: urls.bitcoinEsplora },
        ]),
        // The Cosmos and Substrate stand-ins: balances from the LCD and the JSON-RPC (apps/api/src/cosmos, /polkadot).
        AIRLOCK_COSMOS_CHAINS: JSON.stringify([
          { caipNetworkId: COSMOS_LOCAL_CAIP_NETWORK_ID, lcdUrl: urls.cosmosLcd },
        ]),
        AIRLOCK_POLKADOT_CHAINS: JSON.stringify([
          { caipNetworkId: POLKADOT_LOCAL_CAIP_NETWORK_ID, rpcUrl: urls.substrateRpc },
        ]),
      },
    });
    children.push(api);
    if (api.pid) watchdog.watch(api.pid);
    await waitForApi(urls.api, api);
  };
  const apiControl = { start: startApi, stop: () => stopApi(api) };

  try {
    buildApps({ force: build, log });
    await waitForFreePorts(mode, ports, waitForPortsMs, log);

    const chains = await Promise.all([
      startAnvil(ports.anvilA, CHAIN_IDS.anvilA),
      startAnvil(ports.anvilB, CHAIN_IDS.anvilB),
    ]);
    for (const child of chains) {
      children.push(child);
      if (child.pid) watchdog.watch(child.pid);
    }

    // The local Solana chain (apps/solana-rpc): before the API, which indexes it.
    const solana = await startSolanaRpcProcess(ports.solanaRpc);
    children.push(solana);
    if (solana.pid) watchdog.watch(solana.pid);

    // The Bitcoin regtest stand-in (apps/bitcoin-esplora), an Esplora API with funded dev accounts.
    // The Cosmos and Substrate stand-ins (apps/cosmos-lcd, apps/substrate-rpc): seeded, not nodes.
    // Started side by side; each one that started is kept for the shutdown even when another failed.
    const standIns = await Promise.allSettled([
      startBitcoinEsploraProcess(ports.bitcoinEsplora),
      startCosmosLcdProcess(ports.cosmosLcd),
      startSubstrateRpcProcess(ports.substrateRpc),
    ]);
    for (const started of standIns) {
      if (started.status !== 'fulfilled') continue;
      children.push(started.value);
      if (started.value.pid) watchdog.watch(started.value.pid);
    }
    const failed = standIns.find((started) => started.status === 'rejected');
    if (failed) throw failed.reason;

    await Promise.all(apiChains.map((chain) => deployDevAssets(chain.rpcUrl)));
    const apiReady = startApi();
    apiReady.catch(() => {});
    // The ERC-4337 bundler of each chain (Alto, scripts/bundler.mjs), with its own executor keys; the API
    // is its only public entry. Started beside the API (Alto takes some seconds to load).
    // e2e stacks skip Alto (CPU at each shard's start) unless AIRLOCK_BUNDLER=1: the specs that need
    // it start it themselves (e2e/embedded-smart-account.spec.ts); the dev stack (`npm start`) always runs it.
    const bundlersReady = Promise.all(
      (withBundler
        ? [
            { port: ports.bundlerA, rpcUrl: urls.rpcA },
            { port: ports.bundlerB, rpcUrl: urls.rpcB },
          ]
        : []
      ).map(async ({ port, rpcUrl }) => {
        const bundler = await startBundlerProcess({ port, rpcUrl, quiet: true });
        children.push(bundler.child);
        if (bundler.child.pid) watchdog.watch(bundler.child.pid);
      }),
    );
    bundlersReady.catch(() => {});
    await startSandbox();

    // Sign In With Farcaster: the relay stand-in with the dev IdRegistry on anvil A.
    const farcaster = await startFarcasterRelayProcess({
      port: ports.farcaster,
      rpcUrl: urls.rpcA,
      quiet: mode === 'e2e',
      control: mode === 'e2e',
    });
    children.push(farcaster);
    if (farcaster.pid) watchdog.watch(farcaster.pid);

    relay = await startRelayProcess(ports.relay);
    children.push(relay);
    if (relay.pid) watchdog.watch(relay.pid);
    servers.push(await listen(devWalletHandler(mode), ports.devWallet, '127.0.0.1'));

    servers.push(await listen(frameHandler(mode), ports.frame, '127.0.0.1'));
    // The embedded wallet: the secure frame on a third site, and the local mail catcher.
    // `wallet.localhost`: browsers resolve *.localhost to the loopback address themselves, and a
    // passkey's relying party must be a domain name (WebAuthn refuses an IP address).
    servers.push(await listen(secureFrameHandler(mode), ports.secureFrame, '127.0.0.1'));
    const mail = await startMailCatcherProcess(ports.mailSmtp, ports.mailWeb);
    children.push(mail);
    if (mail.pid) watchdog.watch(mail.pid);
    // The social providers' stand-in (e2e: `POST <oidc>/_control/down` and `/_control/up` switch it off and on).
    const oidc = await startOidcProcess(ports.oidc, `${urls.api}/embedded/v1/social/callback`);
    children.push(oidc);
    if (oidc.pid) watchdog.watch(oidc.pid);
    const dapp = dappHandler(mode, restartRelay, apiControl, onrampControl, siwx);
    servers.push(await listen(dapp, ports.dapp, '127.0.0.1'));
    // Browsers may resolve localhost to ::1 first; serve it there too when IPv6 exists.
    await listen(dapp, ports.dapp, '::1').then(
      (server) => servers.push(server),
      (error) => {
        if (error.code === 'EADDRINUSE') throw error;
      },
    );
    servers.push(await listen(dapp, ports.foreign, '127.0.0.2'));
    // e2e: the same dapp on a second origin of the same site (localhost, another port).
    if (mode === 'e2e') {
      servers.push(await listen(dapp, ports.dappAlt, '127.0.0.1'));
      await listen(dapp, ports.dappAlt, '::1').then(
        (server) => servers.push(server),
        (error) => {
          if (error.code === 'EADDRINUSE') throw error;
        },
      );
    }
    await apiReady;
    await bundlersReady;
  } catch (error) {
    await stop();
    throw error;
  }

  const stopAll = async () => {
    await stop();
    if (mode === 'e2e') rmSync(apiDataDir, { recursive: true, force: true });
  };
  return { urls, stop: stopAll, restartRelay, api: apiControl, onramp: onrampControl };
}

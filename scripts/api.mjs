// The provider API in the local stack: dev assets on the anvil chains (an ERC-20 and an
// ERC-721 from the OpenZeppelin 4.9.6 preset artifacts, installed as a dev dependency of
// @airlock/api, then the Uniswap v2 dev exchange of scripts/dex.mjs) and the API process
// (apps/api, embedded PGlite).
// Used by scripts/stack.mjs and scripts/bench.mjs.

import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { encodeDeployData, encodeFunctionData, parseUnits } from 'viem';
import { DEV_PAYMASTER_ADDRESS, DEV_PAYMASTER_SIGNER_KEY, deployAccountAbstraction } from './aa.mjs';
import { DEX_DEPLOYER_KEY, deployDevDex, UNISWAP_ROUTER_ADDRESS, USDD_ADDRESS } from './dex.mjs';
import { installMulticall3 } from './multicall3.mjs';
import { rpc as call } from './rpc.mjs';

const require = createRequire(import.meta.url);

/** The dev accounts that get assets: anvil's default mnemonic accounts 0, 1 and 2. */
export const DEV_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
];

/**
 * Addresses of the dev contracts: account 0 deploys them first on a fresh chain (nonces 0 and 1),
 * so they are the same on both anvils.
 */
export const DEV_TOKEN_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
/** The dev ERC-721 (`Dev NFT`, `DNFT`), token id 0 minted to account 0. */
export const DEV_NFT_ADDRESS = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
/** Whole DEV tokens (18 decimals) minted to each dev account. */
export const DEV_TOKEN_AMOUNT = '1000';

/** @param {string} name */
function artifact(name) {
  return /** @type {{ abi: any[], bytecode: `0x${string}` }} */ (
    JSON.parse(
      readFileSync(
        require.resolve(`@openzeppelin/contracts/build/contracts/${name}.json`, {
          paths: [join(import.meta.dirname, '../apps/api')],
        }),
        'utf8',
      ),
    )
  );
}

/**
 * Sends a transaction from an unlocked anvil account and returns its receipt (anvil automines).
 * @param {string} url
 * @param {{ from: string, to?: string, data: string }} tx
 * @throws {Error} when it reverts
 */
async function send(url, tx) {
  const hash = await call(url, 'eth_sendTransaction', [tx]);
  let receipt = null;
  for (let i = 0; i < 100 && !receipt; i++) {
    receipt = await call(url, 'eth_getTransactionReceipt', [hash]);
    if (!receipt) await new Promise((done) => setTimeout(done, 50));
  }
  if (receipt?.status !== '0x1')
    throw new Error(`[stack] dev asset transaction ${hash} failed: ${JSON.stringify(receipt)?.slice(0, 300)}`);
  return receipt;
}

/**
 * Deploys the dev ERC-20 (`Dev Token`, `DEV`, 18 decimals; 1000 DEV to each of
 * {@link DEV_ACCOUNTS}) and the dev ERC-721 (`Dev NFT`, `DNFT`; token 0 to account 0)
 * on the anvil at `url`, then the dev exchange (`deployDevDex` of scripts/dex.mjs: Uniswap v2,
 * USDD, pools ETH/DEV and DEV/USDD), after putting Multicall3 at its canonical address
 * (`installMulticall3` of scripts/multicall3.mjs; anvil_setCode, no transaction), and ERC-4337 v0.7 (EntryPoint,
 * SimpleAccountFactory, the dev VerifyingPaymaster; v0.8 and Simple7702Account for EIP-7702: `deployAccountAbstraction` of scripts/aa.mjs).
 * Idempotent: each part does nothing when already deployed.
 * @param {string} url anvil JSON-RPC URL
 * @returns {Promise<{ token: string, nft: string }>}
 * @throws {Error} when a deployment lands elsewhere than expected (account 0 was used before) or reverts
 */
export async function deployDevAssets(url) {
  // Multicall3 at its canonical address, as on public chains: the API reads balances through it.
  await installMulticall3(url);
  await deployAccountAbstraction(url);
  const code = await call(url, 'eth_getCode', [DEV_TOKEN_ADDRESS, 'latest']);
  if (code && code !== '0x') {
    await deployDevDex(url, { devToken: DEV_TOKEN_ADDRESS, devMinter: DEV_ACCOUNTS[0] });
    return { token: DEV_TOKEN_ADDRESS, nft: DEV_NFT_ADDRESS };
  }
  const [owner] = DEV_ACCOUNTS;
  const erc20 = artifact('ERC20PresetMinterPauser');
  const erc721 = artifact('ERC721PresetMinterPauserAutoId');
  const token = await send(url, {
    from: owner,
    data: encodeDeployData({ abi: erc20.abi, bytecode: erc20.bytecode, args: ['Dev Token', 'DEV'] }),
  });
  const nft = await send(url, {
    from: owner,
    data: encodeDeployData({ abi: erc721.abi, bytecode: erc721.bytecode, args: ['Dev NFT', 'DNFT', ''] }),
  });
  if (
    token.contractAddress?.toLowerCase() !== DEV_TOKEN_ADDRESS.toLowerCase() ||
    nft.contractAddress?.toLowerCase() !== DEV_NFT_ADDRESS.toLowerCase()
  ) {
    throw new Error(
      `[stack] dev contracts landed at ${token.contractAddress} / ${nft.contractAddress}: account 0 was used before deployment`,
    );
  }
  for (const account of DEV_ACCOUNTS) {
    await send(url, {
      from: owner,
      to: DEV_TOKEN_ADDRESS,
      data: encodeFunctionData({
        abi: erc20.abi,
        functionName: 'mint',
        args: [account, parseUnits(DEV_TOKEN_AMOUNT, 18)],
      }),
    });
  }
  await send(url, {
    from: owner,
    to: DEV_NFT_ADDRESS,
    data: encodeFunctionData({ abi: erc721.abi, functionName: 'mint', args: [owner] }),
  });
  await deployDevDex(url, { devToken: DEV_TOKEN_ADDRESS, devMinter: owner });
  return { token: DEV_TOKEN_ADDRESS, nft: DEV_NFT_ADDRESS };
}

/**
 * The dev API's ERC-4337 environment: the bundler (Alto) of each chain behind `POST /v1/bundler`, and
 * gas sponsorship with the dev VerifyingPaymaster (scripts/aa.mjs), signed with its dev signer key.
 * @param {{ caipNetworkId: string, url: string }[]} bundlers
 * @returns {Record<string, string>}
 */
export function devBundlerEnv(bundlers) {
  return {
    AIRLOCK_BUNDLERS: JSON.stringify(bundlers.map((b) => ({ ...b, paymaster: DEV_PAYMASTER_ADDRESS }))),
    AIRLOCK_PAYMASTER_SIGNER_KEY: DEV_PAYMASTER_SIGNER_KEY,
  };
}

/** Name zones of the dev stack: the spec's `reown.id` and the legacy `wcn.id`. */
export const DEV_NAME_ZONES = ['reown.id', 'wcn.id'];

/**
 * The two onramp providers of the dev stack, both served by the onramp sandbox (apps/onramp-sandbox)
 * under different names and fees: `harbor-pay` (1 %) and `lantern-ramp` (2 %).
 */
export const DEV_ONRAMP_PARTNERS = [
  { id: 'harbor-pay', name: 'Harbor Pay', publicKey: 'pk_sandbox_harbor', feePercent: 1 },
  { id: 'lantern-ramp', name: 'Lantern Ramp', publicKey: 'pk_sandbox_lantern', feePercent: 2 },
];

/**
 * The dev API's swap, name and onramp environment: Uniswap v2 on each chain (DEV and USDD offered),
 * the dev name zones, and — with `onramp` — the two sandbox providers (default purchase currency USDD).
 * @param {{ chains: { caipNetworkId: string }[], onramp?: { sandboxUrl: string, webhookSecret: string, signingSecret: string } }} options
 * @returns {Record<string, string>}
 */
export function devFeatureEnv({ chains, onramp }) {
  const env = {
    AIRLOCK_SWAP_UNISWAP_V2: JSON.stringify(
      chains.map((c) => ({
        caipNetworkId: c.caipNetworkId,
        router: UNISWAP_ROUTER_ADDRESS,
        tokens: [DEV_TOKEN_ADDRESS, USDD_ADDRESS],
      })),
    ),
    AIRLOCK_NAME_ZONES: DEV_NAME_ZONES.join(','),
  };
  if (!onramp) return env;
  return {
    ...env,
    AIRLOCK_ONRAMP_DEFAULT_CURRENCY: 'USDD',
    AIRLOCK_ONRAMP_PROVIDERS: JSON.stringify(
      DEV_ONRAMP_PARTNERS.map((p) => ({
        id: p.id,
        name: p.name,
        url: onramp.sandboxUrl,
        logoUrl: `${onramp.sandboxUrl.replace(/\/$/, '')}/logo/${p.id}.svg`,
        publicKey: p.publicKey,
        secretKey: onramp.signingSecret,
        webhookSecret: onramp.webhookSecret,
      })),
    ),
  };
}

/**
 * Options for `startOnrampSandbox` (apps/onramp-sandbox) in the dev stack: it sells DEV, USDD and ETH on each
 * chain, pays out from the dex deployer (anvil account 9, which holds the DEV/USDD reserve) and sends
 * webhooks to the API at `apiUrl`. Pass the same secrets to {@link devFeatureEnv} (e.g. `randomBytes(32)` hex per start).
 * @param {{ port: number, apiUrl: string, chains: { caipNetworkId: string, rpcUrl: string }[], webhookSecret: string, signingSecret: string }} options
 */
export function devSandboxOptions({ port, apiUrl, chains, webhookSecret, signingSecret }) {
  return {
    port,
    host: '127.0.0.1',
    apiUrl,
    projectId: 'airlock-dev',
    webhookSecret,
    signingSecret,
    treasuryKey: DEX_DEPLOYER_KEY,
    partners: Object.fromEntries(DEV_ONRAMP_PARTNERS.map((p) => [p.publicKey, { id: p.id, feePercent: p.feePercent }])),
    chains: chains.map((c) => ({
      caipNetworkId: c.caipNetworkId,
      rpcUrl: c.rpcUrl,
      tokens: { DEV: DEV_TOKEN_ADDRESS, USDD: USDD_ADDRESS, ETH: 'native' },
    })),
  };
}

/**
 * Starts the provider API (apps/api; `node --import tsx`, one process so the pid is the API's)
 * on 127.0.0.1:`port` with the dev seed (project `airlock-dev`, origins `http://localhost:*` and
 * `http://127.0.0.1:*`: the demo's and the frame's) and the given chains.
 * Storage: `DATABASE_URL` when `databaseUrl` is given, else PGlite in `dataDir` (emptied first
 * when `fresh`, since the anvil chains are fresh too).
 * Swaps on the dev exchange and the dev name zones are always on ({@link devFeatureEnv}); the onramp
 * providers when `onramp` gives the sandbox's URL and secrets.
 * @param {{ port: number, chains: { caipNetworkId: string, rpcUrl: string, rpcUrls?: string[] }[], dataDir: string, fresh?: boolean, databaseUrl?: string, pollMs?: number, quiet?: boolean, env?: Record<string, string>, onramp?: { sandboxUrl: string, webhookSecret: string, signingSecret: string } }} options
 *   `env`: extra environment (e.g. `AIRLOCK_RATE_CAPACITY` for the bench)
 * @returns {import('node:child_process').ChildProcess}
 */
export function spawnApi({
  port,
  chains,
  dataDir,
  fresh = false,
  databaseUrl,
  pollMs = 500,
  quiet = false,
  env: extraEnv = {},
  onramp,
}) {
  if (fresh && !databaseUrl) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The dev chains are indexed from genesis (the API's default is their head): their whole past is the stack's own.
    AIRLOCK_CHAINS: JSON.stringify(chains.map((chain) => ({ startBlock: 0, ...chain }))),
    AIRLOCK_API_SEED: 'dev',
    AIRLOCK_API_DATA: dataDir,
    AIRLOCK_INDEXER_POLL_MS: String(pollMs),
    ...devFeatureEnv({ chains, onramp }),
    ...extraEnv,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../apps/api/src/main.ts')], {
    cwd: join(import.meta.dirname, '..'),
    env,
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
}

/**
 * Waits until the API at `url` answers `GET /v1/supported-chains?projectId=airlock-dev`.
 * @param {string} url e.g. http://127.0.0.1:18787
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} [timeoutMs] default 180 000, or `AIRLOCK_API_START_TIMEOUT_MS` (PGlite's first start takes 5–20 s on an idle machine and close to a minute on a loaded one)
 * @throws {Error} when the process exits or the API does not answer in time
 */
export async function waitForApi(url, child, timeoutMs = Number(process.env.AIRLOCK_API_START_TIMEOUT_MS ?? 180_000)) {
  let exited = child.exitCode !== null;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`[stack] the API (${url}) exited before answering`);
    try {
      const response = await fetch(`${url}/v1/supported-chains?projectId=airlock-dev`);
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`[stack] the API at ${url} did not answer in ${timeoutMs} ms`);
}

/**
 * Stops an API process (SIGTERM: it closes the database, then exits) and waits for the exit.
 * @param {import('node:child_process').ChildProcess | null} child
 */
export async function stopApi(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

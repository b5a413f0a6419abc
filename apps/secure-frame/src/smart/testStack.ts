import { createPublicClient, http } from 'viem';
import { freePort, startAnvil, type Anvil } from '@airlock/testing';
import { DEV_PAYMASTER_ADDRESS, DEV_PAYMASTER_SIGNER_KEY, deployAccountAbstraction } from '../../../../scripts/aa.mjs';
import { startBundlerProcess } from '../../../../scripts/bundler.mjs';
import { createApi, type Api } from '../../../api/src/main.ts';
import { setSponsorshipPolicy } from '../../../api/src/sponsorship/policy.ts';
import { dropTestDatabases, testDatabase } from '../../../api/src/test/database.ts';
import { createApprovalQueue, type PendingApproval } from '../approval/queue.ts';
import { deriveWallet, generateEntropy } from '../keys/wallet.ts';
import { memoryStore } from '../keys/store.ts';
import { createRpcHandler, type EmbeddedRpc } from '../rpc/handler.ts';
import { createSmartAccounts } from '../wallet/smartAccounts.ts';

/**
 * Test parts for the smart-account tests of the secure frame (smart.test.ts, pageOperation.test.ts), all
 * real: anvil with EntryPoint v0.7 / v0.8, Safe 1.4.1 + Safe4337Module and Simple7702Account from their npm
 * packages, Alto, and the provider API's bundler route with ERC-7677 sponsorship (PostgreSQL when
 * AIRLOCK_TEST_DATABASE_URL is set). The person is a queue that approves every request and records it.
 */

export const SAFE = 'eip155:31337';
/** The same anvil under a second CAIP-2 id would be another chain: EIP-7702 mode runs on its own anvil. */
export const DELEGATED = 'eip155:31338';
/** A network whose bundler is down (the API routes it to a closed port). */
export const DOWN = 'eip155:31339';
export const DEAD = '0x000000000000000000000000000000000000dEaD' as const;
/** The running parts, set by {@link startSmartStack}. */
export const stack = {} as {
  anvil: Anvil;
  anvil7702: Anvil;
  anvilDown: Anvil;
  api: Api;
  apiUrl: string;
  bundler: Awaited<ReturnType<typeof startBundlerProcess>>;
  bundler7702: Awaited<ReturnType<typeof startBundlerProcess>>;
};

/**
 * Starts three anvils with the ERC-4337 contracts, Alto on two of them and the provider API whose bundler
 * route serves them (SAFE sponsored by the dev paymaster; DOWN routed to a closed port). A test file calls it
 * in `beforeAll` and {@link stopSmartStack} in `afterAll`.
 */
export async function startSmartStack(): Promise<void> {
  const [anvil, anvil7702, anvilDown] = await Promise.all([startAnvil(31337), startAnvil(31338), startAnvil(31339)]);
  await Promise.all([anvil, anvil7702, anvilDown].map((a) => deployAccountAbstraction(a.rpcUrl)));
  const [bundler, bundler7702] = await Promise.all([
    startBundlerProcess({ port: await freePort(), rpcUrl: anvil.rpcUrl }),
    startBundlerProcess({ port: await freePort(), rpcUrl: anvil7702.rpcUrl }),
  ]);
  const api = await createApi({
    port: 0,
    database: await testDatabase(),
    chains: [
      { caipNetworkId: SAFE, rpcUrl: anvil.rpcUrl },
      { caipNetworkId: DELEGATED, rpcUrl: anvil7702.rpcUrl },
      { caipNetworkId: DOWN, rpcUrl: anvilDown.rpcUrl },
    ],
    bundlers: {
      chains: [
        { caipNetworkId: SAFE, url: bundler.url, paymaster: DEV_PAYMASTER_ADDRESS },
        { caipNetworkId: DELEGATED, url: bundler7702.url },
        { caipNetworkId: DOWN, url: `http://127.0.0.1:${await freePort()}` },
      ],
      paymasterSignerKey: DEV_PAYMASTER_SIGNER_KEY,
    },
    seed: { projects: [{ id: 'dev', name: 'Dev Project', allowedOrigins: ['http://localhost:*'] }] },
    indexer: { autoStart: false },
    log: () => undefined,
  });
  const apiUrl = await api.start();
  Object.assign(stack, { anvil, anvil7702, anvilDown, api, apiUrl, bundler, bundler7702 });
}

/** Stops what {@link startSmartStack} started and drops the test databases. */
export async function stopSmartStack(): Promise<void> {
  const { api, anvil, anvil7702, anvilDown, bundler, bundler7702 } = stack;
  await Promise.all([
    api?.stop(),
    anvil?.stop(),
    anvil7702?.stop(),
    anvilDown?.stop(),
    bundler?.stop(),
    bundler7702?.stop(),
  ]);
  await dropTestDatabases();
}

/** Sets the dev project's sponsorship policy (on/off, per-user daily gas). */
export const sponsorship = (enabled: boolean, dailyGasLimit = '10000000') =>
  setSponsorshipPolicy(stack.api.db, { projectId: 'dev', enabled, dailyGasLimit, allowedTargets: null });

/** A signed-in secure frame's RPC handler (fresh keys) where the person approves everything. */
export function setup() {
  const keys = deriveWallet(generateEntropy());
  const shown: PendingApproval[] = [];
  const approvals = createApprovalQueue((pending) => {
    const first = pending[0];
    if (first && !shown.includes(first)) {
      shown.push(first);
      queueMicrotask(() => approvals.decide(first.id, true));
    }
  });
  const smart = createSmartAccounts({
    deployment: {
      apiUrl: stack.apiUrl,
      rpcUrls: { [SAFE]: stack.anvil.rpcUrl, [DELEGATED]: stack.anvil7702.rpcUrl, [DOWN]: stack.anvilDown.rpcUrl },
      smartAccounts: { [SAFE]: 'safe', [DELEGATED]: 'eip7702', [DOWN]: 'safe' },
    },
    store: memoryStore(),
    keys: () => keys,
    projectId: () => 'dev',
  });
  const handle = createRpcHandler({
    keys: () => keys,
    dappOrigin: () => 'http://localhost:3000',
    approvals,
    trustedRpcUrls: { [SAFE]: stack.anvil.rpcUrl, [DELEGATED]: stack.anvil7702.rpcUrl, [DOWN]: stack.anvilDown.rpcUrl },
    trustedNativeCurrencies: {
      [SAFE]: { symbol: 'ETH', decimals: 18 },
      [DELEGATED]: { symbol: 'ETH', decimals: 18 },
      [DOWN]: { symbol: 'ETH', decimals: 18 },
    },
    smart,
  });
  let n = 0;
  const request = (method: string, params: unknown, caipNetworkId = SAFE): EmbeddedRpc => ({
    id: `request-${++n}-abcdef`,
    method,
    params,
    chainNamespace: 'eip155',
    caipNetworkId,
    // The page's RPC: never used for the smart account (the deployment's is).
    rpcUrl: 'http://127.0.0.1:1',
  });
  return { keys, shown, handle, request, smart };
}

/** A public client of one anvil. */
export const clientOf = (a: Anvil) => createPublicClient({ chain: a.chain, transport: http(a.rpcUrl) });

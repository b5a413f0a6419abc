import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createTestClient, createWalletClient, http, publicActions, type Chain as ViemChain } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** Test helper: a real anvil node on a free port (node_modules/.bin/anvil). */

const ANVIL = fileURLToPath(new URL('../../../node_modules/.bin/anvil', import.meta.url));

/** Anvil's default dev keys (mnemonic 'test test … junk'), accounts 0–2. */
export const DEV_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
] as const;

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A running anvil: its RPC URL, chain id, a viem test+public client, and `stop()`. */
export type Anvil = {
  rpcUrl: string;
  chainId: number;
  caipNetworkId: `eip155:${number}`;
  chain: ViemChain;
  test: ReturnType<typeof makeTestClient>;
  /** Wallet client for dev account `index` (0–2). */
  wallet: (index?: number) => ReturnType<typeof makeWalletClient>;
  stop: () => Promise<void>;
};

const makeTestClient = (chain: ViemChain, rpcUrl: string) =>
  createTestClient({ chain, mode: 'anvil', transport: http(rpcUrl) }).extend(publicActions);
const makeWalletClient = (chain: ViemChain, rpcUrl: string, key: `0x${string}`) =>
  createWalletClient({ chain, account: privateKeyToAccount(key), transport: http(rpcUrl) }).extend(publicActions);

/** How long anvil may take to say which port it listens on (ms). */
const ANVIL_START_MS = 10_000;

/**
 * Starts anvil on a port it binds itself (`--port 0`) and waits until it says which
 * ("Listening on 127.0.0.1:<port>"). Picking a free port first and handing it over would leave
 * a window in which a parallel test file's anvil takes the same port: the second anvil fails
 * to bind, and both files would then talk to the first one's chain.
 * @throws when anvil exits or names no port within {@link ANVIL_START_MS}.
 */
async function spawnAnvil(
  chainId: number,
  genesisBlockNumber?: number,
): Promise<{ child: ChildProcess; port: number }> {
  const args = ['--port', '0', '--chain-id', String(chainId)];
  if (genesisBlockNumber !== undefined) args.push('--number', String(genesisBlockNumber));
  const child = spawn(ANVIL, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  const stdout = child.stdout!;
  let seen = '';
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`anvil named no port within ${ANVIL_START_MS} ms`)),
        ANVIL_START_MS,
      );
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`anvil exited (${code}) before listening`));
      });
      stdout.on('data', (chunk: Buffer) => {
        seen = (seen + chunk.toString('utf8')).slice(-4096);
        const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(seen);
        if (!match) return;
        clearTimeout(timer);
        resolve(Number(match[1]));
      });
    });
    // Anvil logs every RPC call from now on: keep reading its output so it never blocks on a full pipe.
    stdout.removeAllListeners('data');
    stdout.resume();
    return { child, port };
  } catch (error) {
    child.kill();
    throw error;
  }
}

/** Options of {@link startAnvil}. */
export type AnvilOptions = {
  /**
   * The number of the genesis block (anvil `--number`), for a chain whose head is far from 0 at once: anvil mines
   * each block at a cost that grows with the chain, so tens of thousands of mined blocks take it many minutes.
   */
  genesisBlockNumber?: number;
};

/** Starts anvil (automine) and waits for its RPC. @throws when it does not start or answer within ~10 s. */
export async function startAnvil(chainId = 31337, options: AnvilOptions = {}): Promise<Anvil> {
  const { child, port } = await spawnAnvil(chainId, options.genesisBlockNumber);
  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain: ViemChain = {
    id: chainId,
    name: `Anvil ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  };
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
      });
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (i > 200) {
      child.kill();
      throw new Error('anvil did not start');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    rpcUrl,
    chainId,
    caipNetworkId: `eip155:${chainId}`,
    chain,
    test: makeTestClient(chain, rpcUrl),
    wallet: (index = 0) => makeWalletClient(chain, rpcUrl, DEV_KEYS[index]!),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

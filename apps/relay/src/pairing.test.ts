import { SignClient } from '@walletconnect/sign-client';
import { privateKeyToAccount } from 'viem/accounts';
import { verifyMessage, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, type Relay } from './server.ts';

/**
 * Real-library test: two `@walletconnect/sign-client` 2.25 clients (a dapp and a wallet) in one
 * process pair, settle a session and exchange a `personal_sign` request through our relay only.
 * Nothing is mocked; the project id is a dummy (the local relay does not check it).
 */

/** In-memory `IKeyValueStorage` so the clients write nothing to disk. */
function memoryStorage() {
  const items = new Map<string, unknown>();
  return {
    getKeys: async () => [...items.keys()],
    getEntries: async <T,>() => [...items.entries()] as [string, T][],
    getItem: async <T,>(key: string) => items.get(key) as T | undefined,
    setItem: async <T,>(key: string, value: T) => {
      items.set(key, value);
    },
    removeItem: async (key: string) => {
      items.delete(key);
    },
  };
}

type Client = Awaited<ReturnType<typeof SignClient.init>>;

// Anvil's default account 0 (docs/integration.md); the wallet signs with it.
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const caipNetworkId = 'eip155:31337';

let relay: Relay;
let dapp: Client;
let wallet: Client;
const relayLogs: string[] = [];

const init = (name: string): Promise<Client> =>
  SignClient.init({
    projectId: 'airlock-local-test',
    relayUrl: relay.url,
    customStoragePrefix: name,
    storage: memoryStorage(),
    telemetryEnabled: false,
    logger: 'error',
    signConfig: { disableRequestQueue: true },
    metadata: { name, description: `${name} (relay test)`, url: 'http://localhost', icons: [] },
  });

const shutdown = async (client: Client | undefined): Promise<void> => {
  if (!client) return;
  client.core.heartbeat.stop();
  await client.core.relayer.transportClose().catch(() => undefined);
};

beforeAll(async () => {
  relay = await startRelay({ port: 0, log: (line) => relayLogs.push(line) });
  dapp = await init('dapp');
  wallet = await init('wallet');
});

afterAll(async () => {
  await shutdown(dapp);
  await shutdown(wallet);
  await relay?.close();
});

describe('sign-client 2.25 over the local relay', () => {
  it('pairs, settles a session on both sides and answers personal_sign', async () => {
    wallet.on('session_proposal', async ({ id, params }) => {
      expect(params.proposer.metadata.name).toBe('dapp');
      const { acknowledged } = await wallet.approve({
        id,
        namespaces: {
          eip155: {
            chains: [caipNetworkId],
            accounts: [`${caipNetworkId}:${account.address}`],
            methods: ['personal_sign'],
            events: ['accountsChanged', 'chainChanged'],
          },
        },
      });
      await acknowledged();
    });
    wallet.on('session_request', async ({ id, topic, params }) => {
      const [message] = params.request.params as [Hex, string];
      const signature = await account.signMessage({ message: { raw: message } });
      await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } });
    });

    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: [caipNetworkId], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] },
      },
    });
    expect(uri).toMatch(/^wc:/);
    await wallet.pair({ uri: uri! });
    const session = await approval();

    expect(session.namespaces.eip155?.accounts).toEqual([`${caipNetworkId}:${account.address}`]);
    expect(session.peer.metadata.name).toBe('wallet');
    expect(wallet.session.get(session.topic).peer.metadata.name).toBe('dapp');

    const message = '0x68656c6c6f206169726c6f636b' as const; // "hello airlock"
    const signature = await dapp.request<Hex>({
      topic: session.topic,
      chainId: caipNetworkId,
      request: { method: 'personal_sign', params: [message, account.address] },
    });
    expect(await verifyMessage({ address: account.address, message: { raw: message }, signature })).toBe(true);
    expect(relayLogs.filter((line) => line.includes('refused'))).toEqual([]);
  });
});

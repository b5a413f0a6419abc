import { SignClient } from '@walletconnect/sign-client';
import { verifyMessage, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * Real `@walletconnect/sign-client` 2.25 clients for the relay's own tests: a dapp and a wallet
 * that pair, settle a session and answer `personal_sign` through a relay. Nothing is mocked; the
 * project id is a dummy (the local relay does not check it). Not used by the relay itself.
 */

/** A sign-client instance. */
export type SignClientInstance = Awaited<ReturnType<typeof SignClient.init>>;

/** In-memory `IKeyValueStorage` so the clients write nothing to disk. */
function memoryStorage() {
  const items = new Map<string, unknown>();
  return {
    getKeys: async () => [...items.keys()],
    getEntries: async <T>() => [...items.entries()] as [string, T][],
    getItem: async <T>(key: string) => items.get(key) as T | undefined,
    setItem: async <T>(key: string, value: T) => {
      items.set(key, value);
    },
    removeItem: async (key: string) => {
      items.delete(key);
    },
  };
}

/** Anvil's default account 0; the test wallet signs with it. */
export const testAccount = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');

/** CAIP-2 id of the chain the test session uses. */
export const testChain = 'eip155:31337';

/** Starts a sign-client named `name` (also its storage prefix and metadata name) on `relayUrl`. */
export function initSignClient(relayUrl: string, name: string): Promise<SignClientInstance> {
  return SignClient.init({
    projectId: 'airlock-local-test',
    relayUrl,
    customStoragePrefix: name,
    storage: memoryStorage(),
    telemetryEnabled: false,
    logger: 'error',
    signConfig: { disableRequestQueue: true },
    metadata: { name, description: `${name} (relay test)`, url: 'http://localhost', icons: [] },
  });
}

/** Stops a client's heartbeat and closes its relay socket (no reconnect). */
export async function shutdownSignClient(client: SignClientInstance | undefined): Promise<void> {
  if (!client) return;
  client.core.heartbeat.stop();
  await client.core.relayer.transportClose().catch(() => undefined);
}

/** What {@link pairAndSign} observed. */
export type PairAndSignResult = {
  /** The settled session as the dapp sees it. */
  session: Awaited<ReturnType<Awaited<ReturnType<SignClientInstance['connect']>>['approval']>>;
  /** Name of the dapp in the wallet's copy of the session. */
  walletSeesPeer: string;
  /** Whether the wallet's `personal_sign` signature verifies for {@link testAccount}. */
  signatureValid: boolean;
};

/**
 * The whole WalletConnect flow between two clients: the wallet approves the proposal and answers
 * `personal_sign` with {@link testAccount}; the dapp connects, pairs the wallet with its URI,
 * waits for the session and sends one `personal_sign`. Rejects with the SDK's error if any step fails.
 */
export async function pairAndSign(dapp: SignClientInstance, wallet: SignClientInstance): Promise<PairAndSignResult> {
  wallet.on('session_proposal', async ({ id }) => {
    const { acknowledged } = await wallet.approve({
      id,
      namespaces: {
        eip155: {
          chains: [testChain],
          accounts: [`${testChain}:${testAccount.address}`],
          methods: ['personal_sign'],
          events: ['accountsChanged', 'chainChanged'],
        },
      },
    });
    await acknowledged();
  });
  wallet.on('session_request', async ({ id, topic, params }) => {
    const [message] = params.request.params as [Hex, string];
    const signature = await testAccount.signMessage({ message: { raw: message } });
    await wallet.respond({ topic, response: { id, jsonrpc: '2.0', result: signature } });
  });

  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: [testChain], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] },
    },
  });
  if (!uri) throw new Error('sign-client returned no pairing URI');
  await wallet.pair({ uri });
  const session = await approval();

  const message = '0x68656c6c6f206169726c6f636b' as const; // "hello airlock"
  const signature = await dapp.request<Hex>({
    topic: session.topic,
    chainId: testChain,
    request: { method: 'personal_sign', params: [message, testAccount.address] },
  });
  return {
    session,
    walletSeesPeer: wallet.session.get(session.topic).peer.metadata.name,
    signatureValid: await verifyMessage({ address: testAccount.address, message: { raw: message }, signature }),
  };
}

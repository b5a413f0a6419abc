import { SignClient } from '@walletconnect/sign-client';
import type { SessionTypes } from '@walletconnect/types';
import { startRelay, type Relay } from '@airlock/relay';
import { createPublicClient, http, parseEther, toHex, verifyMessage, verifyTypedData, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type Anvil } from '@airlock/testing';
import type { DevWalletConfig } from './config.ts';
import {
  createDevWallet,
  type DevWallet,
  type PendingProposal,
  type PendingRequest,
  type SessionSummary,
} from './wallet.ts';

/**
 * The Dev Wallet's logic against real parts: our relay (apps/relay), a real
 * `@walletconnect/sign-client` 2.25 dapp client, a real anvil chain for eth_sendTransaction.
 * Nothing is mocked. Storage is in memory so that a "reload" (a second wallet on the same storage)
 * can be tested.
 */

// Two wallet instances in one process share storage and prefix (the reload test): the core cache
// on globalThis would hand back the closed core.
process.env.DISABLE_GLOBAL_CORE = 'true';

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** In-memory `IKeyValueStorage`. */
function memoryStorage() {
  const items = new Map<string, unknown>();
  return {
    getKeys: async () => [...items.keys()],
    getEntries: async <T>() => [...items.entries()] as [string, T][],
    getItem: async <T>(key: string) => structuredClone(items.get(key)) as T | undefined,
    setItem: async <T>(key: string, value: T) => {
      items.set(key, structuredClone(value));
    },
    removeItem: async (key: string) => {
      items.delete(key);
    },
  };
}

/** A queue fed by callbacks, read with `next()`. */
function inbox<T>() {
  const items: T[] = [];
  const waiters: ((item: T) => void)[] = [];
  return {
    push: (item: T) => (waiters.length ? waiters.shift()!(item) : items.push(item)),
    next: () => new Promise<T>((resolve) => (items.length ? resolve(items.shift()!) : waiters.push(resolve))),
    get size() {
      return items.length;
    },
  };
}

type Dapp = Awaited<ReturnType<typeof SignClient.init>>;

let relay: Relay;
let anvil: Anvil;
let dapp: Dapp;
let wallet: DevWallet;
let config: DevWalletConfig;
let session: SessionTypes.Struct;
const storage = memoryStorage();
const proposals = inbox<PendingProposal>();
const requests = inbox<PendingRequest>();
const refused: string[] = [];
let sessionsSeen: SessionSummary[] = [];

const startWallet = () =>
  createDevWallet({
    config,
    storage,
    customStoragePrefix: 'dev-wallet',
    metadata: { name: 'Dev Wallet test', description: 'test', url: 'http://127.0.0.1', icons: [] },
    onProposal: proposals.push,
    onRequest: requests.push,
    onRefusedRequest: (request) => refused.push(request.method),
    onSessionsChange: (sessions) => {
      sessionsSeen = sessions;
    },
  });

/** Sends a request from the dapp; returns the pending request the wallet received and the dapp's promise. */
async function dappRequest(method: string, params: unknown, chainId = 'eip155:31337') {
  const answer = dapp.request<unknown>({ topic: session.topic, chainId, request: { method, params } });
  answer.catch(() => undefined);
  return { answer };
}

beforeAll(async () => {
  relay = await startRelay({ port: 0, log: () => undefined });
  anvil = await startAnvil(31337);
  config = {
    relayUrl: relay.url,
    projectId: 'airlock-local-test',
    networks: [
      { caipNetworkId: 'eip155:31337', name: 'Anvil A', rpcUrl: anvil.rpcUrl },
      // Only switched to, never called.
      { caipNetworkId: 'eip155:31338', name: 'Anvil B', rpcUrl: 'http://127.0.0.1:9' },
    ],
  };
  dapp = await SignClient.init({
    projectId: 'airlock-local-test',
    relayUrl: relay.url,
    customStoragePrefix: 'dapp',
    storage: memoryStorage(),
    telemetryEnabled: false,
    // The dapp logs every error response at 'error'; these tests provoke several on purpose.
    logger: 'fatal',
    metadata: { name: 'Test dapp', description: 'dapp side', url: 'http://localhost:5173', icons: [] },
  });
  wallet = await startWallet();
});

afterAll(async () => {
  await wallet?.close();
  if (dapp) {
    dapp.core.heartbeat.stop();
    await dapp.core.relayer.transportClose().catch(() => undefined);
  }
  await anvil?.stop();
  await relay?.close();
});

describe('Dev Wallet over the local relay with a sign-client 2.25 dapp', () => {
  it('pairs from a wc: URI, shows the proposal and approves both accounts on the requested chain', async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: {
          chains: ['eip155:31337'],
          methods: [
            'personal_sign',
            'eth_sendTransaction',
            'eth_signTypedData_v4',
            'eth_sign',
            'wallet_switchEthereumChain',
            'eth_foo',
          ],
          events: ['accountsChanged', 'chainChanged'],
        },
      },
    });
    await wallet.pair(uri!);
    const proposal = await proposals.next();
    expect(proposal.dapp).toMatchObject({ name: 'Test dapp', url: 'http://localhost:5173' });
    expect(proposal.namespaces).toEqual([
      expect.objectContaining({
        key: 'eip155',
        required: false,
        chains: ['eip155:31337'],
        events: ['accountsChanged', 'chainChanged'],
      }),
    ]);

    const approved = await wallet.approveProposal(proposal);
    session = await approval();

    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${ACCOUNT_0}`, `eip155:31337:${ACCOUNT_1}`]);
    // Requested methods the wallet does not know (eth_foo) are left out.
    expect(session.namespaces.eip155?.methods).toEqual([
      'personal_sign',
      'eth_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'wallet_switchEthereumChain',
    ]);
    expect(approved).toMatchObject({
      topic: session.topic,
      dappName: 'Test dapp',
      address: ACCOUNT_0,
      caipNetworkId: 'eip155:31337',
      networkName: 'Anvil A',
    });
    expect(wallet.getSessions().map((s) => s.topic)).toEqual([session.topic]);
    expect(sessionsSeen.map((s) => s.dappName)).toEqual(['Test dapp']);
  });

  it('rejects a pairing string that is not a WalletConnect URI', async () => {
    await expect(wallet.pair('https://example.com')).rejects.toThrow('Not a WalletConnect URI');
  });

  it('answers an approved personal_sign with a signature of the requested account', async () => {
    const message = toHex('hello airlock');
    const { answer } = await dappRequest('personal_sign', [message, ACCOUNT_1]);
    const request = await requests.next();
    expect(request).toMatchObject({ method: 'personal_sign', dappName: 'Test dapp', caipNetworkId: 'eip155:31337' });
    expect(request.summary.rows).toContainEqual({ label: 'Message', value: 'hello airlock' });

    await expect(wallet.approveRequest(request)).resolves.toMatchObject({ ok: true });
    const signature = (await answer) as Hex;
    expect(await verifyMessage({ address: ACCOUNT_1, message: { raw: message }, signature })).toBe(true);
  });

  it('answers an approved eth_signTypedData_v4 with a valid EIP-712 signature', async () => {
    const typedData = {
      domain: { name: 'Airlock', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'hello' },
    } as const;
    const { answer } = await dappRequest('eth_signTypedData_v4', [ACCOUNT_0, JSON.stringify(typedData)]);
    const request = await requests.next();
    await wallet.approveRequest(request);
    expect(await verifyTypedData({ address: ACCOUNT_0, ...typedData, signature: (await answer) as Hex })).toBe(true);
  });

  it('gives the dapp 4001 when the user rejects a request', async () => {
    const { answer } = await dappRequest('personal_sign', [toHex('no'), ACCOUNT_0]);
    await wallet.rejectRequest(await requests.next());
    await expect(answer).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' });
  });

  it('answers a method it does not implement with 4200 without asking', async () => {
    const { answer } = await dappRequest('eth_sign', [ACCOUNT_0, toHex('raw')]);
    await expect(answer).rejects.toMatchObject({ code: 4200 });
    expect(refused).toEqual(['eth_sign']);
    expect(requests.size).toBe(0);
  });

  it('sends an approved eth_sendTransaction on the chain, filling nonce, gas and fees', async () => {
    const chain = createPublicClient({ transport: http(anvil.rpcUrl) });
    const before = await chain.getBalance({ address: ACCOUNT_1 });
    const { answer } = await dappRequest('eth_sendTransaction', [
      { from: ACCOUNT_0, to: ACCOUNT_1, value: toHex(parseEther('0.01')) },
    ]);
    const request = await requests.next();
    expect(request.summary.rows).toContainEqual({ label: 'Value', value: '0.01 ETH' });
    await wallet.approveRequest(request);
    const receipt = await chain.waitForTransactionReceipt({ hash: (await answer) as Hex });
    expect(receipt.status).toBe('success');
    expect(await chain.getBalance({ address: ACCOUNT_1 })).toBe(before + parseEther('0.01'));
  });

  it('switches to a chain the session lacks: updates the session, then emits chainChanged', async () => {
    const updated = new Promise<SessionTypes.Namespaces>((resolve) =>
      dapp.once('session_update', ({ params }) => resolve(params.namespaces)),
    );
    const changed = new Promise<{ name: string; data: unknown; chainId: string }>((resolve) =>
      dapp.once('session_event', ({ params }) => resolve({ ...params.event, chainId: params.chainId })),
    );
    const { answer } = await dappRequest('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]);
    await wallet.approveRequest(await requests.next());

    await expect(answer).resolves.toBeNull();
    expect((await updated).eip155?.accounts).toContain(`eip155:31338:${ACCOUNT_0}`);
    expect(await changed).toEqual({ name: 'chainChanged', data: 31338, chainId: 'eip155:31338' });
    expect(wallet.getSessions()[0]).toMatchObject({ caipNetworkId: 'eip155:31338', networkName: 'Anvil B' });
  });

  it('refuses to switch to a chain it is not configured for with 4902', async () => {
    const { answer } = await dappRequest('wallet_switchEthereumChain', [{ chainId: '0x1' }]);
    await wallet.approveRequest(await requests.next());
    await expect(answer).rejects.toMatchObject({ code: 4902 });
  });

  it('keeps the session after a reload (same storage) and still answers requests', async () => {
    await wallet.close();
    wallet = await startWallet();
    expect(wallet.getSessions()).toEqual([
      expect.objectContaining({ topic: session.topic, caipNetworkId: 'eip155:31338' }),
    ]);

    const message = toHex('after reload');
    const { answer } = await dappRequest('personal_sign', [message, ACCOUNT_0]);
    await wallet.approveRequest(await requests.next());
    expect(
      await verifyMessage({ address: ACCOUNT_0, message: { raw: message }, signature: (await answer) as Hex }),
    ).toBe(true);
  });

  it('disconnects: the dapp gets session_delete and the list empties', async () => {
    const deleted = new Promise<string>((resolve) => dapp.once('session_delete', ({ topic }) => resolve(topic)));
    await wallet.disconnect(session.topic);
    expect(await deleted).toBe(session.topic);
    expect(wallet.getSessions()).toEqual([]);
    expect(sessionsSeen).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type Anvil } from '@airlock/testing';
import { createPublicClient, http, parseEther } from 'viem';
import type { Network } from '@airlock/protocol';
import type { ApprovalRequest } from './approval.ts';
import { createDevWalletProvider } from './provider.ts';

// EIP-5792 on the Dev Wallet over a real anvil chain: one approval, one transaction per call.
const RECIPIENTS = [
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
] as const;

const memoryStorage = () => {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
};

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { code?: unknown }) => error.code,
  );

let anvil: Anvil | undefined;
let network: Network;

beforeAll(async () => {
  anvil = await startAnvil(31337);
  network = {
    id: 31337,
    name: 'Anvil A',
    chainNamespace: 'eip155',
    caipNetworkId: 'eip155:31337',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  };
});

afterAll(() => anvil?.stop());

describe('Dev Wallet EIP-5792 (real anvil)', () => {
  it('reports atomic unsupported, sends a batch after one approval listing each call, and answers its status', async () => {
    const asked: ApprovalRequest[] = [];
    const provider = createDevWalletProvider({
      networks: [network],
      approve: async (request) => {
        asked.push(request);
        return true;
      },
      storage: memoryStorage(),
    });
    await provider.request({ method: 'eth_requestAccounts' });
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [provider.address] })).toEqual({
      '0x7a69': { atomic: { status: 'unsupported' } },
    });
    const client = createPublicClient({ transport: http(anvil!.rpcUrl) });
    const before = await Promise.all(RECIPIENTS.map((address) => client.getBalance({ address })));
    asked.length = 0;

    const { id } = (await provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x7a69',
          from: provider.address,
          atomicRequired: false,
          calls: RECIPIENTS.map((to, i) => ({ to, value: `0x${parseEther(i === 0 ? '0.01' : '0.02').toString(16)}` })),
        },
      ],
    })) as { id: string };

    expect(asked).toHaveLength(1);
    expect(asked[0]!.summary).toEqual([
      '2 calls, sent one by one (not atomic)',
      `Call 1: To: ${RECIPIENTS[0]}`,
      'Call 1: Value: 0.01 ETH',
      `Call 2: To: ${RECIPIENTS[1]}`,
      'Call 2: Value: 0.02 ETH',
    ]);
    let status: { status: number; atomic: boolean; receipts?: { status: string }[] } | undefined;
    for (let i = 0; i < 100; i++) {
      status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as typeof status;
      if (status?.status !== 100) break;
      await new Promise((done) => setTimeout(done, 50));
    }
    expect(status).toMatchObject({ status: 200, atomic: false, receipts: [{ status: '0x1' }, { status: '0x1' }] });
    const after = await Promise.all(RECIPIENTS.map((address) => client.getBalance({ address })));
    expect(after.map((balance, i) => balance - before[i]!)).toEqual([parseEther('0.01'), parseEther('0.02')]);
  });

  it('refuses what it cannot do with EIP-5792 codes, and has no wallet_showCallsStatus', async () => {
    const provider = createDevWalletProvider({
      networks: [network],
      approve: async () => true,
      storage: memoryStorage(),
    });
    await provider.request({ method: 'eth_requestAccounts' });
    const batch = (extra: object) => ({
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: RECIPIENTS[0], value: '0x1' }], ...extra }],
    });
    expect(await codeOf(provider.request(batch({ atomicRequired: true })))).toBe(5760);
    expect(await codeOf(provider.request(batch({ chainId: '0x7a6a' })))).toBe(5710);
    expect(await codeOf(provider.request(batch({ calls: [] })))).toBe(-32602);
    expect(await codeOf(provider.request({ method: 'wallet_getCallsStatus', params: [`0x${'1'.repeat(64)}`] }))).toBe(
      5730,
    );
    expect(await codeOf(provider.request({ method: 'wallet_showCallsStatus', params: ['0x01'] }))).toBe(4200);
  });
});

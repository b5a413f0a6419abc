import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type Anvil } from '@airlock/testing';
import { createPublicClient, http, parseEther, type Hash } from 'viem';
import type { Network } from '@airlock/protocol';
import { autoApprove } from './approval.ts';
import { createDevWalletProvider } from './provider.ts';

// A real anvil chain, not a mock: the wallet signs and the node mines.
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const memoryStorage = () => {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
};

let anvil: Anvil | undefined;
let rpcUrl = '';

beforeAll(async () => {
  anvil = await startAnvil(31337);
  rpcUrl = anvil.rpcUrl;
});

afterAll(() => anvil?.stop());

describe('Dev Wallet eth_sendTransaction (real anvil)', () => {
  it('sends 0.01 ETH from anvil account 0 with hex fields and returns a mined hash', async () => {
    const network: Network = {
      id: 31337,
      name: 'Anvil A',
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:31337',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    };
    const provider = createDevWalletProvider({ networks: [network], approve: autoApprove, storage: memoryStorage() });
    await provider.request({ method: 'eth_requestAccounts' });
    const client = createPublicClient({ transport: http(rpcUrl) });
    const before = await client.getBalance({ address: RECIPIENT });

    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: provider.address, to: RECIPIENT, value: '0x2386f26fc10000' }],
    })) as Hash;
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 100 });

    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(provider.address.toLowerCase());
    expect(await client.getBalance({ address: RECIPIENT })).toBe(before + parseEther('0.01'));
  });

  it('refuses a transaction from another address with 4100 and sends nothing', async () => {
    const network: Network = {
      id: 31337,
      name: 'Anvil A',
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:31337',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    };
    const provider = createDevWalletProvider({ networks: [network], approve: autoApprove, storage: memoryStorage() });
    await provider.request({ method: 'eth_requestAccounts' });
    const error = await provider
      .request({ method: 'eth_sendTransaction', params: [{ from: RECIPIENT, to: RECIPIENT, value: '0x1' }] })
      .catch((e: { code?: number }) => e);
    expect(error).toMatchObject({ code: 4100 });
  });
});

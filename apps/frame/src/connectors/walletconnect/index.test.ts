import { describe, expect, it } from 'vitest';
import { walletConnectConnector } from './index.ts';
import type { WalletConnectConnectorOptions } from './connector.ts';

const options = {
  projectId: 'test',
  relayUrl: 'ws://127.0.0.1:9',
  networks: [],
  metadata: { name: 'Test', description: '', url: 'http://localhost:5173', icons: [] },
  customStoragePrefix: 'test:',
  storage: {
    getKeys: async () => [],
    getEntries: async () => [],
    getItem: async () => undefined,
    setItem: async () => {},
    removeItem: async () => {},
  },
  verify: false,
} as unknown as WalletConnectConnectorOptions;

const noEvents = { onAccountsChanged: () => {}, onChainChanged: () => {}, onDisconnect: () => {} };

describe('the WalletConnect connector (defined, loaded on first use)', () => {
  it('is a connector with the WalletConnect id before anything is loaded', () => {
    const connector = walletConnectConnector(async () => options, noEvents);
    expect(connector.id).toBe('walletConnect');
    expect(connector.type).toBe('WALLET_CONNECT');
    expect(connector.ref).toEqual({ type: 'walletConnect' });
  });

  it('cancel() while the implementation loads ends that connect with Cancelled and no pairing', async () => {
    const connector = walletConnectConnector(async () => options, noEvents);
    const uris: string[] = [];
    const result = connector.connect({ onUri: (uri) => uris.push(uri) });
    connector.cancel();
    expect(await result).toEqual({
      ok: false,
      error: { code: -32603, message: 'Cancelled', data: { cancelled: 'aborted' } },
    });
    expect(uris).toEqual([]);
  });

  it('disconnect() before any use has no session to end and resolves', async () => {
    const connector = walletConnectConnector(async () => options, noEvents);
    await expect(connector.disconnect()).resolves.toBeUndefined();
  });
});

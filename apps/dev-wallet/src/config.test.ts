import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseDevWalletConfig } from './config.ts';

/** The configuration the page reads from `window.AIRLOCK_DEV_WALLET_CONFIG`. */

const sample = (): unknown => {
  const window: { AIRLOCK_DEV_WALLET_CONFIG?: unknown } = {};
  runInNewContext(readFileSync(new URL('../public/dev-wallet-config.js', import.meta.url), 'utf8'), { window });
  return window.AIRLOCK_DEV_WALLET_CONFIG;
};

describe('parseDevWalletConfig', () => {
  it('accepts the sample dev-wallet-config.js (dev ports of docs/integration.md)', () => {
    expect(parseDevWalletConfig(sample())).toEqual({
      relayUrl: 'ws://127.0.0.1:8555',
      projectId: 'airlock-dev',
      networks: [
        { caipNetworkId: 'eip155:31337', name: 'Anvil A', rpcUrl: 'http://127.0.0.1:8545' },
        { caipNetworkId: 'eip155:31338', name: 'Anvil B', rpcUrl: 'http://127.0.0.1:8546' },
      ],
    });
  });

  it('says when the config script did not run', () => {
    expect(() => parseDevWalletConfig(undefined)).toThrow(
      'dev-wallet-config.js did not set window.AIRLOCK_DEV_WALLET_CONFIG',
    );
  });

  it('names the bad fields: an http relay, a non-eip155 network, no networks', () => {
    const base = sample() as Record<string, unknown>;
    expect(() => parseDevWalletConfig({ ...base, relayUrl: 'http://127.0.0.1:8555' })).toThrow(/relayUrl/);
    expect(() =>
      parseDevWalletConfig({
        ...base,
        networks: [{ caipNetworkId: 'solana:abc', name: 'Sol', rpcUrl: 'http://127.0.0.1:8899' }],
      }),
    ).toThrow('networks.0.caipNetworkId: Only eip155 networks are supported');
    expect(() => parseDevWalletConfig({ ...base, networks: [] })).toThrow(/networks/);
  });
});

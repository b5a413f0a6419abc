import { describe, expect, it } from 'vitest';
import { optionsFromEnv } from './env.ts';

describe('optionsFromEnv: limits', () => {
  it('leaves every limit at its default when nothing is set, and trusts no proxy', () => {
    expect(optionsFromEnv({})).toMatchObject({ limits: {}, trustProxyHops: 0 });
  });

  it('reads token buckets (half set → the other half keeps its default), caps and the proxy hop count', () => {
    const options = optionsFromEnv({
      AIRLOCK_RATE_CAPACITY: '50',
      AIRLOCK_RATE_IP_CAPACITY: '1000',
      AIRLOCK_RATE_IP_REFILL: '200',
      AIRLOCK_RATE_UNKNOWN_REFILL: '0.1',
      AIRLOCK_EVENT_RATE_PROJECT_CAPACITY: '10',
      AIRLOCK_EVENT_MAX_BYTES: '4096',
      AIRLOCK_PROJECT_CACHE_MS: '0',
      AIRLOCK_API_TRUST_PROXY: '2',
    });
    expect(options.trustProxyHops).toBe(2);
    expect(options.limits).toEqual({
      perClient: { capacity: 50, refillPerSecond: 20 },
      perIp: { capacity: 1000, refillPerSecond: 200 },
      unknownProject: { capacity: 30, refillPerSecond: 0.1 },
      eventsPerProject: { capacity: 10, refillPerSecond: 200 },
      eventMaxBytes: 4096,
      projectCacheMs: 0,
    });
  });

  it('names the variable that is malformed', () => {
    expect(() => optionsFromEnv({ AIRLOCK_RATE_IP_REFILL: '0' })).toThrow(
      'AIRLOCK_RATE_IP_REFILL must be greater than 0',
    );
    expect(() => optionsFromEnv({ AIRLOCK_API_TRUST_PROXY: 'yes' })).toThrow(
      'AIRLOCK_API_TRUST_PROXY must be a non-negative number',
    );
    expect(() => optionsFromEnv({ AIRLOCK_API_TRUST_PROXY: '1.5' })).toThrow(
      'AIRLOCK_API_TRUST_PROXY must be a whole number',
    );
  });
});

describe('optionsFromEnv: chains on real networks and the RPC proxy', () => {
  it('reads upstreams, startBlock latest, token lists, a history provider and the RPC proxy bounds', () => {
    const chain = {
      caipNetworkId: 'eip155:8453',
      rpcUrl: 'https://one.example',
      rpcUrls: ['https://two.example'],
      startBlock: 'latest',
      tokenLists: ['default', 'https://tokens.example/list.json'],
      history: { kind: 'etherscan', url: 'https://api.etherscan.io/v2/api', apiKey: 'k' },
    };
    const options = optionsFromEnv({
      AIRLOCK_CHAINS: JSON.stringify([chain]),
      AIRLOCK_RPC_MAX_BATCH: '500',
      AIRLOCK_RPC_MAX_BODY_BYTES: '1048576',
    });
    expect(options.chains).toEqual([
      { ...chain, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, multicall3: expect.any(String) },
    ]);
    expect(options.rpc).toEqual({ maxBatch: 500, maxBodyBytes: 1048576 });
  });

  it('refuses a history provider of an unknown kind and a start block that is neither a number nor latest', () => {
    const base = { caipNetworkId: 'eip155:1', rpcUrl: 'https://one.example' };
    expect(() =>
      optionsFromEnv({
        AIRLOCK_CHAINS: JSON.stringify([{ ...base, history: { kind: 'zerion', url: 'https://x.example' } }]),
      }),
    ).toThrow(/^AIRLOCK_CHAINS must be a JSON list/);
    expect(() => optionsFromEnv({ AIRLOCK_CHAINS: JSON.stringify([{ ...base, startBlock: 'earliest' }]) })).toThrow(
      /^AIRLOCK_CHAINS must be a JSON list/,
    );
    expect(() => optionsFromEnv({ AIRLOCK_RPC_MAX_BATCH: '0' })).toThrow(
      'AIRLOCK_RPC_MAX_BATCH must be greater than 0',
    );
  });
});

describe('optionsFromEnv: Cosmos and Polkadot networks', () => {
  it('reads AIRLOCK_COSMOS_CHAINS and AIRLOCK_POLKADOT_CHAINS, and names the variable of a network it does not know', () => {
    const options = optionsFromEnv({
      AIRLOCK_COSMOS_CHAINS: '[{"caipNetworkId":"cosmos:cosmoshub-4","lcdUrl":"https://lcd.example"}]',
      AIRLOCK_POLKADOT_CHAINS:
        '[{"caipNetworkId":"polkadot:91b171bb158e2d3848fa23a9f1c25182","rpcUrl":"https://rpc.example"}]',
    });
    expect(options.cosmos).toEqual([{ caipNetworkId: 'cosmos:cosmoshub-4', lcdUrl: 'https://lcd.example' }]);
    expect(options.polkadot).toEqual([
      { caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182', rpcUrl: 'https://rpc.example' },
    ]);
    expect(() =>
      optionsFromEnv({ AIRLOCK_COSMOS_CHAINS: '[{"caipNetworkId":"cosmos:juno-1","lcdUrl":"https://lcd.example"}]' }),
    ).toThrow(/AIRLOCK_COSMOS_CHAINS/);
  });
});

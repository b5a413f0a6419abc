import { describe, expect, it } from 'vitest';
import { FrameConfigSchema, validate } from './index.ts';

const config = {
  projectId: 'demo',
  parentOrigin: 'http://localhost:5173',
  networks: [
    {
      id: 31337,
      name: 'Anvil A',
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:31337',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    },
  ],
};

describe('FrameConfig resultUri (the page’s result_uri, untrusted)', () => {
  it('passes a string through as given', () => {
    const parsed = validate(FrameConfigSchema, { ...config, resultUri: 'tg://resolve?domain=bot' });
    expect(parsed.ok && parsed.value.resultUri).toBe('tg://resolve?domain=bot');
  });

  it('drops a value that is empty, too long or not a string instead of refusing the config', () => {
    for (const resultUri of ['', 'x'.repeat(4097), 42, { href: 'x' }]) {
      const parsed = validate(FrameConfigSchema, { ...config, resultUri });
      expect(parsed.ok).toBe(true);
      expect(parsed.ok && parsed.value.resultUri).toBeUndefined();
    }
  });
});

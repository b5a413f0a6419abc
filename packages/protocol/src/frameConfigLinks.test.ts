import { describe, expect, it } from 'vitest';
import { FrameConfigSchema, validate } from './index.ts';

const config = {
  projectId: 'p',
  parentOrigin: 'https://dapp.example',
  networks: [
    {
      id: 1,
      name: 'Ethereum',
      chainNamespace: 'eip155',
      caipNetworkId: 'eip155:1',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://rpc.example'] } },
    },
  ],
};

describe('FrameConfig terms and privacy links', () => {
  it('accepts https links and keeps them', () => {
    const result = validate(FrameConfigSchema, {
      ...config,
      termsConditionsUrl: 'https://dapp.example/terms',
      privacyPolicyUrl: 'https://dapp.example/privacy',
    });
    expect(result.ok && result.value.termsConditionsUrl).toBe('https://dapp.example/terms');
    expect(result.ok && result.value.privacyPolicyUrl).toBe('https://dapp.example/privacy');
  });

  it.each([
    ['http', 'http://dapp.example/terms'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['not a URL', 'terms'],
    ['too long', `https://dapp.example/${'a'.repeat(2048)}`],
  ])('refuses a %s link', (_kind, url) => {
    expect(validate(FrameConfigSchema, { ...config, termsConditionsUrl: url }).ok).toBe(false);
    expect(validate(FrameConfigSchema, { ...config, privacyPolicyUrl: url }).ok).toBe(false);
  });
});

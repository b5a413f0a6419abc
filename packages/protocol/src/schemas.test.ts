import { describe, expect, it } from 'vitest';
import {
  EmbeddedRpcRequestSchema,
  FrameConfigSchema,
  HostEventSchema,
  NetworkSchema,
  WalletAnnouncementSchema,
  WalletEventSchema,
  WidgetStateSchema,
  frameMethods,
  hostMethods,
  validate,
} from './index.ts';

const network = {
  id: 31337,
  name: 'Anvil A',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
};
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const state = {
  open: false,
  status: 'connected',
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  caipAddress: `eip155:31337:${address}`,
  address,
  connectedWalletInfo: { name: 'Dev Wallet', type: 'ANNOUNCED', rdns: 'dev.airlock.wallet' },
  balance: '10000',
  balanceSymbol: 'ETH',
};
const announcement = {
  uuid: '350670db-19fa-4704-a166-e52e178b59d2',
  name: 'Dev Wallet',
  icon: 'data:image/svg+xml;base64,PHN2Zy8+',
  rdns: 'dev.airlock.wallet',
};

const message = (schema: Parameters<typeof validate>[0], data: unknown) => {
  const r = validate(schema, data);
  if (r.ok) throw new Error('expected a failure');
  expect(r.error.code).toBe(-32602);
  return r.error.message;
};

describe('Network (spec §3)', () => {
  it('accepts a valid network', () => {
    expect(validate(NetworkSchema, network).ok).toBe(true);
  });
  it('says what is missing with the generic message', () => {
    const { nativeCurrency: _, ...rest } = network;
    expect(message(NetworkSchema, rest)).toBe('nativeCurrency: Required');
  });
  it('says what type was expected', () => {
    expect(message(NetworkSchema, { ...network, name: 5 })).toBe('name: Expected string, received number');
  });
  it('rejects a caipNetworkId that does not match namespace and id', () => {
    expect(message(NetworkSchema, { ...network, caipNetworkId: 'eip155:1' })).toContain(
      'caipNetworkId must be chainNamespace:id',
    );
  });
  it('rejects a malformed CAIP-2 id with the spec message', () => {
    expect(message(NetworkSchema, { ...network, caipNetworkId: 'eip155' })).toContain('Invalid CAIP-2 network id');
  });
  it('rejects an rpc url that is not http(s)', () => {
    expect(validate(NetworkSchema, { ...network, rpcUrls: { default: { http: ['javascript:alert(1)'] } } }).ok).toBe(
      false,
    );
  });
});

describe('FrameConfig', () => {
  const config = { projectId: 'p', networks: [network], parentOrigin: 'http://localhost:5173' };
  it('accepts a minimal config', () => expect(validate(FrameConfigSchema, config).ok).toBe(true));
  it('needs at least one network', () => {
    expect(validate(FrameConfigSchema, { ...config, networks: [] }).ok).toBe(false);
  });
  it('gives the spec message for a short project id', () => {
    expect(message(FrameConfigSchema, { ...config, projectId: '' })).toBe(
      'projectId: String must contain at least 1 character(s)',
    );
  });
});

describe('WidgetState and events', () => {
  it('accepts a connected state', () => expect(validate(WidgetStateSchema, state).ok).toBe(true));
  it('rejects an unknown status', () => {
    expect(validate(WidgetStateSchema, { ...state, status: 'maybe' }).ok).toBe(false);
  });
  it('rejects a malformed caipAddress with the spec message', () => {
    expect(message(WidgetStateSchema, { ...state, caipAddress: 'eip155:1' })).toContain('Invalid CAIP-10 address');
  });
  it('accepts each provider event and rejects wrong data', () => {
    const ok = [
      { type: 'state', state },
      { type: 'provider', chainNamespace: 'eip155', event: 'connect', data: { chainId: '0x7a69' } },
      {
        type: 'provider',
        chainNamespace: 'eip155',
        event: 'disconnect',
        data: { code: 4900, message: 'Disconnected' },
      },
      { type: 'provider', chainNamespace: 'eip155', event: 'accountsChanged', data: [address] },
      { type: 'provider', chainNamespace: 'eip155', event: 'chainChanged', data: '0x7a6a' },
    ];
    for (const e of ok) expect(validate(HostEventSchema, e).ok).toBe(true);
    expect(validate(HostEventSchema, { ...ok[1], data: { chainId: 31337 } }).ok).toBe(false);
    expect(validate(HostEventSchema, { ...ok[3], data: address }).ok).toBe(false);
    expect(
      validate(HostEventSchema, { type: 'provider', chainNamespace: 'eip155', event: 'message', data: 1 }).ok,
    ).toBe(false);
  });
  it('wallet events carry the wallet uuid', () => {
    expect(validate(WalletEventSchema, { type: 'announced' }).ok).toBe(true);
    expect(validate(WalletEventSchema, { type: 'chainChanged', uuid: 'x', chainId: '0x1' }).ok).toBe(true);
    expect(validate(WalletEventSchema, { type: 'chainChanged', chainId: '0x1' }).ok).toBe(false);
    expect(validate(WalletEventSchema, { type: 'explode' }).ok).toBe(false);
  });
});

describe('EIP-6963 announcements', () => {
  it('accepts a valid announcement', () => expect(validate(WalletAnnouncementSchema, announcement).ok).toBe(true));
  it('refuses an icon that is not a data:image URI', () => {
    expect(message(WalletAnnouncementSchema, { ...announcement, icon: 'javascript:alert(1)' })).toContain(
      'icon must be a data:image URI',
    );
    expect(validate(WalletAnnouncementSchema, { ...announcement, icon: 'https://evil.example/x.svg' }).ok).toBe(false);
  });
  it('refuses a non-uuid uuid', () => {
    expect(validate(WalletAnnouncementSchema, { ...announcement, uuid: '1' }).ok).toBe(false);
  });
});

describe('method tables', () => {
  it('frame open accepts no options, known views, and refuses unknown keys', () => {
    expect(validate(frameMethods.open.params, []).ok).toBe(true);
    expect(validate(frameMethods.open.params, [{ view: 'Account' }]).ok).toBe(true);
    expect(validate(frameMethods.open.params, [{ view: 'Nope' }]).ok).toBe(false);
    expect(validate(frameMethods.open.params, [{ view: 'Account', __proto__x: 1 }]).ok).toBe(false);
  });
  it('frame request needs a namespace and a method name', () => {
    const p = frameMethods.request.params;
    expect(validate(p, [{ chainNamespace: 'eip155', method: 'eth_chainId' }]).ok).toBe(true);
    expect(validate(p, [{ chainNamespace: 'eip155', method: 'personal_sign', params: ['0x00', address] }]).ok).toBe(
      true,
    );
    expect(message(p, [{ chainNamespace: 'eip155' }])).toBe('0.method: Required');
    expect(validate(p, [{ chainNamespace: 'tron', method: 'eth_chainId' }]).ok).toBe(false);
    expect(validate(p, [{ chainNamespace: 'eip155', method: 'eth_chainId', params: 'x' }]).ok).toBe(false);
    expect(validate(p, ['eth_chainId']).ok).toBe(false);
  });
  it('switchNetwork takes a CAIP-2 id', () => {
    expect(validate(frameMethods.switchNetwork.params, ['eip155:31338']).ok).toBe(true);
    expect(message(frameMethods.switchNetwork.params, ['31338'])).toContain('Invalid CAIP-2 network id');
  });
  it('extra positional arguments are refused', () => {
    expect(validate(frameMethods.close.params, [1]).ok).toBe(false);
  });
  it('host wallets.list results are validated entry by entry', () => {
    expect(validate(hostMethods['wallets.list'].result, [announcement]).ok).toBe(true);
    expect(validate(hostMethods['wallets.list'].result, [{ ...announcement, name: '' }]).ok).toBe(false);
  });
});

describe('EmbeddedRpcRequestSchema nativeCurrency', () => {
  const request = {
    id: 'request-1',
    method: 'eth_sendTransaction',
    chainNamespace: 'eip155',
    caipNetworkId: 'eip155:1',
    rpcUrl: 'https://rpc.example',
  };
  it('is optional and takes a short symbol with its decimals', () => {
    expect(validate(EmbeddedRpcRequestSchema, request).ok).toBe(true);
    expect(validate(EmbeddedRpcRequestSchema, { ...request, nativeCurrency: { symbol: 'ETH', decimals: 18 } }).ok).toBe(
      true,
    );
  });
  it('refuses spaces, direction marks, long symbols and decimals out of range', () => {
    for (const nativeCurrency of [
      { symbol: 'ETH 0.1', decimals: 18 },
      { symbol: 'ETH\u202e', decimals: 18 },
      { symbol: 'A'.repeat(17), decimals: 18 },
      { symbol: 'ETH', decimals: 37 },
      { symbol: 'ETH', decimals: 18, name: 'Ether' },
    ])
      expect(validate(EmbeddedRpcRequestSchema, { ...request, nativeCurrency }).ok).toBe(false);
  });
});

import { FrameConfigSchema, NetworkSchema } from '@airlock/protocol';
import { describe, expect, it } from 'vitest';
import { BIP122_REGTEST_CAIP_NETWORK_ID } from '@airlock/protocol/bip122';
import { COSMOS_LOCAL_CAIP_NETWORK_ID as COSMOS_LOCAL } from '@airlock/protocol/cosmos';
import { POLKADOT_LOCAL_CAIP_NETWORK_ID as POLKADOT_LOCAL } from '@airlock/protocol/polkadot';
import {
  BITCOIN_REGTEST_CAIP_NETWORK_ID,
  COSMOS_LOCAL_CAIP_NETWORK_ID,
  POLKADOT_LOCAL_CAIP_NETWORK_ID,
  demoConfig,
  deploymentConfig,
  secureFrameDeployment,
  stackPorts,
  stackUrls,
} from './ports.mjs';

describe('the stack configuration (docs/integration.md)', () => {
  it('serves the demo networks in the spec §3 Network shape the frame accepts', () => {
    const config = demoConfig('e2e', {});
    expect(config.networks.map((network) => NetworkSchema.parse(network).caipNetworkId)).toEqual([
      'eip155:31337',
      'eip155:31338',
      // Solana Local: the first 32 characters of the local chain's genesis hash (apps/solana-rpc).
      'solana:8gZKvaVvFhAf86vn14mEHPv6JSKJE2am',
    ]);
    const frameConfig = {
      projectId: config.projectId,
      networks: config.networks,
      parentOrigin: 'http://localhost:15173',
    };
    expect(FrameConfigSchema.safeParse(frameConfig).success).toBe(true);
  });

  it('points the demo at the frame and the anvils of its own mode', () => {
    const dev = demoConfig('dev', {});
    expect(dev.frameUrl).toBe('http://127.0.0.1:5174/');
    expect(
      dev.networks.map((n) => (n as { rpcUrls: { default: { http: string[] } } }).rpcUrls.default.http[0]),
    ).toEqual(['http://127.0.0.1:8545', 'http://127.0.0.1:8546', 'http://127.0.0.1:8899']);
    expect(stackUrls('e2e', {}).dapp).toBe('http://localhost:15173');
    // The Bitcoin regtest stand-in (apps/bitcoin-esplora), moved by the offset like every port.
    expect(dev.bitcoinEsploraUrl).toBe('http://127.0.0.1:3002');
    expect([dev.cosmosLcdUrl, dev.substrateRpcUrl]).toEqual(['http://127.0.0.1:3003', 'http://127.0.0.1:3004']);
    expect(BITCOIN_REGTEST_CAIP_NETWORK_ID).toBe(BIP122_REGTEST_CAIP_NETWORK_ID);
    expect([COSMOS_LOCAL_CAIP_NETWORK_ID, POLKADOT_LOCAL_CAIP_NETWORK_ID]).toEqual([COSMOS_LOCAL, POLKADOT_LOCAL]);
    expect(demoConfig('e2e', { AIRLOCK_PORT_OFFSET: '14000' }).bitcoinEsploraUrl).toBe('http://127.0.0.1:27002');
    expect(stackUrls('e2e', {}).foreignPage).toBe('http://127.0.0.2:15175/foreign.html');
  });

  it('gives the page no trust inputs: the API and the relay are in the frame deployment of the mode', () => {
    const demo = demoConfig('e2e', {});
    expect(demo).not.toHaveProperty('apiUrl');
    expect(demo).not.toHaveProperty('walletConnect');
    expect(deploymentConfig('e2e', { AIRLOCK_API_PORT: '28787' })).toEqual({
      apiUrl: 'http://127.0.0.1:28787',
      relayUrl: 'ws://127.0.0.1:18555',
      secureFrameOrigin: 'http://wallet.localhost:15178',
      allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
      walletConnectVerify: false,
      cosmosLocalLcdUrl: 'http://127.0.0.1:13003',
    });
    // Under a port offset the frame names the offset stand-in in the chain info it suggests to Keplr.
    expect(deploymentConfig('e2e', { AIRLOCK_PORT_OFFSET: '6000' }).cosmosLocalLcdUrl).toBe('http://127.0.0.1:19003');
    // The secure frame's own deployment: the widget frame as its only parent, the same API, and its own RPCs.
    expect(secureFrameDeployment('e2e', { AIRLOCK_API_PORT: '28787' })).toEqual({
      widgetOrigin: 'http://127.0.0.1:15174',
      apiUrl: 'http://127.0.0.1:28787',
      rpcUrls: {
        'eip155:31337': 'http://127.0.0.1:18545',
        'eip155:31338': 'http://127.0.0.1:18546',
        [demo.networks[2]!.caipNetworkId as string]: 'http://127.0.0.1:18899',
      },
      nativeCurrencies: {
        'eip155:31337': { symbol: 'ETH', decimals: 18 },
        'eip155:31338': { symbol: 'ETH', decimals: 18 },
      },
      networkNames: {
        'eip155:31337': 'Anvil A',
        'eip155:31338': 'Anvil B',
        [demo.networks[2]!.caipNetworkId as string]: 'Solana Local',
      },
      // No smart accounts in the e2e stack: its specs see the EOA (the smart-account spec enables them for itself).
      smartAccounts: {},
    });
  });

  it('serves a second origin of the same site for the dapp in e2e mode', () => {
    expect(stackUrls('e2e', {}).dappAlt).toBe('http://localhost:15177');
    expect(stackUrls('e2e', { AIRLOCK_DAPP_ALT_PORT: '25177' }).dappAlt).toBe('http://localhost:25177');
  });

  it('takes port overrides from the environment and rejects ones that are not ports', () => {
    const env = { AIRLOCK_FRAME_PORT: '25174', AIRLOCK_ANVIL_B_PORT: '28546' };
    expect(stackPorts('e2e', env)).toMatchObject({ frame: 25174, anvilB: 28546, anvilA: 18545 });
    expect(demoConfig('e2e', env).frameUrl).toBe('http://127.0.0.1:25174/');
    expect(() => stackPorts('dev', { AIRLOCK_DAPP_PORT: 'eighty' })).toThrow(/AIRLOCK_DAPP_PORT/);
    expect(stackPorts('e2e', { AIRLOCK_PORT_OFFSET: '1000', AIRLOCK_FRAME_PORT: '25174' })).toMatchObject({
      frame: 25174,
      dapp: 16173,
      anvilA: 19545,
    });
    expect(() => stackPorts('e2e', { AIRLOCK_PORT_OFFSET: '-5' })).toThrow(/AIRLOCK_PORT_OFFSET/);
    expect(() => stackPorts('dev', { AIRLOCK_DAPP_PORT: '70000' })).toThrow(/not a port/);
  });
});

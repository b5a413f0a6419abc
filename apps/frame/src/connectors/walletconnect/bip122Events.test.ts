import { BIP122_NETWORKS, BIP122_REGTEST_CAIP_NETWORK_ID } from '@airlock/protocol/bip122';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WalletConnectConnectorOptions } from './connector.ts';

const REGTEST = BIP122_REGTEST_CAIP_NETWORK_ID;
const MAINNET = BIP122_NETWORKS.mainnet.caipNetworkId;
/** Regtest dev accounts 1 and 2 (apps/bitcoin-esplora/README.md): two payment addresses and an ordinals one. */
const PAYMENT = 'bcrt1q0hwg3vrapy23kj4e8esjuscz8s9chnf8mt444s';
const ORDINALS = 'bcrt1p89rf4slmway6agt2umj8l5f7a0v4dp4hfutkym8ke82cz09zu45q54t7vv';
const OTHER = 'bcrt1q7s6m395n6gwff9rv04yemzw3cs3w9k7yuv4kzs';
const MAINNET_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const EOA = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** A stand-in of WalletConnect's UniversalProvider: a session, its listeners, the requests it was sent. */
const fake = vi.hoisted(() => {
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  return {
    listeners,
    requests: [] as { request: { method: string; params: unknown }; chain?: string }[],
    session: undefined as unknown,
    emit: (name: string, event: unknown) => listeners.get(name)?.forEach((l) => l(event)),
  };
});

vi.mock('./provider.ts', () => ({
  createProvider: async () => ({
    get session() {
      return fake.session;
    },
    on(name: string, listener: (event: unknown) => void) {
      fake.listeners.set(name, [...(fake.listeners.get(name) ?? []), listener]);
    },
    removeListener() {},
    async connect() {},
    async disconnect() {},
    async request(request: { method: string; params: unknown }, chain?: string) {
      fake.requests.push({ request, chain });
      return [];
    },
  }),
}));

const { createWalletConnectConnector } = await import('./connector.ts');

const session = {
  namespaces: {
    bip122: {
      accounts: [
        `${REGTEST}:${PAYMENT}`,
        `${REGTEST}:${ORDINALS}`,
        `${REGTEST}:${OTHER}`,
        `${MAINNET}:${MAINNET_ADDRESS}`,
      ],
      methods: ['signMessage'],
      events: ['bip122_addressesChanged'],
    },
    eip155: { accounts: [`eip155:31337:${EOA}`], methods: ['personal_sign'], events: [] },
  },
  peer: { metadata: { name: 'Dev Wallet', icons: [] } },
};

/** A `bip122_addressesChanged` session event of `chainId` with `data`. */
const addressesChanged = (chainId: string, data: unknown) =>
  fake.emit('session_event', { params: { chainId, event: { name: 'bip122_addressesChanged', data } } });

const setup = async (caipNetworkId: string) => {
  const changes: string[][] = [];
  const connector = createWalletConnectConnector({ networks: [] } as unknown as WalletConnectConnectorOptions, {
    onAccountsChanged: (accounts) => changes.push(accounts),
    onChainChanged: () => {},
    onDisconnect: () => {},
  });
  const restored = await connector.restore(caipNetworkId as never);
  return { connector, changes, restored };
};

beforeEach(() => {
  fake.listeners.clear();
  fake.requests.length = 0;
  fake.session = session;
});

describe('WalletConnect bip122_addressesChanged (the wallet changes its Bitcoin account)', () => {
  it('on the bip122 network: an account change with the new payment address first, and requests sign with it', async () => {
    const { connector, changes, restored } = await setup(REGTEST);
    expect(restored?.accounts).toEqual([PAYMENT, ORDINALS]);
    addressesChanged(REGTEST, [
      { address: OTHER, intention: 'payment' },
      { address: ORDINALS, intention: 'ordinal' },
    ]);
    expect(changes).toEqual([[OTHER, ORDINALS]]);
    const accounts = await connector.request({ method: 'getAccounts', params: [] }, REGTEST as never);
    expect(accounts).toEqual({
      ok: true,
      value: [
        { address: OTHER, purpose: 'payment' },
        { address: ORDINALS, purpose: 'ordinals' },
      ],
    });
    await connector.request({ method: 'signMessage', params: [{ address: OTHER, message: 'hi' }] }, REGTEST as never);
    expect(fake.requests.at(-1)?.request).toEqual({
      method: 'signMessage',
      params: { account: OTHER, address: OTHER, message: 'hi', protocol: 'bip322' },
    });
  });

  it('an address the session never approved, of another network or malformed data changes nothing', async () => {
    const { changes } = await setup(REGTEST);
    addressesChanged(REGTEST, [{ address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080' }]);
    addressesChanged(REGTEST, [{ address: MAINNET_ADDRESS }]);
    addressesChanged(REGTEST, 'not a list');
    addressesChanged('eip155:31337', [{ address: OTHER }]);
    expect(changes).toEqual([]);
  });

  it('while the connection is on an eip155 network, the order is kept for later but no account change is sent', async () => {
    const { connector, changes, restored } = await setup('eip155:31337');
    expect(restored?.accounts).toEqual([EOA]);
    addressesChanged(REGTEST, [OTHER]);
    expect(changes).toEqual([]);
    const accounts = await connector.request({ method: 'getAccounts', params: [] }, REGTEST as never);
    expect(accounts.ok && (accounts.value as { address: string }[])[0]!.address).toBe(OTHER);
  });
});

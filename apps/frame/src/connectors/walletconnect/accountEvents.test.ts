import { BIP122_REGTEST_CAIP_NETWORK_ID } from '@airlock/protocol/bip122';
import { COSMOS_LOCAL_CAIP_NETWORK_ID } from '@airlock/protocol/cosmos';
import { POLKADOT_LOCAL_CAIP_NETWORK_ID } from '@airlock/protocol/polkadot';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WalletConnectConnectorOptions } from './connector.ts';
import { SESSION_NAMESPACES } from './sessionNamespaces.ts';

const REGTEST = BIP122_REGTEST_CAIP_NETWORK_ID;
const COSMOS = COSMOS_LOCAL_CAIP_NETWORK_ID;
const POLKADOT = POLKADOT_LOCAL_CAIP_NETWORK_ID;
/** Regtest dev account 1's payment address (apps/bitcoin-esplora/README.md). */
const PAYMENT = 'bcrt1q0hwg3vrapy23kj4e8esjuscz8s9chnf8mt444s';
/** Cosmos dev accounts 0 and 1 (apps/cosmos-lcd/README.md), and a valid address the session never approved. */
const COSMOS_0 = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7';
const COSMOS_1 = 'cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z';
const COSMOS_STRANGER = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu';
/** //Alice and //Bob in the local network's SS58 format (42). */
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty';
/** Anvil dev accounts 0 and 1. */
const EOA = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const EOA_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** A stand-in of WalletConnect's UniversalProvider: a session and its listeners. */
const fake = vi.hoisted(() => {
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  return {
    listeners,
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
    async request() {
      return null;
    },
  }),
}));

const { createWalletConnectConnector } = await import('./connector.ts');

const sessionWith = (extra: Record<string, { accounts: string[] }> = {}) => ({
  namespaces: {
    eip155: { accounts: [`eip155:31337:${EOA}`, `eip155:31337:${EOA_1}`], chains: ['eip155:31337'], methods: [] },
    bip122: { accounts: [`${REGTEST}:${PAYMENT}`], methods: [] },
    cosmos: { accounts: [`${COSMOS}:${COSMOS_0}`, `${COSMOS}:${COSMOS_1}`], methods: [] },
    polkadot: { accounts: [`${POLKADOT}:${ALICE}`, `${POLKADOT}:${BOB}`], methods: [] },
    ...extra,
  },
  peer: { metadata: { name: 'Dev Wallet', icons: [] } },
});

/** A WalletConnect `accountsChanged` session event of `chainId` with `data`. */
const accountsChanged = (chainId: string, data: unknown) =>
  fake.emit('session_event', { params: { chainId, event: { name: 'accountsChanged', data } } });

/** The connector restored on `caipNetworkId`, with the account and chain changes it reports. */
const setup = async (caipNetworkId: string) => {
  const changes: string[][] = [];
  const chains: number[] = [];
  const connector = createWalletConnectConnector({ networks: [] } as unknown as WalletConnectConnectorOptions, {
    onAccountsChanged: (accounts) => changes.push(accounts),
    onChainChanged: (chainId) => chains.push(chainId),
    onDisconnect: () => {},
  });
  const restored = await connector.restore(caipNetworkId as never);
  return { connector, changes, chains, restored };
};

beforeAll(async () => {
  await SESSION_NAMESPACES.polkadot!.load!(); // what the connector awaits when a polkadot network is configured
});

beforeEach(() => {
  fake.listeners.clear();
  fake.session = sessionWith();
});

describe('WalletConnect accountsChanged of cosmos and polkadot (the wallet changes its account)', () => {
  it('on the cosmos network: the named session account comes first, the connection and accountOn follow', async () => {
    const { connector, changes, restored } = await setup(COSMOS);
    expect(restored?.accounts).toEqual([COSMOS_0, COSMOS_1]);
    accountsChanged(COSMOS, [`${COSMOS}:${COSMOS_1}`]);
    expect(changes).toEqual([[COSMOS_1, COSMOS_0]]);
    expect(connector.accountOn?.('cosmos')).toBe(COSMOS_1);
    // A reconnect-free restore on the same network keeps the wallet's order.
    expect((await connector.restore(COSMOS as never))?.accounts).toEqual([COSMOS_1, COSMOS_0]);
  });

  it('on the polkadot network: //Bob first (plain addresses on the event’s network are taken too)', async () => {
    const { changes, restored } = await setup(POLKADOT);
    expect(restored?.accounts).toEqual([ALICE, BOB]);
    accountsChanged(POLKADOT, [BOB]);
    expect(changes).toEqual([[BOB, ALICE]]);
  });

  it('an account the session never approved, another network’s or malformed data changes nothing', async () => {
    const { changes } = await setup(COSMOS);
    accountsChanged(COSMOS, [`${COSMOS}:${COSMOS_STRANGER}`]);
    accountsChanged(COSMOS, [`cosmos:cosmoshub-4:${COSMOS_1}`]);
    accountsChanged(COSMOS, 'not a list');
    accountsChanged(COSMOS, [`${POLKADOT}:${BOB}`]);
    expect(changes).toEqual([]);
  });

  it('a polkadot change while the connection is on cosmos is kept for later, the cosmos connection is untouched', async () => {
    const { connector, changes } = await setup(COSMOS);
    accountsChanged(POLKADOT, [`${POLKADOT}:${BOB}`]);
    expect(changes).toEqual([]);
    const accounts = await connector.request({ method: 'polkadot_getAccounts', params: [] }, POLKADOT as never);
    expect(accounts).toEqual({ ok: true, value: [{ address: BOB }, { address: ALICE }] });
  });

  it('session_update with a new cosmos account: the accounts of the connection’s network', async () => {
    const { changes } = await setup(COSMOS);
    fake.session = sessionWith({ cosmos: { accounts: [`${COSMOS}:${COSMOS_1}`] } });
    fake.emit('session_update', {});
    expect(changes).toEqual([[COSMOS_1]]);
  });
});

describe('an eip155 event while the connection is on another namespace (the guard)', () => {
  it('eip155 accountsChanged on bip122 or cosmos changes nothing; on eip155 it does', async () => {
    for (const network of [REGTEST, COSMOS]) {
      fake.listeners.clear();
      const { changes } = await setup(network);
      accountsChanged('eip155:31337', [`eip155:31337:${EOA_1}`]);
      expect(changes).toEqual([]);
    }
    fake.listeners.clear();
    const { changes, connector } = await setup('eip155:31337');
    accountsChanged('eip155:31337', [`eip155:31337:${EOA_1}`]);
    expect(changes).toEqual([[EOA_1, EOA]]);
    expect(connector.accountOn?.('eip155')).toBe(EOA_1);
  });

  it('session_update on cosmos sends the cosmos accounts, never the eip155 ones', async () => {
    const { changes } = await setup(COSMOS);
    fake.emit('session_update', {});
    expect(changes).toEqual([[COSMOS_0, COSMOS_1]]);
  });

  it('an eip155 chainChanged on cosmos moves nothing; the wallet’s chain is remembered for eip155', async () => {
    fake.session = {
      ...sessionWith(),
      namespaces: {
        ...sessionWith().namespaces,
        eip155: { ...sessionWith().namespaces.eip155, chains: ['eip155:31337', 'eip155:31338'] },
      },
    };
    const { chains } = await setup(COSMOS);
    fake.emit('session_event', {
      params: { chainId: 'eip155:31338', event: { name: 'chainChanged', data: '0x7a6a' } },
    });
    expect(chains).toEqual([]);
    fake.listeners.clear();
    const onEip155 = await setup('eip155:31337');
    fake.emit('session_event', {
      params: { chainId: 'eip155:31338', event: { name: 'chainChanged', data: '0x7a6a' } },
    });
    expect(onEip155.chains).toEqual([31338]);
  });
});

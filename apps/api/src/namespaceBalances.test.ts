import { type CosmosLcd, DEV_BALANCE, devWallet, startCosmosLcd } from '@airlock/cosmos-lcd';
import { COSMOS_LOCAL_CAIP_NETWORK_ID, COSMOS_NETWORKS } from '@airlock/protocol/cosmos';
import { POLKADOT_LOCAL_CAIP_NETWORK_ID, POLKADOT_NETWORKS } from '@airlock/protocol/polkadot';
import { type SubstrateRpc, startSubstrateRpc } from '@airlock/substrate-rpc';
import { SigningStargateClient } from '@cosmjs/stargate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, createApi } from './main.ts';
import { dropTestDatabases, testDatabase } from './test/database.ts';

/**
 * The spec §7 balance call for cosmos and polkadot networks, over a real HTTP server, against the
 * stand-ins (apps/cosmos-lcd moved by a real CosmJS bank send; apps/substrate-rpc's seeded accounts).
 */

let lcd: CosmosLcd;
let substrate: SubstrateRpc;
let api: Api;
let baseUrl: string;
const ORIGIN = 'http://localhost:15173';
/** Alice in Polkadot's own format (SS58 0) and in Kusama's (2): the same account. */
const ALICE_POLKADOT = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5';

const balance = async (address: string, chainId: string) => {
  const res = await fetch(
    `${baseUrl}/v1/account/${address}/balance?${new URLSearchParams({ projectId: 'dev', chainId })}`,
    { headers: { origin: ORIGIN } },
  );
  return { status: res.status, body: (await res.json()) as any };
};

beforeAll(async () => {
  [lcd, substrate] = await Promise.all([startCosmosLcd({ port: 0 }), startSubstrateRpc({ port: 0 })]);
  api = await createApi({
    port: 0,
    database: await testDatabase(),
    cosmos: [
      {
        caipNetworkId: COSMOS_LOCAL_CAIP_NETWORK_ID,
        lcdUrl: lcd.url,
        denoms: [{ denom: 'ibc/ABC', symbol: 'ATOM', name: 'Cosmos Hub Atom', decimals: 6 }],
      },
      // A backend that is down (nothing listens on port 9).
      { caipNetworkId: COSMOS_NETWORKS.osmosis.caipNetworkId, lcdUrl: 'http://127.0.0.1:9' },
    ],
    polkadot: [
      { caipNetworkId: POLKADOT_LOCAL_CAIP_NETWORK_ID, rpcUrl: substrate.url },
      { caipNetworkId: POLKADOT_NETWORKS.polkadot.caipNetworkId, rpcUrl: substrate.url },
    ],
    seed: { projects: [{ id: 'dev', name: 'Dev', allowedOrigins: ['http://localhost:*'] }] },
    indexer: { autoStart: false },
    log: () => undefined,
  });
  baseUrl = await api.start();
}, 60_000);

afterAll(async () => {
  await Promise.all([api?.stop(), lcd?.stop(), substrate?.stop()]);
  await dropTestDatabases();
});

describe('cosmos balances (spec §7) from the configured LCD', () => {
  it('answers the native STAKE balance, and follows a CosmJS bank send the stand-in applied', async () => {
    const wallet = await devWallet(2);
    const [from, to] = await wallet.getAccounts();
    const before = await balance(to!.address, COSMOS_LOCAL_CAIP_NETWORK_ID);
    expect(before.status).toBe(200);
    expect(before.body.balances).toEqual([
      expect.objectContaining({
        symbol: 'STAKE',
        chainId: COSMOS_LOCAL_CAIP_NETWORK_ID,
        denom: 'ustake',
        quantity: { decimals: '6', numeric: String(DEV_BALANCE / 1_000_000n) },
      }),
    ]);
    expect(before.body.balances[0]).not.toHaveProperty('address');
    const client = await SigningStargateClient.connectWithSigner(lcd.url, wallet, { broadcastPollIntervalMs: 50 });
    const fee = { amount: [{ denom: 'ustake', amount: '2000' }], gas: '200000' };
    await client.sendTokens(from!.address, to!.address, [{ denom: 'ustake', amount: '2500000' }], fee);
    client.disconnect();
    const after = await balance(to!.address, COSMOS_LOCAL_CAIP_NETWORK_ID);
    expect(after.body.balances[0].quantity.numeric).toBe('1002.5');
    // A configured IBC denom the account holds is listed with its own id.
    lcd.chain.fund(to!.address, 1_500_000n, 'ibc/ABC');
    const ibc = (await balance(to!.address, COSMOS_LOCAL_CAIP_NETWORK_ID)).body.balances[1];
    expect(ibc).toMatchObject({
      symbol: 'ATOM',
      address: `${COSMOS_LOCAL_CAIP_NETWORK_ID}:ibc/ABC`,
      quantity: { numeric: '1.5' },
    });
  });

  it('refuses an address of another prefix (400, nothing fetched), answers [] for a network not served, 502 for a dead LCD', async () => {
    const osmo = (await devWallet(1, 'osmo')).getAccounts().then((a) => a[0]!.address);
    expect((await balance(await osmo, COSMOS_LOCAL_CAIP_NETWORK_ID)).status).toBe(400);
    expect((await balance(lcd.devAccounts[0]!.address, COSMOS_NETWORKS.cosmoshub.caipNetworkId)).body).toEqual({
      balances: [],
    });
    const down = await balance(await osmo, COSMOS_NETWORKS.osmosis.caipNetworkId);
    expect(down.status).toBe(502);
    expect(down.body.message).toMatch(/Cosmos backend unavailable/);
  });
});

describe('polkadot balances (spec §7) from the configured Substrate JSON-RPC', () => {
  it('answers free + reserved with both parts, for an address in any SS58 format', async () => {
    const [alice, bob] = substrate.devAccounts;
    const local = await balance(alice!.address, POLKADOT_LOCAL_CAIP_NETWORK_ID);
    expect(local.status).toBe(200);
    expect(local.body.balances).toEqual([
      expect.objectContaining({
        symbol: 'UNIT',
        chainId: POLKADOT_LOCAL_CAIP_NETWORK_ID,
        quantity: { decimals: '12', numeric: '1010' },
        free: '1000',
        reserved: '10',
        frozen: '0',
      }),
    ]);
    // The Polkadot entry reads the same stand-in here: DOT has 10 decimals, so the same planck read 100 times more.
    const dot = await balance(ALICE_POLKADOT, POLKADOT_NETWORKS.polkadot.caipNetworkId);
    expect(dot.body.balances[0]).toMatchObject({ symbol: 'DOT', free: '100000', reserved: '1000' });
    expect((await balance(bob!.address, POLKADOT_LOCAL_CAIP_NETWORK_ID)).body.balances[0].reserved).toBe('0');
  });

  it('answers 0 for an account without an entry, 400 for text that is not SS58', async () => {
    const empty = '5C4hrfjw9DjXZTzV3MwzrrAr9P1MJhSrvWGWqi1eSuyUpnhM';
    expect((await balance(empty, POLKADOT_LOCAL_CAIP_NETWORK_ID)).body.balances[0]).toMatchObject({
      quantity: { numeric: '0' },
      free: '0',
      reserved: '0',
    });
    expect((await balance('0x1234', POLKADOT_LOCAL_CAIP_NETWORK_ID)).status).toBe(400);
  });
});

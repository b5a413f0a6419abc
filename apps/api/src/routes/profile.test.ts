import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, startAnvil, type Anvil } from '@airlock/testing';
import { createApi, type Api } from '../main.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';
import { compileErc1271Account } from '../test/erc1271.ts';

/**
 * The name calls (spec §7 `/v1/profile/*`) and `/v1/identity/{address}` over a
 * real HTTP server: names registered with real signatures (an EOA, and an
 * ERC-1271 contract account deployed on anvil), checked by the server with
 * viem's verifyMessage against the chain.
 */

const [alice, bob] = DEV_KEYS.map((k) => privateKeyToAccount(k));
const CHAIN_ID = 31337;
const COIN_TYPE = 0x80000000 + CHAIN_ID;
let anvil: Anvil;
let api: Api;
let baseUrl: string;
const clockMs = Date.now();

const get = async (path: string, params: Record<string, string> = {}) => {
  const res = await fetch(`${baseUrl}${path}?${new URLSearchParams({ projectId: 'dev', apiVersion: '2', ...params })}`);
  return { status: res.status, body: (await res.json()) as any };
};
const register = async (body: unknown) => {
  const res = await fetch(`${baseUrl}/v1/profile/account?projectId=dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};
/** The spec §7 register message: JSON with name, empty attributes, timestamp in seconds. */
const messageFor = (name: string, timestamp = Math.floor(clockMs / 1000)) =>
  JSON.stringify({ name, attributes: {}, timestamp });

beforeAll(async () => {
  anvil = await startAnvil(CHAIN_ID);
  api = await createApi({
    port: 0,
    database: await testDatabase(),
    chains: [{ caipNetworkId: anvil.caipNetworkId, rpcUrl: anvil.rpcUrl }],
    seed: { projects: [{ id: 'dev', name: 'Dev', allowedOrigins: ['http://localhost:*'] }] },
    names: { zones: ['reown.id', '.wcn.id'] },
    clock: () => clockMs,
    indexer: { autoStart: false },
    log: () => undefined,
  });
  baseUrl = await api.start();
}, 60_000);

afterAll(async () => {
  await Promise.all([api?.stop(), anvil?.stop()]);
  await dropTestDatabases();
});

describe('names (spec §7 /v1/profile/*)', () => {
  it('registers a name signed by the address; account, reverse and identity then return it', async () => {
    const message = messageFor('Alice-01.reown.id');
    const signature = await alice!.signMessage({ message });
    expect(await register({ coin_type: COIN_TYPE, address: alice!.address, message, signature })).toEqual({
      status: 200,
      body: { success: true, name: 'alice-01.reown.id' },
    });

    const account = await get('/v1/profile/account/alice-01.reown.id');
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({
      name: 'alice-01.reown.id',
      attributes: {},
      addresses: { [String(COIN_TYPE)]: { address: alice!.address.toLowerCase() } },
    });
    expect((await get(`/v1/profile/reverse/${alice!.address}`)).body.map((p: { name: string }) => p.name)).toEqual([
      'alice-01.reown.id',
    ]);
    expect((await get(`/v1/identity/${alice!.address}`)).body).toEqual({ name: 'alice-01.reown.id', avatar: null });
    expect((await get(`/v1/identity/${bob!.address}`)).body).toEqual({ name: null, avatar: null });
    // The same holder registering again is fine; the legacy zone is served too.
    expect((await register({ coin_type: COIN_TYPE, address: alice!.address, message, signature })).status).toBe(200);
  });

  it('refuses a taken name, a signature by another key, a stale or future timestamp, and a chain it does not serve', async () => {
    const taken = messageFor('alice-01.reown.id');
    expect(
      await register({
        coin_type: COIN_TYPE,
        address: bob!.address,
        message: taken,
        signature: await bob!.signMessage({ message: taken }),
      }),
    ).toEqual({
      status: 409,
      body: { message: 'Name already taken' },
    });
    const message = messageFor('bobby.wcn.id');
    // Signed by alice, claimed for bob.
    expect(
      await register({
        coin_type: COIN_TYPE,
        address: bob!.address,
        message,
        signature: await alice!.signMessage({ message }),
      }),
    ).toEqual({
      status: 400,
      body: { message: 'Invalid signature' },
    });
    // A signature over another message.
    expect(
      (
        await register({
          coin_type: COIN_TYPE,
          address: bob!.address,
          message,
          signature: await bob!.signMessage({ message: messageFor('other.wcn.id') }),
        })
      ).body.message,
    ).toBe('Invalid signature');
    const stale = messageFor('bobby.wcn.id', Math.floor(clockMs / 1000) - 11 * 60);
    expect(
      (
        await register({
          coin_type: COIN_TYPE,
          address: bob!.address,
          message: stale,
          signature: await bob!.signMessage({ message: stale }),
        })
      ).body.message,
    ).toBe('Message timestamp out of range');
    const future = messageFor('bobby.wcn.id', Math.floor(clockMs / 1000) + 5 * 60);
    expect(
      (
        await register({
          coin_type: COIN_TYPE,
          address: bob!.address,
          message: future,
          signature: await bob!.signMessage({ message: future }),
        })
      ).body.message,
    ).toBe('Message timestamp out of range');
    expect(
      (
        await register({
          coin_type: 60,
          address: bob!.address,
          message,
          signature: await bob!.signMessage({ message }),
        })
      ).body.message,
    ).toBe('Network not found');
    // A coin type that names no EVM chain (Bitcoin's 0; the EVM bit alone) is 'Invalid chainId' (spec §5).
    for (const coin_type of [0, 0x80000000]) {
      expect(
        (await register({ coin_type, address: bob!.address, message, signature: await bob!.signMessage({ message }) }))
          .body.message,
      ).toBe('Invalid chainId');
    }
    expect((await get('/v1/profile/account/bobby.wcn.id')).status).toBe(404);
    // Then bob's own signature registers it, in the legacy zone.
    expect(
      (
        await register({
          coin_type: COIN_TYPE,
          address: bob!.address,
          message,
          signature: await bob!.signMessage({ message }),
        })
      ).body,
    ).toEqual({ success: true, name: 'bobby.wcn.id' });
  });

  it('applies the spec §5 name rule (letters, digits, hyphens, at least 4 characters) and the deployment zones', async () => {
    const rule = 'Account name: letters, digits, hyphens only, at least 4 characters';
    for (const name of ['abc.reown.id', 'al_ce.reown.id', 'al ce.reown.id', 'a.b.c.d.reown.id']) {
      const message = messageFor(name);
      expect(
        (
          await register({
            coin_type: COIN_TYPE,
            address: bob!.address,
            message,
            signature: await bob!.signMessage({ message }),
          })
        ).body.message,
      ).toBe(rule);
    }
    const elsewhere = messageFor('bobby.eth');
    expect(
      (
        await register({
          coin_type: COIN_TYPE,
          address: bob!.address,
          message: elsewhere,
          signature: await bob!.signMessage({ message: elsewhere }),
        })
      ).body.message,
    ).toBe('Zone not supported');
    const attributes = JSON.stringify({
      name: 'carol.reown.id',
      attributes: { avatar: 'x' },
      timestamp: Math.floor(clockMs / 1000),
    });
    expect(
      (
        await register({
          coin_type: COIN_TYPE,
          address: bob!.address,
          message: attributes,
          signature: await bob!.signMessage({ message: attributes }),
        })
      ).body.message,
    ).toMatch(/^message:/);
    expect(
      (await register({ coin_type: COIN_TYPE, address: '0x12', message: 'x', signature: '0x00' })).body.message,
    ).toMatch(/^address: Invalid address/);
    expect((await get('/v1/profile/account/abc.reown.id')).body).toEqual({ message: rule });
  });

  it('suggests the name in each zone with its availability, then free variants with words, not digits', async () => {
    // A variant someone holds is not suggested.
    const carol = privateKeyToAccount(generatePrivateKey());
    const taken = messageFor('alice-01-bold.reown.id');
    expect(
      (
        await register({
          coin_type: COIN_TYPE,
          address: carol.address,
          message: taken,
          signature: await carol.signMessage({ message: taken }),
        })
      ).status,
    ).toBe(200);
    const { status, body } = await get('/v1/profile/suggestions/alice-01');
    expect(status).toBe(200);
    expect(body.suggestions).toEqual([
      { name: 'alice-01.reown.id', registered: true },
      { name: 'alice-01.wcn.id', registered: false },
      { name: 'alice-01-bold.wcn.id', registered: false },
      { name: 'the-alice-01.reown.id', registered: false },
      { name: 'the-alice-01.wcn.id', registered: false },
      { name: 'alice-01-swift.reown.id', registered: false },
    ]);
    expect(body.suggestions.map((s: { name: string }) => s.name).join(' ')).not.toMatch(/alice-01\d/);
    expect((await get('/v1/profile/suggestions/alice-01', { zone: 'wcn.id' })).body.suggestions).toEqual([
      { name: 'alice-01.wcn.id', registered: false },
      { name: 'alice-01-bold.wcn.id', registered: false },
      { name: 'the-alice-01.wcn.id', registered: false },
      { name: 'alice-01-swift.wcn.id', registered: false },
      { name: 'hey-alice-01.wcn.id', registered: false },
    ]);
    expect((await get('/v1/profile/suggestions/ab')).status).toBe(400);
  });

  it('verifies a contract account by ERC-1271: the owner signs, the contract answers', async () => {
    const { abi, bytecode } = compileErc1271Account();
    const wallet = anvil.wallet(2);
    const hash = await wallet.deployContract({ abi, bytecode, args: [alice!.address] });
    const contract = (await wallet.waitForTransactionReceipt({ hash })).contractAddress!;
    const message = messageFor('smart-account.reown.id');
    expect(
      await register({
        coin_type: COIN_TYPE,
        address: contract,
        message,
        signature: await bob!.signMessage({ message }),
      }),
    ).toEqual({
      status: 400,
      body: { message: 'Invalid signature' },
    });
    expect(
      await register({
        coin_type: COIN_TYPE,
        address: contract,
        message,
        signature: await alice!.signMessage({ message }),
      }),
    ).toEqual({
      status: 200,
      body: { success: true, name: 'smart-account.reown.id' },
    });
    expect((await get(`/v1/identity/${contract}`)).body.name).toBe('smart-account.reown.id');
  }, 60_000);
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, parseEther, type Hex } from 'viem';
import { createBundlerClient, entryPoint07Address } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseErc6492Signature } from 'viem/utils';
import { toSafeSmartAccount } from 'permissionless/accounts';
import { freePort, startAnvil, type Anvil } from '@airlock/testing';
import { DEV_PAYMASTER_ADDRESS, DEV_PAYMASTER_SIGNER_KEY, deployAccountAbstraction } from '../../../../scripts/aa.mjs';
import { SAFE_CONTRACTS } from '../../../../scripts/safe.mjs';
import { startBundlerProcess } from '../../../../scripts/bundler.mjs';
import { createApi, type Api } from '../main.ts';
import { setSponsorshipPolicy } from '../sponsorship/policy.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';

/**
 * The embedded wallet's smart account with real parts: Safe 1.4.1 and its Safe4337Module 0.3.0 from
 * @safe-global's npm packages at their public addresses (scripts/safe.mjs), EntryPoint v0.7, the Alto bundler
 * and the API's bundler route with ERC-7677 sponsorship. Signatures are ERC-1271 valid once deployed and
 * ERC-6492 wrapped before, so viem's verifyMessage / verifyTypedData accept both.
 */

const CHAIN = 'eip155:31337';
const DEAD = '0x000000000000000000000000000000000000dEaD';
/** The embedded wallet's secure frame origin (never one of a dapp's allowed origins). */
const SECURE_FRAME = 'http://wallet.localhost:5178';
let anvil: Anvil;
let api: Api;
let baseUrl: string;
let bundler: Awaited<ReturnType<typeof startBundlerProcess>>;

const client = () => createPublicClient({ chain: anvil.chain, transport: http(anvil.rpcUrl) });
const newSafe = (key: Hex = generatePrivateKey()) =>
  toSafeSmartAccount({
    client: client(),
    owners: [privateKeyToAccount(key)],
    version: '1.4.1',
    entryPoint: { address: entryPoint07Address, version: '0.7' },
  });

beforeAll(async () => {
  anvil = await startAnvil(31337);
  await deployAccountAbstraction(anvil.rpcUrl);
  bundler = await startBundlerProcess({ port: await freePort(), rpcUrl: anvil.rpcUrl });
  api = await createApi({
    port: 0,
    database: await testDatabase(),
    chains: [{ caipNetworkId: CHAIN, rpcUrl: anvil.rpcUrl }],
    bundlers: {
      chains: [{ caipNetworkId: CHAIN, url: bundler.url, paymaster: DEV_PAYMASTER_ADDRESS }],
      paymasterSignerKey: DEV_PAYMASTER_SIGNER_KEY,
    },
    seed: { projects: [{ id: 'dev', name: 'Dev Project', allowedOrigins: ['http://localhost:*'] }] },
    embedded: { smtpUrl: 'smtp://127.0.0.1:1', recoveryKey: randomBytes(32), secureFrameOrigins: [SECURE_FRAME] },
    indexer: { autoStart: false },
    log: () => undefined,
  });
  baseUrl = await api.start();
  await setSponsorshipPolicy(api.db, {
    projectId: 'dev',
    enabled: true,
    dailyGasLimit: '10000000',
    allowedTargets: null,
  });
}, 240_000);

afterAll(async () => {
  await Promise.all([api?.stop(), anvil?.stop(), bundler?.stop()]);
  await dropTestDatabases();
});

describe('Safe smart account (embedded wallet)', () => {
  it("the secure frame's origin may call the bundler route of any project, and only that route", async () => {
    const post = (path: string, origin: string) =>
      fetch(`${baseUrl}${path}?projectId=dev&chainId=${CHAIN}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
    const allowed = await post('/v1/bundler', SECURE_FRAME);
    expect(allowed.status).toBe(200);
    expect(((await allowed.json()) as { result: string }).result).toBe('0x7a69');
    expect((await post('/v1/bundler', 'https://evil.example')).status).toBe(403);
    expect((await post('/v1/', SECURE_FRAME)).status).toBe(403);
  });

  it('the Safe contracts are at their public addresses', async () => {
    for (const { address } of Object.values(SAFE_CONTRACTS)) {
      expect(await client().getCode({ address: address as Hex })).toMatch(/^0x[0-9a-f]{10,}/);
    }
  });

  it('signatures verify before (ERC-6492) and after (ERC-1271) deployment; a sponsored send deploys it', async () => {
    const key = generatePrivateKey();
    const account = await newSafe(key);
    expect(await account.isDeployed()).toBe(false);
    const typed = {
      domain: { name: 'Airlock test', version: '1', chainId: 31337 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting' as const,
      message: { text: 'hello' },
    };
    const before = await account.signMessage({ message: 'hello' });
    expect(parseErc6492Signature(before).address?.toLowerCase()).toBe(
      SAFE_CONTRACTS.SafeProxyFactory.address.toLowerCase(),
    );
    expect(await client().verifyMessage({ address: account.address, message: 'hello', signature: before })).toBe(true);
    const typedBefore = await account.signTypedData(typed);
    expect(await client().verifyTypedData({ address: account.address, signature: typedBefore, ...typed })).toBe(true);
    // Another message does not verify with it (the check is real).
    expect(await client().verifyMessage({ address: account.address, message: 'other', signature: before })).toBe(false);

    await anvil.test.setBalance({ address: account.address, value: parseEther('1') });
    const bc = createBundlerClient({
      client: client(),
      account,
      transport: http(`${baseUrl}/v1/bundler?projectId=dev&chainId=${CHAIN}`),
      paymaster: true,
      pollingInterval: 100,
    });
    const hash = await bc.sendUserOperation({ calls: [{ to: DEAD, value: parseEther('0.1') }] });
    const receipt = await bc.waitForUserOperationReceipt({ hash, timeout: 30_000 });
    expect(receipt.success).toBe(true);
    expect(await client().getBalance({ address: account.address })).toBe(parseEther('0.9'));
    expect(await account.isDeployed()).toBe(true);

    const after = await account.signMessage({ message: 'hello' });
    expect(after).not.toBe(before);
    expect(await client().verifyMessage({ address: account.address, message: 'hello', signature: after })).toBe(true);
    const typedAfter = await account.signTypedData(typed);
    expect(await client().verifyTypedData({ address: account.address, signature: typedAfter, ...typed })).toBe(true);
    // The same key gives the same account (the address is the owner's, nothing random).
    expect((await newSafe(key)).address).toBe(account.address);
  }, 60_000);

  it('a batch is atomic on chain: a failing second call reverts the first (MultiSend)', async () => {
    const account = await newSafe();
    await anvil.test.setBalance({ address: account.address, value: parseEther('1') });
    const before = await client().getBalance({ address: DEAD });
    const bc = createBundlerClient({
      client: client(),
      account,
      transport: http(`${baseUrl}/v1/bundler?projectId=dev&chainId=${CHAIN}`),
      paymaster: true,
      pollingInterval: 100,
    });
    // Gas limits given: the bundler's estimation would refuse an operation whose call fails.
    const hash = await bc.sendUserOperation({
      calls: [
        { to: DEAD, value: parseEther('0.2') },
        { to: entryPoint07Address, data: '0xdeadbeef' },
      ],
      callGasLimit: 300_000n,
      verificationGasLimit: 1_000_000n,
      preVerificationGas: 100_000n,
    });
    const receipt = await bc.waitForUserOperationReceipt({ hash, timeout: 30_000 });
    expect(receipt.success).toBe(false);
    expect(await client().getBalance({ address: DEAD })).toBe(before);
    expect(await client().getBalance({ address: account.address })).toBe(parseEther('1'));
  }, 60_000);

  it('Activity: a user operation (a batch of two sends) is one row of the account’s history, with both values', async () => {
    const account = await newSafe();
    await anvil.test.setBalance({ address: account.address, value: parseEther('1') });
    const bc = createBundlerClient({
      client: client(),
      account,
      transport: http(`${baseUrl}/v1/bundler?projectId=dev&chainId=${CHAIN}`),
      paymaster: true,
      pollingInterval: 100,
    });
    const hash = await bc.sendUserOperation({
      calls: [
        { to: DEAD, value: parseEther('0.1') },
        { to: DEAD, value: parseEther('0.2') },
      ],
    });
    const receipt = await bc.waitForUserOperationReceipt({ hash, timeout: 30_000 });
    expect(receipt.success).toBe(true);
    await api.indexer.sync();
    const history = (await (
      await fetch(`${baseUrl}/v1/account/${account.address}/history?projectId=dev&chainId=${CHAIN}`)
    ).json()) as {
      data: {
        metadata: { hash: string; operationType: string };
        transfers: { direction: string; quantity: { numeric: string } }[];
      }[];
    };
    expect(history.data).toHaveLength(1);
    expect(history.data[0]?.metadata).toMatchObject({ hash: receipt.receipt.transactionHash, operationType: 'send' });
    expect(history.data[0]?.transfers.map((t) => [t.direction, t.quantity.numeric])).toEqual([
      ['out', '0.1'],
      ['out', '0.2'],
    ]);
  }, 60_000);
});

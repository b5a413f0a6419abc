import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, verifyMessage, type Hex } from 'viem';
import {
  createBundlerClient,
  entryPoint07Abi,
  entryPoint07Address,
  entryPoint08Address,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { toSimpleSmartAccount } from 'permissionless/accounts';
import { freePort, startAnvil, type Anvil } from '@airlock/testing';
import {
  DEV_PAYMASTER_ADDRESS,
  DEV_PAYMASTER_SIGNER_KEY,
  SIMPLE_7702_ACCOUNT_ADDRESS,
  SIMPLE_ACCOUNT_FACTORY_07_ADDRESS,
  deployAccountAbstraction,
} from '../../../../scripts/aa.mjs';
import { startBundlerProcess } from '../../../../scripts/bundler.mjs';
import { createApi, type Api } from '../main.ts';
import { setSponsorshipPolicy } from '../sponsorship/policy.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';

/**
 * The bundler call (`POST /v1/bundler`, spec §7) and ERC-7677 sponsorship with real parts: EntryPoint v0.7,
 * SimpleAccountFactory and VerifyingPaymaster from @account-abstraction/contracts on anvil, the Alto bundler
 * from npm, viem's bundler client and permissionless's SimpleAccount, all through the API's route.
 */

const CHAIN = 'eip155:31337';
const DEAD = '0x000000000000000000000000000000000000dEaD';
let anvil: Anvil;
let api: Api;
let baseUrl: string;
let bundler: Awaited<ReturnType<typeof startBundlerProcess>>;

const route = (chain = CHAIN, projectId = 'dev') => `${baseUrl}/v1/bundler?projectId=${projectId}&chainId=${chain}`;
const rpc = async (method: string, params: unknown[], chain = CHAIN) => {
  const res = await fetch(route(chain), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { result?: Record<string, unknown>; error?: { code: number; message: string } },
  };
};
const client = () => createPublicClient({ chain: anvil.chain, transport: http(anvil.rpcUrl) });
/** A fresh SimpleAccount (owner a new key) holding `eth` ETH at its counterfactual address. */
const newAccount = async (eth = '1') => {
  const account = await toSimpleSmartAccount({
    client: client(),
    owner: privateKeyToAccount(generatePrivateKey()),
    entryPoint: { address: entryPoint07Address, version: '0.7' },
  });
  if (eth !== '0') await anvil.test.setBalance({ address: account.address, value: parseEther(eth) });
  return account;
};
const bundlerClient = (account: Awaited<ReturnType<typeof newAccount>>, sponsored: boolean) =>
  createBundlerClient({
    client: client(),
    account,
    transport: http(route()),
    paymaster: sponsored ? true : undefined,
    pollingInterval: 100,
  });
const policy = (
  over: Partial<{ enabled: boolean; dailyGasLimit: string; allowedTargets: `0x${string}`[] | null }> = {},
) =>
  setSponsorshipPolicy(api.db, {
    projectId: 'dev',
    enabled: true,
    dailyGasLimit: '10000000',
    allowedTargets: null,
    ...over,
  });
const deposit = () =>
  client().readContract({
    address: entryPoint07Address,
    abi: entryPoint07Abi,
    functionName: 'balanceOf',
    args: [DEV_PAYMASTER_ADDRESS],
  });

beforeAll(async () => {
  anvil = await startAnvil(31337);
  await deployAccountAbstraction(anvil.rpcUrl);
  bundler = await startBundlerProcess({ port: await freePort(), rpcUrl: anvil.rpcUrl });
  api = await createApi({
    port: 0,
    database: await testDatabase(),
    chains: [
      { caipNetworkId: CHAIN, rpcUrl: anvil.rpcUrl },
      // A chain whose bundler is down (nothing listens on its port).
      { caipNetworkId: 'eip155:31338', rpcUrl: anvil.rpcUrl },
    ],
    bundlers: {
      chains: [
        { caipNetworkId: CHAIN, url: bundler.url, paymaster: DEV_PAYMASTER_ADDRESS },
        { caipNetworkId: 'eip155:31338', url: `http://127.0.0.1:${await freePort()}` },
      ],
      paymasterSignerKey: DEV_PAYMASTER_SIGNER_KEY,
    },
    seed: {
      projects: [
        { id: 'dev', name: 'Dev Project', allowedOrigins: ['http://localhost:*'] },
        // One request, then nothing for a long while: the rate limit of every route applies here too.
        { id: 'tight', name: 'Tight', allowedOrigins: [], rateLimit: { capacity: 1, refillPerSecond: 0.001 } },
      ],
    },
    indexer: { autoStart: false },
    log: () => undefined,
  });
  baseUrl = await api.start();
}, 240_000);

afterAll(async () => {
  await Promise.all([api?.stop(), anvil?.stop(), bundler?.stop()]);
  await dropTestDatabases();
});

describe('POST /v1/bundler', () => {
  it('forwards the ERC-4337 methods to the bundler and refuses the others', async () => {
    expect((await rpc('eth_supportedEntryPoints', [])).body.result).toEqual([entryPoint07Address, entryPoint08Address]);
    const refused = await rpc('debug_bundler_clearState', []);
    expect(refused.body.error).toEqual({ code: -32601, message: 'Method not allowed: debug_bundler_clearState' });
    const noChain = await rpc('eth_chainId', [], 'eip155:1');
    expect(noChain.status).toBe(400);
    expect(noChain.body.error?.code).toBe(-32602);
  });

  it('a bundler that is down gives a clear error without its URL', async () => {
    const answer = await rpc('eth_supportedEntryPoints', [], 'eip155:31338');
    expect(answer.body.error).toEqual({ code: -32603, message: 'Bundler unavailable' });
  });

  it('takes from the rate limits of the other routes (JSON-RPC -32005 with Retry-After)', async () => {
    const call = () =>
      fetch(route(CHAIN, 'tight'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
    expect((await call()).status).toBe(200);
    const limited = await call();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited.json()) as { error: { code: number } }).error.code).toBe(-32005);
  });

  it('runs the project check of the other routes', async () => {
    const res = await fetch(route(CHAIN, 'nope'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32000);
  });
});

describe('a smart account through the API (real Alto, EntryPoint v0.7, SimpleAccount)', () => {
  it('counterfactual address → sponsored send → deployed: the account pays exactly the amount, the paymaster the gas', async () => {
    await policy();
    const account = await newAccount('1');
    expect(await client().getCode({ address: account.address })).toBeUndefined();
    const paymasterBefore = await deposit();
    const bc = bundlerClient(account, true);
    const hash = await bc.sendUserOperation({ calls: [{ to: DEAD, value: parseEther('0.1') }] });
    const receipt = await bc.waitForUserOperationReceipt({ hash, timeout: 30_000 });
    expect(receipt.success).toBe(true);
    expect(receipt.paymaster?.toLowerCase()).toBe(DEV_PAYMASTER_ADDRESS.toLowerCase());
    expect(await client().getBalance({ address: account.address })).toBe(parseEther('0.9'));
    expect(await client().getCode({ address: account.address })).toMatch(/^0x.+/);
    expect(paymasterBefore - (await deposit())).toBe(receipt.actualGasCost);
  }, 60_000);

  it('unsponsored (policy off): the account pays the amount and the gas', async () => {
    await policy({ enabled: false });
    const account = await newAccount('1');
    const stub = await rpc('pm_getPaymasterStubData', [
      { sender: account.address, nonce: '0x0', callData: '0x' },
      entryPoint07Address,
      '0x7a69',
      {},
    ]);
    expect(stub.body.error).toEqual({ code: -32011, message: 'Sponsorship is off for this project' });
    const bc = bundlerClient(account, false);
    const hash = await bc.sendUserOperation({ calls: [{ to: DEAD, value: parseEther('0.1') }] });
    const receipt = await bc.waitForUserOperationReceipt({ hash, timeout: 30_000 });
    expect(receipt.success).toBe(true);
    expect(receipt.paymaster).toBeUndefined();
    // The account prefunded the most the operation could cost; the EntryPoint keeps the unused rest as its deposit.
    const leftInEntryPoint = await client().readContract({
      address: entryPoint07Address,
      abi: entryPoint07Abi,
      functionName: 'balanceOf',
      args: [account.address],
    });
    expect((await client().getBalance({ address: account.address })) + leftInEntryPoint).toBe(
      parseEther('0.9') - receipt.actualGasCost,
    );
  }, 60_000);

  it('a batch is atomic: a failing second call reverts the first', async () => {
    await policy();
    const account = await newAccount('1');
    const before = await client().getBalance({ address: DEAD });
    const bc = bundlerClient(account, true);
    // The second call reverts (the factory has no such function). Gas limits given: estimation would refuse it.
    const hash = await bc.sendUserOperation({
      calls: [
        { to: DEAD, value: parseEther('0.2') },
        { to: SIMPLE_ACCOUNT_FACTORY_07_ADDRESS, data: '0xdeadbeef' },
      ],
      callGasLimit: 200_000n,
      verificationGasLimit: 500_000n,
      preVerificationGas: 100_000n,
    });
    const receipt = await bc.waitForUserOperationReceipt({ hash, timeout: 30_000 });
    expect(receipt.success).toBe(false);
    expect(await client().getBalance({ address: DEAD })).toBe(before);
    expect(await client().getBalance({ address: account.address })).toBe(parseEther('1'));
  }, 60_000);

  it('over the daily gas limit: not sponsored, and nothing is counted for the refusal', async () => {
    await policy({ dailyGasLimit: '50000' });
    const account = await newAccount('1');
    const bc = bundlerClient(account, true);
    await expect(bc.sendUserOperation({ calls: [{ to: DEAD, value: 1n }] })).rejects.toThrow(
      /daily sponsored gas limit is reached/,
    );
    // The same operation without sponsorship goes through: the wallet falls back to paying itself.
    const hash = await bundlerClient(account, false).sendUserOperation({ calls: [{ to: DEAD, value: 1n }] });
    expect((await bc.waitForUserOperationReceipt({ hash, timeout: 30_000 })).success).toBe(true);
  }, 60_000);

  it('a call target outside the allowed contracts is not sponsored', async () => {
    await policy({ allowedTargets: [SIMPLE_ACCOUNT_FACTORY_07_ADDRESS] });
    const account = await newAccount('1');
    await expect(bundlerClient(account, true).sendUserOperation({ calls: [{ to: DEAD, value: 1n }] })).rejects.toThrow(
      /call target is not sponsored/,
    );
  }, 60_000);

  it('refuses to sign a gas price far above the chain’s (a holder of the signature could drain the deposit)', async () => {
    await policy();
    const account = await newAccount('0');
    const gasPrice = await client().getGasPrice();
    const op = {
      sender: account.address,
      nonce: '0x0',
      callData: encodeFunctionData({
        abi: parseAbi(['function execute(address,uint256,bytes)']),
        functionName: 'execute',
        args: [DEAD, 0n, '0x'],
      }),
      callGasLimit: '0x30d40',
      verificationGasLimit: '0x7a120',
      preVerificationGas: '0x186a0',
      maxFeePerGas: `0x${(gasPrice * 1000n).toString(16)}`,
      maxPriorityFeePerGas: `0x${(gasPrice * 1000n).toString(16)}`,
      paymasterVerificationGasLimit: '0x186a0',
      paymasterPostOpGasLimit: '0x0',
    };
    const answer = await rpc('pm_getPaymasterData', [op, entryPoint07Address, '0x7a69', {}]);
    expect(answer.body.error).toEqual({ code: -32011, message: 'The gas price is above what this project sponsors' });
  });

  it('signs what the paymaster contract verifies (its own getHash)', async () => {
    await policy();
    const account = await newAccount('0');
    const gasPrice = await client().getGasPrice();
    const op = {
      sender: account.address,
      nonce: '0x0',
      callData: '0x',
      callGasLimit: '0x1',
      verificationGasLimit: '0x2',
      preVerificationGas: '0x3',
      maxFeePerGas: `0x${gasPrice.toString(16)}`,
      maxPriorityFeePerGas: '0x1',
      paymasterVerificationGasLimit: '0x4',
      paymasterPostOpGasLimit: '0x5',
    };
    const { body } = await rpc('pm_getPaymasterData', [op, entryPoint07Address, '0x7a69', {}]);
    const data = body.result?.paymasterData as Hex;
    const validUntil = Number(BigInt(`0x${data.slice(2, 66)}`));
    const packed = {
      sender: account.address,
      nonce: 0n,
      initCode: '0x' as Hex,
      callData: '0x' as Hex,
      accountGasLimits: `0x${2n.toString(16).padStart(32, '0')}${1n.toString(16).padStart(32, '0')}` as Hex,
      preVerificationGas: 3n,
      gasFees: `0x${1n.toString(16).padStart(32, '0')}${gasPrice.toString(16).padStart(32, '0')}` as Hex,
      paymasterAndData:
        `${DEV_PAYMASTER_ADDRESS}${4n.toString(16).padStart(32, '0')}${5n.toString(16).padStart(32, '0')}${data.slice(2)}` as Hex,
      signature: '0x' as Hex,
    };
    const onChain = await client().readContract({
      address: DEV_PAYMASTER_ADDRESS,
      abi: parseAbi([
        'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
        'function getHash(PackedUserOperation userOp, uint48 validUntil, uint48 validAfter) view returns (bytes32)',
      ]),
      functionName: 'getHash',
      args: [packed, validUntil, 0],
    });
    const signer = privateKeyToAccount(DEV_PAYMASTER_SIGNER_KEY);
    const signature = `0x${data.slice(130)}` as Hex;
    expect(signature).toBe(await signer.signMessage({ message: { raw: onChain } }));
  });
});

describe('EIP-7702 mode (EntryPoint v0.8, Simple7702Account, real Alto)', () => {
  it('upgrades the EOA in place: same address, code delegated, a batch executed, signatures valid by ERC-1271', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    await anvil.test.setBalance({ address: owner.address, value: parseEther('1') });
    const account = await toSimple7702SmartAccount({ client: client(), owner });
    expect(account.address).toBe(owner.address);
    const bc = createBundlerClient({
      client: client(),
      account,
      transport: http(route()),
      pollingInterval: 100,
      // The bundler's gas price (a dev node's suggested tip follows the bundler's own and climbs).
      userOperation: {
        estimateFeesPerGas: async () => {
          const price = (await rpc('pimlico_getUserOperationGasPrice', [])).body.result as {
            standard: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex };
          };
          return {
            maxFeePerGas: BigInt(price.standard.maxFeePerGas),
            maxPriorityFeePerGas: BigInt(price.standard.maxPriorityFeePerGas),
          };
        },
      },
    });
    const before = await client().getBalance({ address: DEAD });
    const authorization = await owner.signAuthorization({
      chainId: anvil.chainId,
      contractAddress: SIMPLE_7702_ACCOUNT_ADDRESS,
      nonce: await client().getTransactionCount({ address: owner.address }),
    });
    const hash = await bc.sendUserOperation({
      calls: [
        { to: DEAD, value: 1n },
        { to: DEAD, value: 2n },
      ],
      authorization,
    });
    const receipt = await bc.waitForUserOperationReceipt({ hash, timeout: 30_000 });
    expect(receipt.success).toBe(true);
    expect(await client().getCode({ address: owner.address })).toBe(
      `0xef0100${SIMPLE_7702_ACCOUNT_ADDRESS.slice(2).toLowerCase()}`,
    );
    expect(await client().getBalance({ address: DEAD })).toBe(before + 3n);
    // The delegated account answers ERC-1271 for its owner's signatures (viem tries isValidSignature first).
    const signature = await account.signMessage({ message: 'hello from a smart account' });
    expect(await verifyMessage({ address: owner.address, message: 'hello from a smart account', signature })).toBe(
      true,
    );
    const isValid = await client().readContract({
      address: owner.address,
      abi: parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']),
      functionName: 'isValidSignature',
      args: [(await import('viem')).hashMessage('hello from a smart account'), signature],
    });
    expect(isValid).toBe('0x1626ba7e');
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, http, parseAbi, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  createBundlerClient,
  entryPoint07Address,
  formatUserOperationRequest,
  type UserOperation,
} from 'viem/account-abstraction';
import { toSafeSmartAccount } from 'permissionless/accounts';
import { FOREIGN_SENDER, UNDECODABLE_CALLDATA } from './pageOperation.ts';
import { FEE_PAYER } from './userOperation.ts';
import { DEAD, SAFE, clientOf, setup, sponsorship, stack, startSmartStack, stopSmartStack } from './testStack.ts';

/**
 * `eth_sendUserOperation` from a page that builds its own operation, and the sponsorship policy as the
 * approval shows it, through the secure frame's RPC handler with real parts (testStack.ts).
 */

beforeAll(startSmartStack, 240_000);
afterAll(stopSmartStack);

const EXECUTE = parseAbi([
  'function executeUserOpWithErrorString(address to, uint256 value, bytes data, uint8 operation)',
]);

/**
 * What a dapp would do: build the visitor's Safe operation itself from public facts (the owner's address),
 * filled through the API's bundler route, optionally sponsored through its ERC-7677 methods.
 */
async function pageBuilt(owner: { address: Hex }, calls: { to: Hex; value: bigint }[], paymaster = false) {
  const client = clientOf(stack.anvil);
  const account = await toSafeSmartAccount({
    client,
    // Only the address is used to build the operation; signing stays with the secure frame.
    owners: [{ ...privateKeyToAccount(`0x${'11'.repeat(32)}`), address: owner.address }],
    version: '1.4.1',
    entryPoint: { address: entryPoint07Address, version: '0.7' },
  });
  const route = `${stack.apiUrl}/v1/bundler?projectId=dev&chainId=${SAFE}`;
  const bundler = createBundlerClient({
    client,
    account,
    transport: http(route),
    ...(paymaster ? { paymaster: true } : {}),
    userOperation: {
      estimateFeesPerGas: async () => {
        const price = (await bundler.request({ method: 'pimlico_getUserOperationGasPrice' as never })) as {
          standard: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex };
        };
        return {
          maxFeePerGas: BigInt(price.standard.maxFeePerGas),
          maxPriorityFeePerGas: BigInt(price.standard.maxPriorityFeePerGas),
        };
      },
    },
  });
  const op = (await bundler.prepareUserOperation({ account, calls } as never)) as UserOperation<'0.7'>;
  return { op, account, bundler };
}

const rpcOp = (op: UserOperation<'0.7'>) => formatUserOperationRequest({ ...op, signature: '0x' });

describe('eth_sendUserOperation from a page (its own operation)', () => {
  it('signs the visitor’s own operation as built: each call and its maximum cost shown, the account pays', async () => {
    await sponsorship(false);
    const { keys, shown, handle, request } = setup();
    const [address] = (await handle(request('eth_accounts', []))) as Hex[];
    await stack.anvil.test.setBalance({ address: address as Hex, value: parseEther('1') });
    const client = clientOf(stack.anvil);
    const deadBefore = await client.getBalance({ address: DEAD });
    const { op, bundler } = await pageBuilt(keys.eip155, [
      { to: DEAD, value: 1n },
      { to: DEAD, value: 2n },
    ]);
    expect(op.sender).toBe(address);
    expect(op.factory).toBeDefined();

    const hash = (await handle(request('eth_sendUserOperation', [rpcOp(op), entryPoint07Address]))) as Hex;
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 60_000, pollingInterval: 250 });
    expect(receipt.success).toBe(true);
    expect(await client.getBalance({ address: DEAD })).toBe(deadBefore + 3n);
    const approval = shown.at(-1)?.details;
    expect(approval?.calls).toHaveLength(2);
    expect(approval?.cost?.feePayer).toBe(FEE_PAYER.account);
    const maxFee = (op.callGasLimit + op.verificationGasLimit + op.preVerificationGas) * op.maxFeePerGas;
    expect(parseEther(approval?.cost?.maxFee.replace(' ETH', '') ?? '0')).toBe(maxFee);
    expect(receipt.actualGasCost).toBeLessThanOrEqual(maxFee);
  }, 120_000);

  it('a paymaster the page named is shown as the payer, and the account pays only the amount', async () => {
    await sponsorship(true);
    const { keys, shown, handle, request } = setup();
    const [address] = (await handle(request('eth_accounts', []))) as Hex[];
    await stack.anvil.test.setBalance({ address: address as Hex, value: parseEther('1') });
    const { op, bundler } = await pageBuilt(keys.eip155, [{ to: DEAD, value: 5n }], true);
    expect(op.paymaster).toBeDefined();
    const hash = (await handle(request('eth_sendUserOperation', [rpcOp(op), entryPoint07Address]))) as Hex;
    expect((await bundler.waitForUserOperationReceipt({ hash, timeout: 60_000 })).success).toBe(true);
    expect(shown.at(-1)?.details.cost?.feePayer).toBe(`The paymaster ${op.paymaster} (chosen by the app)`);
    expect(await clientOf(stack.anvil).getBalance({ address: address as Hex })).toBe(parseEther('1') - 5n);
  }, 120_000);

  it('the attacks: another sender, undecodable or delegatecall callData, another account’s deployment, unknown fields — all refused before any approval', async () => {
    await sponsorship(false);
    const victim = setup();
    const [address] = (await victim.handle(victim.request('eth_accounts', []))) as Hex[];
    await stack.anvil.test.setBalance({ address: address as Hex, value: parseEther('1') });
    const { op } = await pageBuilt(victim.keys.eip155, [{ to: DEAD, value: 1n }]);
    const send = (changed: Record<string, unknown>, entryPoint: string = entryPoint07Address) =>
      victim.handle(victim.request('eth_sendUserOperation', [{ ...rpcOp(op), ...changed }, entryPoint]));

    // An operation of someone else's account (the page hopes the visitor signs for it).
    const other = setup();
    const [otherAddress] = (await other.handle(other.request('eth_accounts', []))) as Hex[];
    await stack.anvil.test.setBalance({ address: otherAddress as Hex, value: parseEther('1') });
    const { op: foreign } = await pageBuilt(other.keys.eip155, [{ to: DEAD, value: 1n }]);
    await expect(
      victim.handle(victim.request('eth_sendUserOperation', [rpcOp(foreign), entryPoint07Address])),
    ).rejects.toMatchObject({ code: 4100, message: FOREIGN_SENDER });
    // callData the wallet cannot show: arbitrary bytes, and a Safe call made a delegatecall (operation 1),
    // which a decoder that ignores the operation would show as a plain call.
    await expect(send({ callData: '0xdeadbeef' })).rejects.toMatchObject({
      code: -32602,
      message: UNDECODABLE_CALLDATA,
    });
    const delegatecall = encodeFunctionData({
      abi: EXECUTE,
      functionName: 'executeUserOpWithErrorString',
      args: [DEAD, 0n, '0x', 1],
    });
    await expect(send({ callData: delegatecall })).rejects.toMatchObject({
      code: -32602,
      message: UNDECODABLE_CALLDATA,
    });
    await expect(send({ callData: `${op.callData}00` })).rejects.toMatchObject({ message: UNDECODABLE_CALLDATA });
    // Deployment data of another account, an EntryPoint that is not the account's, fields it would not sign as given.
    await expect(send({ factoryData: foreign.factoryData })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/deploy exactly your account/),
    });
    await expect(send({}, '0x0000000000000000000000000000000000000001')).rejects.toMatchObject({ code: -32602 });
    await expect(send({ initCode: '0x' })).rejects.toMatchObject({ code: -32602 });
    await expect(send({ callGasLimit: undefined })).rejects.toMatchObject({ code: -32602 });
    expect(victim.shown).toHaveLength(0);
    expect(await clientOf(stack.anvil).getBalance({ address: address as Hex })).toBe(parseEther('1'));
  }, 120_000);
});

describe('the sponsorship policy on the approval', () => {
  it('over the per-user daily gas limit the operation is not sponsored, and the approval says the account pays', async () => {
    // On, but a daily limit no operation fits in: the API answers without sponsorship.
    await sponsorship(true, '1');
    const { shown, handle, request } = setup();
    const [address] = (await handle(request('eth_accounts', []))) as Hex[];
    await stack.anvil.test.setBalance({ address: address as Hex, value: parseEther('1') });
    await handle(request('eth_sendTransaction', [{ to: DEAD, value: '0x1' }]));
    expect(shown.at(-1)?.details.cost?.feePayer).toBe(FEE_PAYER.account);
    // The account paid the gas itself.
    expect(await clientOf(stack.anvil).getBalance({ address: address as Hex })).toBeLessThan(parseEther('1') - 1n);
  }, 90_000);
});

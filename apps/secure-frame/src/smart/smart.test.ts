import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, parseAbi, parseEther, stringToHex, type Hex } from 'viem';
import { SIMPLE_7702_ACCOUNT_ADDRESS } from '../../../../scripts/aa.mjs';
import { verifySiwxMessage } from '../../../../packages/siwx/src/verify.ts';
import { createSiweMessage } from 'viem/siwe';
import { BUNDLER_DOWN, FEE_PAYER } from './userOperation.ts';
import {
  DEAD,
  DELEGATED,
  DOWN,
  SAFE,
  clientOf,
  setup,
  sponsorship,
  stack,
  startSmartStack,
  stopSmartStack,
} from './testStack.ts';

/**
 * The embedded wallet's smart accounts through the secure frame's own RPC handler, with real parts
 * (testStack.ts): anvil, the Safe and EntryPoint contracts from npm, Alto, the API's bundler route.
 */

beforeAll(startSmartStack, 240_000);
afterAll(stopSmartStack);

describe('smart accounts in the secure frame', () => {
  it('counterfactual address → signatures valid by viem → sponsored send (exactly the amount) → deployed → still valid', async () => {
    await sponsorship(true);
    const { keys, shown, handle, request, smart } = setup();
    const [address] = (await handle(request('eth_accounts', []))) as Hex[];
    expect(address).not.toBe(keys.eip155.address);
    expect(await smart.view(SAFE)).toEqual({ address, type: 'smartAccount', deployed: false });
    expect(await handle(request('wallet_getCapabilities', [address]))).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
      '0x7a6a': { atomic: { status: 'supported' }, paymasterService: { supported: false } },
      '0x7a6b': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    });
    const client = clientOf(stack.anvil);
    const before = (await handle(request('personal_sign', [stringToHex('hello'), address]))) as Hex;
    expect(await client.verifyMessage({ address: address as Hex, message: 'hello', signature: before })).toBe(true);

    await stack.anvil.test.setBalance({ address: address as Hex, value: parseEther('1') });
    const hash = (await handle(
      request('eth_sendTransaction', [{ from: address, to: DEAD, value: '0x16345785d8a0000', gas: '0x1' }]),
    )) as Hex;
    expect((await client.getTransactionReceipt({ hash })).status).toBe('success');
    expect(await client.getBalance({ address: address as Hex })).toBe(parseEther('0.9'));
    const approval = shown.at(-1);
    expect(approval?.details.cost?.feePayer).toBe(FEE_PAYER.sponsor);
    expect(approval?.details.cost?.maxCost).toBe('0.1 ETH');
    expect((await smart.view(SAFE)).deployed).toBe(true);

    const after = (await handle(request('personal_sign', [stringToHex('hello'), address]))) as Hex;
    expect(after).not.toBe(before);
    expect(await client.verifyMessage({ address: address as Hex, message: 'hello', signature: after })).toBe(true);
  }, 90_000);

  it('unsponsored (policy off): the account pays the amount and the fee, within the maximum shown', async () => {
    await sponsorship(false);
    const { shown, handle, request } = setup();
    const [address] = (await handle(request('eth_accounts', []))) as Hex[];
    await stack.anvil.test.setBalance({ address: address as Hex, value: parseEther('1') });
    await handle(request('eth_sendTransaction', [{ to: DEAD, value: '0x16345785d8a0000' }]));
    const cost = shown.at(-1)?.details.cost;
    expect(cost?.feePayer).toBe(FEE_PAYER.account);
    const spent = parseEther('1') - (await clientOf(stack.anvil).getBalance({ address: address as Hex }));
    expect(spent).toBeGreaterThan(parseEther('0.1'));
    expect(parseEther(cost?.maxCost.replace(' ETH', '') ?? '0')).toBeGreaterThanOrEqual(spent);
  }, 90_000);

  it('wallet_sendCalls is one approval listing every call; a batch with a failing call is refused whole, before the approval', async () => {
    await sponsorship(true);
    const { shown, handle, request } = setup();
    const [address] = (await handle(request('eth_accounts', []))) as Hex[];
    await stack.anvil.test.setBalance({ address: address as Hex, value: parseEther('1') });
    const client = clientOf(stack.anvil);
    const deadBefore = await client.getBalance({ address: DEAD });
    // The second call reverts (the EntryPoint has no such function): the bundler's simulation of the whole
    // operation fails, so neither call runs (on chain the Safe's MultiSend reverts all: apps/api safe.test.ts).
    const failing = encodeFunctionData({ abi: parseAbi(['function nonexistent()']), functionName: 'nonexistent' });
    await expect(
      handle(
        request('wallet_sendCalls', [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            atomicRequired: true,
            calls: [
              { to: DEAD, value: '0x1' },
              { to: '0x0000000071727De22E5E9d8BAf0edAc6f37da032', data: failing },
            ],
          },
        ]),
      ),
    ).rejects.toMatchObject({ code: -32603, message: expect.stringMatching(/would fail/) });
    expect(shown).toHaveLength(0);
    expect(await client.getBalance({ address: DEAD })).toBe(deadBefore);

    const ok = (await handle(
      request('wallet_sendCalls', [
        {
          version: '2.0.0',
          calls: [
            { to: DEAD, value: '0x1' },
            { to: DEAD, value: '0x2' },
          ],
        },
      ]),
    )) as { id: Hex };
    expect(shown.at(-1)?.details.calls).toHaveLength(2);
    let status: { status: number } = { status: 100 };
    for (let i = 0; i < 120 && status.status === 100; i++) {
      status = (await handle(request('wallet_getCallsStatus', [ok.id]))) as { status: number };
      if (status.status === 100) await new Promise((done) => setTimeout(done, 250));
    }
    expect(status.status).toBe(200);
    expect(await client.getBalance({ address: DEAD })).toBe(deadBefore + 3n);
  }, 120_000);

  it('a hostile page: a paymaster URL it names is never contacted, and a batch cannot hide a call', async () => {
    await sponsorship(true);
    let contacted = 0;
    const server = createServer((_req, res) => {
      contacted++;
      res.end('{}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { shown, handle, request } = setup();
    const [address] = (await handle(request('eth_accounts', []))) as Hex[];
    await stack.anvil.test.setBalance({ address: address as Hex, value: parseEther('1') });
    const { id } = (await handle(
      request('wallet_sendCalls', [
        {
          version: '2.0.0',
          calls: [
            { to: DEAD, value: '0x1' },
            { to: DEAD, value: '0x2' },
            { to: DEAD, value: '0x3' },
          ],
          capabilities: {
            paymasterService: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pm` },
          },
        },
      ]),
    )) as { id: Hex };
    expect(id).toMatch(/^0x[0-9a-f]{64}$/);
    expect(contacted).toBe(0);
    expect(shown.at(-1)?.details.calls?.map((call) => call.fields.map((f) => f.value).join(' '))).toEqual([
      expect.stringContaining(DEAD),
      expect.stringContaining(DEAD),
      expect.stringContaining(DEAD),
    ]);
    server.close();
    await expect(
      handle(request('wallet_sendCalls', [{ version: '2.0.0', calls: Array(17).fill({ to: DEAD }) }])),
    ).rejects.toMatchObject({ code: 5740 });
  }, 90_000);

  it('a bundler down gives a clear error before any approval, and nothing is sent', async () => {
    const { shown, handle, request } = setup();
    const [address] = (await handle(request('eth_accounts', [], DOWN))) as Hex[];
    await stack.anvilDown.test.setBalance({ address: address as Hex, value: parseEther('1') });
    await expect(handle(request('eth_sendTransaction', [{ to: DEAD, value: '0x1' }], DOWN))).rejects.toMatchObject({
      code: -32603,
      message: BUNDLER_DOWN,
    });
    expect(shown).toHaveLength(0);
    expect(await clientOf(stack.anvilDown).getBalance({ address: address as Hex })).toBe(parseEther('1'));
  }, 60_000);

  it('EIP-7702 mode keeps the EOA address: the first operation delegates it, a batch runs, signatures verify', async () => {
    const { keys, handle, request } = setup();
    const [address] = (await handle(request('eth_accounts', [], DELEGATED))) as Hex[];
    expect(address).toBe(keys.eip155.address);
    await stack.anvil7702.test.setBalance({ address: address as Hex, value: parseEther('1') });
    const client = clientOf(stack.anvil7702);
    const { id } = (await handle(
      request(
        'wallet_sendCalls',
        [
          {
            version: '2.0.0',
            calls: [
              { to: DEAD, value: '0x1' },
              { to: DEAD, value: '0x2' },
            ],
          },
        ],
        DELEGATED,
      ),
    )) as { id: Hex };
    let status: { status: number } = { status: 100 };
    for (let i = 0; i < 120 && status.status === 100; i++) {
      status = (await handle(request('wallet_getCallsStatus', [id], DELEGATED))) as { status: number };
      if (status.status === 100) await new Promise((done) => setTimeout(done, 250));
    }
    expect(status.status).toBe(200);
    expect(await client.getCode({ address: address as Hex })).toBe(
      `0xef0100${SIMPLE_7702_ACCOUNT_ADDRESS.slice(2).toLowerCase()}`,
    );
    const signature = (await handle(request('personal_sign', [stringToHex('hi'), address], DELEGATED))) as Hex;
    expect(await client.verifyMessage({ address: address as Hex, message: 'hi', signature })).toBe(true);
  }, 90_000);

  it('a SIWX sign-in from the smart account verifies on the SIWX server check, before and after deployment', async () => {
    await sponsorship(true);
    const { handle, request } = setup();
    const [address] = (await handle(request('eth_accounts', []))) as Hex[];
    const client = clientOf(stack.anvil);
    const signIn = async () => {
      const message = createSiweMessage({
        address: address as Hex,
        chainId: 31337,
        domain: 'localhost:3000',
        nonce: 'abcdef123456',
        uri: 'http://localhost:3000',
        version: '1',
      });
      const signature = (await handle(request('personal_sign', [stringToHex(message), address]))) as Hex;
      return { message, signature };
    };
    const undeployed = await signIn();
    expect(
      await verifySiwxMessage({ ...undeployed, domain: 'localhost:3000', nonce: 'abcdef123456', client }),
    ).toMatchObject({ valid: true });
    // Without the chain (ECDSA only) a smart account's signature is refused: the check is real.
    expect(await verifySiwxMessage({ ...undeployed, domain: 'localhost:3000' })).toMatchObject({ valid: false });
    await stack.anvil.test.setBalance({ address: address as Hex, value: parseEther('1') });
    await handle(request('eth_sendTransaction', [{ to: DEAD, value: '0x1' }]));
    const deployed = await signIn();
    expect(
      await verifySiwxMessage({ ...deployed, domain: 'localhost:3000', nonce: 'abcdef123456', client }),
    ).toMatchObject({ valid: true });
  }, 90_000);
});

import { describe, expect, it } from 'vitest';
import { encodeFunctionData, parseAbi } from 'viem';
import { describeTransaction } from './describe.ts';
import { describeApprovalCall } from './approvalCalls.ts';

const spender = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const abi = parseAbi([
  'function increaseAllowance(address spender, uint256 addedValue) returns (bool)',
  'function setApprovalForAll(address operator, bool approved)',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function approve(address spender, uint256 amount) returns (bool)',
]);
const now = 1_800_000_000;
const dev = { symbol: 'DEV', decimals: 18 };
const ETHER = { symbol: 'ETH', decimals: 18 };

describe('approval calls', () => {
  it('decodes setApprovalForAll and warns on approval for all', () => {
    const data = encodeFunctionData({ abi, functionName: 'setApprovalForAll', args: [spender, true] });
    const details = describeTransaction({ to: token, data }, ETHER, undefined, now);
    expect(details.title).toBe('Allow access to all your tokens of a collection');
    expect(details.fields).toContainEqual({ label: 'Operator', value: spender });
    expect(details.warning).toMatch(/^Approval for all: the operator may move every token/);
    const revoke = encodeFunctionData({ abi, functionName: 'setApprovalForAll', args: [spender, false] });
    expect(describeApprovalCall(token, revoke, undefined, now)?.warning).toBeUndefined();
  });

  it('decodes approve and increaseAllowance; warns on unlimited and near-unlimited amounts only', () => {
    const approve = (amount: bigint) =>
      describeApprovalCall(
        token,
        encodeFunctionData({ abi, functionName: 'approve', args: [spender, amount] }),
        dev,
        now,
      );
    expect(approve(2n ** 256n - 1n)).toMatchObject({
      fields: [
        { label: 'Spender', value: spender },
        { label: 'Allowance', value: 'Unlimited' },
        { label: 'Token contract', value: token },
      ],
      warning: expect.stringContaining('all of this token'),
    });
    expect(approve(2n ** 128n)?.fields[1]?.value).toMatch(/DEV \(practically unlimited\)$/);
    expect(approve(2n ** 128n)?.warning).toContain('Unlimited amount');
    expect(approve(5n * 10n ** 18n)).toMatchObject({ fields: [{}, { value: '5 DEV' }, {}], warning: undefined });

    const increase = describeApprovalCall(
      token,
      encodeFunctionData({ abi, functionName: 'increaseAllowance', args: [spender, 2n ** 200n] }),
      undefined,
      now,
    );
    expect(increase?.title).toBe('Increase the spending of your tokens');
    expect(increase?.fields[1]).toEqual({
      label: 'Added allowance',
      value: `${2n ** 200n} (token units) (practically unlimited)`,
    });
    expect(increase?.warning).toContain('Unlimited amount');
  });

  it('decodes a Permit2 approve and warns on its max uint160 amount and far expiration', () => {
    const data = encodeFunctionData({
      abi,
      functionName: 'approve',
      args: [token, spender, 2n ** 160n - 1n, now + 2 * 365 * 86_400],
    });
    const details = describeApprovalCall('0x000000000022D473030F116dDEE9F6B43aC78BA3', data, undefined, now);
    expect(details?.fields).toContainEqual({ label: 'Allowance', value: 'Unlimited' });
    expect(details?.warning).toContain('Unlimited amount');
    expect(details?.warning).toContain('more than a year');
  });

  it('keeps the ETH an approval also sends on the screen', () => {
    const data = encodeFunctionData({ abi, functionName: 'setApprovalForAll', args: [spender, true] });
    expect(
      describeTransaction({ to: token, data, value: '0xde0b6b3a7640000' }, ETHER, undefined, now).fields,
    ).toContainEqual({
      label: 'Also sends',
      value: '1 ETH',
    });
  });
});

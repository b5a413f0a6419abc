import { describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi, parseEther, stringToHex } from 'viem';
import { describePersonalSign, describeSolanaMessage, describeTransaction, describeTypedData } from './describe.ts';

/** The native currency of the examples. */
const ETHER = { symbol: 'ETH', decimals: 18 };

const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('approval details', () => {
  it('shows a text message as text and warns on bytes', () => {
    expect(describePersonalSign(stringToHex('Sign in to example.com'))).toMatchObject({
      message: 'Sign in to example.com',
      warning: undefined,
    });
    expect(describePersonalSign('0xdeadbeef').warning).toContain('not readable text');
  });

  it('shows the value and recipient of a transfer, and decodes ERC-20 transfer and approve', () => {
    expect(describeTransaction({ to: bob, value: `0x${parseEther('1.5').toString(16)}` }, ETHER, undefined)).toEqual({
      title: 'Send',
      fields: [
        { label: 'To', value: bob },
        { label: 'Value', value: '1.5 ETH' },
      ],
    });
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [bob, 2_500_000_000_000_000_000n],
    });
    expect(describeTransaction({ to: token, data: transfer }, ETHER, { symbol: 'DEV', decimals: 18 }).fields).toEqual([
      { label: 'To', value: bob },
      { label: 'Amount', value: '2.5 DEV' },
      { label: 'Token contract', value: token },
    ]);
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [bob, 2n ** 256n - 1n] });
    const approval = describeTransaction({ to: token, data: approve }, ETHER, { symbol: 'DEV', decimals: 18 });
    expect(approval.fields[1]).toEqual({ label: 'Allowance', value: 'Unlimited' });
    expect(approval.warning).toContain('all of this token');
  });

  it('shows typed data as a tree', () => {
    const details = describeTypedData({
      domain: { name: 'Mail', verifyingContract: token },
      primaryType: 'Mail',
      message: { from: { name: 'Ana' }, contents: 'Hello' },
    });
    expect(details.fields).toContainEqual({ label: 'Application', value: 'Mail' });
    expect(details.tree).toEqual([
      {
        label: 'Mail',
        children: [
          { label: 'from', children: [{ label: 'name', value: 'Ana' }] },
          { label: 'contents', value: 'Hello' },
        ],
      },
    ]);
  });

  it('shows a solana message as text', () => {
    expect(describeSolanaMessage(new TextEncoder().encode('gm')).message).toBe('gm');
    expect(describeSolanaMessage(new Uint8Array([0, 255, 1])).message).toBe('3 bytes');
  });
});

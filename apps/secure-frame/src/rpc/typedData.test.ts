import { describe, expect, it } from 'vitest';
import { describeTypedData } from './describe.ts';
import { assertTypedDataChain, describePermit, typedDataChainId } from './typedData.ts';

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const spender = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const permit2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
const now = 1_800_000_000;
const year = 365 * 86_400;

describe('typed data', () => {
  it('reads domain.chainId as a number, a decimal or a hex string', () => {
    expect(typedDataChainId({ chainId: 1 })).toBe(1);
    expect(typedDataChainId({ chainId: '31337' })).toBe(31337);
    expect(typedDataChainId({ chainId: '0x7a69' })).toBe(31337);
    expect(typedDataChainId({ name: 'x' })).toBeUndefined();
    expect(() => typedDataChainId({ chainId: 'mainnet' })).toThrow(/domain\.chainId/);
    expect(() => typedDataChainId({ chainId: 1.5 })).toThrow(/domain\.chainId/);
  });

  it('refuses a domain.chainId other than the request’s chain', () => {
    expect(() => assertTypedDataChain({ chainId: 1 }, 31337)).toThrow(
      expect.objectContaining({ code: -32602, message: 'Typed data for chain 1 cannot be signed on chain 31337' }),
    );
    expect(() => assertTypedDataChain({ chainId: '0x7a69' }, 31337)).not.toThrow();
    expect(() => assertTypedDataChain({ name: 'Mail' }, 31337)).not.toThrow();
  });

  it('shows the domain’s chain on the approval', () => {
    expect(describeTypedData({ domain: { chainId: 31337 }, primaryType: 'Mail', message: {} }).fields).toContainEqual({
      label: 'Signed for chain',
      value: 'eip155:31337',
    });
    expect(describeTypedData({ domain: {}, primaryType: 'Mail', message: {} }).fields).toContainEqual({
      label: 'Signed for chain',
      value: 'Not bound to a chain',
    });
  });

  it('decodes an EIP-2612 Permit: spender, amount, deadline; warns on unlimited and far deadlines', () => {
    const permit = (value: bigint, deadline: number) =>
      describeTypedData(
        {
          domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: usdc },
          primaryType: 'Permit',
          message: { owner, spender, value: value.toString(), nonce: 0, deadline },
        },
        now,
      );
    const unlimited = permit(2n ** 256n - 1n, now + 2 * year);
    expect(unlimited.title).toBe('Allow spending of your tokens');
    expect(unlimited.fields).toEqual(
      expect.arrayContaining([
        { label: 'Spender', value: spender },
        { label: 'Token', value: usdc },
        { label: 'Amount', value: 'Unlimited' },
        { label: 'Signature valid until', value: new Date((now + 2 * year) * 1000).toISOString() },
      ]),
    );
    expect(unlimited.warning).toContain('Unlimited amount');
    expect(unlimited.warning).toContain('more than a year');
    expect(permit(1_000_000n, now + 3600).warning).toBeUndefined();
  });

  it('decodes DAI’s allowed permit as unlimited', () => {
    const details = describePermit(
      {
        domain: { name: 'Dai Stablecoin', chainId: 1, verifyingContract: usdc },
        primaryType: 'Permit',
        message: { holder: owner, spender, nonce: 0, expiry: 0, allowed: true },
      },
      now,
    );
    expect(details?.fields).toContainEqual({ label: 'Amount', value: 'Unlimited' });
    expect(details?.warnings.join(' ')).toContain('Unlimited amount');
  });

  it('decodes Permit2 PermitSingle and PermitBatch and warns on 2^160−1 and far expirations', () => {
    const domain = { name: 'Permit2', chainId: 1, verifyingContract: permit2 };
    const single = describeTypedData(
      {
        domain,
        primaryType: 'PermitSingle',
        message: {
          details: { token: usdc, amount: (2n ** 160n - 1n).toString(), expiration: now + 30 * 86_400, nonce: 0 },
          spender,
          sigDeadline: now + 1800,
        },
      },
      now,
    );
    expect(single.title).toBe('Allow spending of your tokens (Permit2)');
    expect(single.fields).toEqual(
      expect.arrayContaining([
        { label: 'Spender', value: spender },
        { label: 'Token', value: usdc },
        { label: 'Amount', value: 'Unlimited' },
      ]),
    );
    expect(single.warning).toBe('Unlimited amount: the spender may move all of this token, now and later.');

    const batch = describePermit(
      {
        domain,
        primaryType: 'PermitBatch',
        message: {
          details: [
            { token: usdc, amount: '1000', expiration: now + 2 * year, nonce: 0 },
            { token: owner, amount: '5', expiration: now + 60, nonce: 0 },
          ],
          spender,
          sigDeadline: now + 1800,
        },
      },
      now,
    );
    expect(batch?.fields).toContainEqual({ label: 'Token 2', value: owner });
    expect(batch?.warnings).toEqual(['Far expiry: this permission stays valid for more than a year.']);
  });

  it('decodes Permit2 PermitTransferFrom; leaves other typed data alone', () => {
    const transfer = describePermit(
      {
        domain: { name: 'Permit2', chainId: 1, verifyingContract: permit2 },
        primaryType: 'PermitTransferFrom',
        message: { permitted: { token: usdc, amount: (2n ** 200n).toString() }, spender, nonce: 1, deadline: now + 60 },
      },
      now,
    );
    expect(transfer?.warnings.join(' ')).toContain('Unlimited amount');
    expect(describePermit({ domain: { name: 'Mail' }, primaryType: 'Mail', message: {} }, now)).toBeUndefined();
  });
});

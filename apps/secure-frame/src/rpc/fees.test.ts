import { describe, expect, it } from 'vitest';
import { parseEther, parseGwei } from 'viem';
import {
  ABSURD_FEE_PER_GAS,
  APP_RPC_LEGACY_GAS_PRICE_CAP,
  APP_RPC_TIP_CAP,
  decideFees,
  maxCostWithin,
} from './fees.ts';
import { chooseRpc } from './trustedRpc.ts';

const ETHER = { symbol: 'ETH', decimals: 18 };

describe('fee policy', () => {
  it('takes the trusted RPC’s tip as quoted and the max fee as base fee × 2 + tip', () => {
    const decision = decideFees({ baseFeePerGas: parseGwei('10'), maxPriorityFeePerGas: parseGwei('5') }, 'trusted');
    expect(decision).toEqual({
      fees: { type: 'eip1559', maxFeePerGas: parseGwei('25'), maxPriorityFeePerGas: parseGwei('5') },
      clamped: false,
    });
  });

  it('lowers a tip from the page’s RPC to the cap (a 0.4 ETH tip on a transfer becomes 2 gwei)', () => {
    const lie = parseEther('0.4') / 21_000n;
    const decision = decideFees({ baseFeePerGas: parseGwei('1'), maxPriorityFeePerGas: lie }, 'app');
    expect(decision).toEqual({
      fees: { type: 'eip1559', maxFeePerGas: parseGwei('2') + APP_RPC_TIP_CAP, maxPriorityFeePerGas: APP_RPC_TIP_CAP },
      clamped: true,
    });
    // Under the cap the page's quote stands.
    expect(decideFees({ baseFeePerGas: 1n, maxPriorityFeePerGas: 7n }, 'app').clamped).toBe(false);
  });

  it('refuses an absurd fee from any RPC, and a legacy gas price from the page’s RPC above its cap', () => {
    expect(() => decideFees({ baseFeePerGas: ABSURD_FEE_PER_GAS, maxPriorityFeePerGas: 1n }, 'trusted')).toThrowError(
      expect.objectContaining({ code: -32602, message: expect.stringMatching(/absurd/) }),
    );
    expect(() => decideFees({ gasPrice: ABSURD_FEE_PER_GAS + 1n }, 'trusted')).toThrow(/absurd/);
    expect(decideFees({ gasPrice: parseGwei('300') }, 'trusted').fees).toEqual({
      type: 'legacy',
      gasPrice: parseGwei('300'),
    });
    expect(() => decideFees({ gasPrice: APP_RPC_LEGACY_GAS_PRICE_CAP + 1n }, 'app')).toThrow(/app's RPC asks/);
    expect(() => decideFees({}, 'trusted')).toThrowError(expect.objectContaining({ code: -32603 }));
  });

  it('computes the max cost as gas × max fee + value, and refuses one the balance cannot pay', () => {
    const fees = { type: 'eip1559', maxFeePerGas: parseGwei('3'), maxPriorityFeePerGas: parseGwei('1') } as const;
    expect(maxCostWithin({ gas: 21_000n, fees, value: parseEther('0.01') }, parseEther('1'), ETHER)).toEqual({
      maxFee: 63_000n * 10n ** 9n,
      maxCost: parseEther('0.01') + 63_000n * 10n ** 9n,
    });
    expect(() => maxCostWithin({ gas: 21_000n, fees, value: parseEther('1') }, parseEther('1'), ETHER)).toThrowError(
      expect.objectContaining({ code: -32602, message: expect.stringMatching(/^Insufficient funds: .*1\.000063 ETH/) }),
    );
  });

  it('reads from the deployment’s RPC for the network when it has one, else the page’s', () => {
    const trusted = { 'eip155:1': 'https://rpc.example.com/1' };
    expect(chooseRpc(trusted, 'eip155:1', 'https://evil.example')).toEqual({
      url: 'https://rpc.example.com/1',
      source: 'trusted',
    });
    expect(chooseRpc(trusted, 'eip155:10', 'https://evil.example')).toEqual({
      url: 'https://evil.example',
      source: 'app',
    });
    expect(chooseRpc(trusted, 'toString', 'https://evil.example').source).toBe('app');
  });
});

import { describe, expect, it } from 'vitest';
import { TransactionExecutionError, UserRejectedRequestError } from 'viem';
import { formatError } from './formatError.ts';

/** The host SDK's ProviderRpcError shape: an Error with a numeric EIP-1193 code. */
const providerError = (code: number, message: string) => Object.assign(new Error(message), { code });

describe('formatError (dapp-error line)', () => {
  it('shows the provider error code and message through viem wrappers', () => {
    const wrapped = new UserRejectedRequestError(providerError(4001, 'Connection rejected'));
    expect(formatError(wrapped)).toBe('4001: Connection rejected');

    const tx = new TransactionExecutionError(
      new UserRejectedRequestError(providerError(4001, 'User rejected the request.')),
      {
        account: null,
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        value: 10_000_000_000_000_000n,
      },
    );
    expect(formatError(tx)).toBe('4001: User rejected the request.');
  });

  it('falls back to the message when no code exists', () => {
    expect(formatError(new Error('boom\nstack details'))).toBe('error: boom');
  });
});

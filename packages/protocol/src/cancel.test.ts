import { describe, expect, it } from 'vitest';
import { cancelReason, cancelled } from './cancel.ts';
import { err } from './result.ts';

const errorOf = (r: ReturnType<typeof cancelled>) => (r.ok ? null : r.error)!;

describe('cancellation, apart from failure', () => {
  it('keeps the code and message a dapp has always seen, and names the reason in data', () => {
    expect(cancelled('aborted')).toEqual({
      ok: false,
      error: { code: -32603, message: 'Cancelled', data: { cancelled: 'aborted' } },
    });
    expect(errorOf(cancelled('closed'))).toMatchObject({ code: 4001, message: 'Modal closed' });
    expect(errorOf(cancelled('rejected'))).toMatchObject({ code: 4001, message: 'Connection rejected' });
  });

  it('tells a cancellation from a failure with the same code or message', () => {
    expect(cancelReason(errorOf(cancelled('aborted')))).toBe('aborted');
    expect(cancelReason(errorOf(cancelled('closed')))).toBe('closed');
    // A wallet's own 4001 is the visitor's rejection.
    expect(cancelReason(errorOf(err(4001, 'User rejected the request.')))).toBe('rejected');
    // The same -32603 'Cancelled' from anything else (a node, a wallet) is a failure.
    expect(cancelReason(errorOf(err(-32603, 'Cancelled')))).toBeNull();
    expect(cancelReason(errorOf(err(-32603, 'Cancelled', { cancelled: 'maybe' })))).toBeNull();
  });
});

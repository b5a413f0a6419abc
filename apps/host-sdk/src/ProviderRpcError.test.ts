import { describe, expect, it } from 'vitest';
import { ProviderRpcError, unwrap } from './ProviderRpcError.ts';

describe('ProviderRpcError', () => {
  it('is an Error that keeps its EIP-1193 code, message and data', () => {
    const e = new ProviderRpcError(4001, 'User rejected', { reason: 'closed' });
    expect(e).toBeInstanceOf(Error);
    expect(e.code).toBe(4001);
    expect(e.message).toBe('User rejected');
    expect(e.data).toEqual({ reason: 'closed' });
  });

  it('unwrap returns the value of an ok result', () => {
    expect(unwrap({ ok: true, value: '0x7a69' })).toBe('0x7a69');
  });

  it.each([4001, 4100, 4200, 4900, 4901, -32602])('unwrap throws code %i with data intact', (code) => {
    let thrown: unknown;
    try {
      unwrap({ ok: false, error: { code, message: 'nope', data: { detail: code } } });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ProviderRpcError);
    expect(thrown).toMatchObject({ code, message: 'nope', data: { detail: code } });
  });
});

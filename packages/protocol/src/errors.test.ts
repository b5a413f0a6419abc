import { describe, expect, it } from 'vitest';
import { asResult, errorResult, toRpcError } from './errors.ts';

describe('toRpcError', () => {
  it('keeps a wallet error code, message and data', () => {
    expect(toRpcError({ code: 4001, message: 'User rejected the request.', data: { x: 1 } })).toEqual({
      code: 4001,
      message: 'User rejected the request.',
      data: { x: 1 },
    });
  });

  it('follows a viem-style cause chain and prefers details', () => {
    const inner = { code: -32000, details: 'insufficient funds', message: 'long text' };
    const outer = Object.assign(new Error('wrapper'), { cause: { shortMessage: 'x', cause: inner } });
    expect(toRpcError(outer)).toEqual({ code: -32000, message: 'insufficient funds' });
  });

  it('maps a penpal timeout to -32603 Request timed out', () => {
    expect(toRpcError(Object.assign(new Error('t'), { code: 'METHOD_CALL_TIMEOUT' }))).toEqual({
      code: -32603,
      message: 'Request timed out',
    });
  });

  it('falls back to -32603 with the message, a string, or Something went wrong', () => {
    expect(toRpcError(new Error('boom'))).toEqual({ code: -32603, message: 'boom' });
    expect(toRpcError('nope')).toEqual({ code: -32603, message: 'nope' });
    expect(toRpcError(undefined)).toEqual({ code: -32603, message: 'Something went wrong' });
    expect(toRpcError(new Error('x'), 5000).code).toBe(5000);
  });

  it('never follows a cyclic cause forever', () => {
    const a: { cause?: unknown; message: string } = { message: 'a' };
    a.cause = a;
    expect(toRpcError(a)).toEqual({ code: -32603, message: 'a' });
  });

  it('errorResult wraps it as a failed Result', () => {
    expect(errorResult({ code: 4100, message: 'Not connected' })).toEqual({
      ok: false,
      error: { code: 4100, message: 'Not connected' },
    });
  });
});

describe('asResult', () => {
  it('passes well-formed results and refuses anything else', () => {
    expect(asResult({ ok: true, value: 1 })).toEqual({ ok: true, value: 1 });
    expect(asResult({ ok: false, error: { code: 4001, message: 'no' } })).toEqual({
      ok: false,
      error: { code: 4001, message: 'no' },
    });
    for (const bad of [
      null,
      1,
      'x',
      { ok: false },
      { ok: false, error: { code: '4001', message: 'no' } },
      { ok: 'yes' },
    ]) {
      expect(asResult(bad)).toEqual({ ok: false, error: { code: -32603, message: 'Something went wrong' } });
    }
  });

  it("a coded error without a message becomes spec §8 'An error occurred', its code kept", () => {
    for (const error of [{ code: 4100 }, { code: 4100, message: '' }, { code: 4100, message: 7 }]) {
      expect(asResult({ ok: false, error })).toEqual({
        ok: false,
        error: { code: 4100, message: 'An error occurred' },
      });
    }
  });
});

import { READ_TIMEOUT_MS, Timeout } from '@airlock/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../api/client.ts';
import { SOLANA_READ_TIMEOUT_MS } from './solana.ts';
import { readTransport } from './transport.ts';

/**
 * Spec §9 'Default RPC timeout 10 s': a provider-API call gives up after 10 s without an answer (on
 * the test's fake clock: nothing waits for real), and every chain read (the viem transports of an
 * eip155 network, with or without the API's proxy, and a Solana read) is bounded by the same 10 s.
 */

afterEach(() => {
  vi.useRealTimers();
});

describe('default RPC timeout: 10 s', () => {
  it('a provider-API call that gets no answer rejects with "Request timed out" at 10 s, not before', async () => {
    vi.useFakeTimers();
    let aborted = false;
    // A server that never answers: the fetch settles only when its signal aborts.
    const hang = ((_url: string, init?: RequestInit) =>
      new Promise((_, reject) =>
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('aborted', 'AbortError'));
        }),
      )) as typeof fetch;
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:1', projectId: 'p', fetch: hang });
    let settled: unknown = 'pending';
    void api.call({ path: '/v1/x' }).catch((error: unknown) => {
      settled = error;
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe('pending');
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    for (let i = 0; i < 20 && settled === 'pending'; i++) await Promise.resolve();
    expect(aborted).toBe(true);
    expect(settled).toBeInstanceOf(ApiError);
    expect(settled).toMatchObject({ status: 0, message: 'Request timed out' });
  });

  it('the chain reads use the same 10 s: the dapp RPC alone, the proxy and the dapp RPC, Solana', () => {
    expect(Timeout.read).toBe(10_000);
    expect(READ_TIMEOUT_MS).toBe(Timeout.read);
    const alone = readTransport('http://127.0.0.1:1', null)({});
    expect(alone.config.timeout).toBe(Timeout.read);
    const both = readTransport('http://127.0.0.1:1', 'http://127.0.0.1:2/v1/')({}) as unknown as {
      value: { transports: { config: { timeout?: number } }[] };
    };
    expect(both.value.transports.map((t) => t.config.timeout)).toEqual([Timeout.read, Timeout.read]);
    expect(SOLANA_READ_TIMEOUT_MS).toBe(Timeout.read);
  });
});

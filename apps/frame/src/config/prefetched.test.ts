import { describe, expect, it, vi } from 'vitest';
import { prefetchedFetch, type Prefetched } from './prefetched.ts';

const ok = (body: string) => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });

describe('prefetchedFetch', () => {
  it('answers the exact prefetched URL once with the prefetched response, then fetches as usual', async () => {
    const fallback = vi.fn(async () => ok('"network"'));
    const list: Prefetched[] = [
      { url: 'https://api.example.com/projects/v1/origins?projectId=p', response: Promise.resolve(ok('"early"')) },
    ];
    const fetch = prefetchedFetch(list, fallback as unknown as typeof globalThis.fetch);
    expect(
      await (await fetch('https://api.example.com/projects/v1/origins?projectId=p', { method: 'GET' })).json(),
    ).toBe('early');
    expect(fallback).not.toHaveBeenCalled();
    expect(await (await fetch('https://api.example.com/projects/v1/origins?projectId=p')).json()).toBe('network');
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it('never serves a prefetch for another URL, a POST or a request with a body', async () => {
    const fallback = vi.fn(async () => ok('"network"'));
    const url = 'https://api.example.com/projects/v1/origins?projectId=p';
    const list: Prefetched[] = [{ url, response: Promise.resolve(ok('"early"')) }];
    const fetch = prefetchedFetch(list, fallback as unknown as typeof globalThis.fetch);
    await fetch(`${url}&sv=2`);
    await fetch(url, { method: 'POST' });
    await fetch(url, { body: 'x' });
    expect(fallback).toHaveBeenCalledTimes(3);
    expect(list).toHaveLength(1);
  });

  it("rejects when the caller's signal aborts while the prefetched response is pending", async () => {
    const list: Prefetched[] = [
      { url: 'https://frame.example/deployment.json', response: new Promise<Response>(() => {}) },
    ];
    const fetch = prefetchedFetch(list, vi.fn() as unknown as typeof globalThis.fetch);
    const controller = new AbortController();
    const answer = fetch('https://frame.example/deployment.json', { signal: controller.signal });
    controller.abort(new Error('timed out'));
    await expect(answer).rejects.toThrow('timed out');
  });

  it('fetches as usual without a prefetch list', async () => {
    const fallback = vi.fn(async () => ok('"network"'));
    await prefetchedFetch(
      undefined,
      fallback as unknown as typeof globalThis.fetch,
    )('https://frame.example/deployment.json');
    expect(fallback).toHaveBeenCalledTimes(1);
  });
});

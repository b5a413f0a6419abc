// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uuid } from './uuid.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('uuid', () => {
  it('is crypto.randomUUID() where it exists', () => {
    vi.spyOn(crypto, 'randomUUID').mockReturnValue('00000000-0000-4000-8000-000000000000');
    expect(uuid()).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('builds a random UUID v4 from getRandomValues on a page without randomUUID (an http page)', () => {
    const real = crypto;
    const getRandomValues = vi.fn(<T extends ArrayBufferView>(a: T) => real.getRandomValues(a as never) as T);
    vi.stubGlobal('crypto', { getRandomValues });
    const ids = new Set(Array.from({ length: 200 }, uuid));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(getRandomValues).toHaveBeenCalled();
  });
});

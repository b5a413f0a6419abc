import { describe, expect, it } from 'vitest';
import { createProjectCache } from './projectCache.ts';
import type { Project } from './projects.ts';

/** The project lookup cache over a counting lookup and a manual clock. */

const project = (id: string) =>
  ({
    id,
    name: id,
    allowedOrigins: [],
    features: {},
    rateLimit: null,
    embeddedDevHosts: false,
    createdAt: new Date(0),
  }) as Project;

describe('createProjectCache', () => {
  it('answers from memory while fresh (found or not), shares concurrent lookups, and looks again after ttlMs', async () => {
    let now = 0;
    const asked: string[] = [];
    const cache = createProjectCache(
      async (id) => {
        asked.push(id);
        return id === 'real' ? project(id) : undefined;
      },
      { ttlMs: 1000, now: () => now },
    );
    expect(cache.known('real')).toBeUndefined();
    const [a, b] = await Promise.all([cache.get('real'), cache.get('real')]);
    expect(a?.id).toBe('real');
    expect(b).toBe(a);
    expect(cache.known('real')?.id).toBe('real');
    expect(await cache.get('nope')).toBeUndefined();
    expect(await cache.get('nope')).toBeUndefined();
    expect(asked).toEqual(['real', 'nope']);
    now = 1000;
    expect(cache.known('real')).toBeUndefined();
    await cache.get('real');
    expect(asked).toEqual(['real', 'nope', 'real']);
  });

  it('holds at most maxEntries ids under a flood of random ids', async () => {
    const cache = createProjectCache(async () => undefined, { maxEntries: 100 });
    for (let i = 0; i < 5000; i++) await cache.get(`random-${i}`);
    expect(cache.size()).toBe(100);
  });

  it('does not remember a failed lookup', async () => {
    let fail = true;
    const cache = createProjectCache(async (id) => {
      if (fail) throw new Error('database down');
      return project(id);
    });
    await expect(cache.get('real')).rejects.toThrow('database down');
    fail = false;
    expect((await cache.get('real'))?.id).toBe('real');
  });
});

import { describe, expect, it } from 'vitest';
import { durationsFromReport, listSpecs, playwrightFilters, readDurations, splitSpecs } from './e2e-shards.mjs';

describe('the e2e shard split (scripts/e2e-shards.mjs)', () => {
  it('puts every spec file of e2e/ in exactly one shard, files the table does not know included', () => {
    const files = [...listSpecs(), 'brand-new.spec.ts', 'nested/another-new.spec.ts'];
    for (const count of [1, 2, 3]) {
      const shards = splitSpecs(files, readDurations(), count);
      expect(shards).toHaveLength(count);
      const all = shards.flatMap((s) => s.files);
      expect([...all].sort()).toEqual([...files].sort());
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it('balances by time, not by count: one slow file against many quick ones', () => {
    const seconds = { 'slow.spec.ts': 100, 'a.spec.ts': 20, 'b.spec.ts': 20, 'c.spec.ts': 20, 'd.spec.ts': 20 };
    const [first, second] = splitSpecs(Object.keys(seconds), seconds, 2);
    expect(first).toEqual({ files: ['slow.spec.ts'], seconds: 100 });
    expect(second).toEqual({ files: ['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts'], seconds: 80 });
  });

  it('counts an unknown file as the average of the known ones', () => {
    const seconds = { 'a.spec.ts': 30, 'b.spec.ts': 10 };
    const shards = splitSpecs(['a.spec.ts', 'b.spec.ts', 'new.spec.ts'], seconds, 2);
    expect(shards).toEqual([
      { files: ['a.spec.ts'], seconds: 30 },
      { files: ['b.spec.ts', 'new.spec.ts'], seconds: 30 },
    ]);
  });

  it('keeps the examples in the first shard, the one whose ports the pack step built them for', () => {
    const seconds = { 'examples.spec.ts': 10, 'slow.spec.ts': 100, 'a.spec.ts': 20 };
    const [first, second] = splitSpecs(Object.keys(seconds), seconds, 2);
    // By time alone the examples would go to the second shard (with a.spec.ts, against slow.spec.ts).
    expect(first).toEqual({ files: ['a.spec.ts', 'examples.spec.ts'], seconds: 30 });
    expect(second).toEqual({ files: ['slow.spec.ts'], seconds: 100 });
    expect(splitSpecs(listSpecs(), readDurations(), 2)[0]!.files).toContain('examples.spec.ts');
  });

  it('keeps the checked-in table close to the spec files (every table entry names an existing spec)', () => {
    const specs = new Set(listSpecs());
    const stale = Object.keys(readDurations()).filter((file) => !specs.has(file));
    expect(stale).toEqual([]);
  });

  it('refuses a shard count that is not a positive integer', () => {
    expect(() => splitSpecs(['a.spec.ts'], {}, 0)).toThrow(RangeError);
    expect(() => splitSpecs(['a.spec.ts'], {}, 1.5)).toThrow(RangeError);
  });

  it('builds Playwright filters that match their own file only', () => {
    const [filter] = playwrightFilters(['theme.spec.ts']).map((f) => new RegExp(f));
    expect(filter!.test('/repo/e2e/theme.spec.ts')).toBe(true);
    expect(filter!.test('/repo/e2e/theme-backdrop.spec.ts')).toBe(false);
    expect(filter!.test('/repo/e2e/xtheme.spec.ts')).toBe(false);
    expect(filter!.test('/repo/e2e/themeXspec.ts')).toBe(false);
  });

  it('sums a report’s result durations per file, retries included', () => {
    const report = {
      suites: [
        {
          specs: [{ file: 'a.spec.ts', tests: [{ results: [{ duration: 1500 }, { duration: 500 }] }] }],
          suites: [{ specs: [{ file: 'a.spec.ts', tests: [{ results: [{ duration: 1000 }] }] }] }],
        },
        { specs: [{ file: 'b.spec.ts', tests: [{ results: [{ duration: 250 }] }] }] },
      ],
    };
    expect(durationsFromReport(report)).toEqual({ 'a.spec.ts': 3, 'b.spec.ts': 0.3 });
  });
});

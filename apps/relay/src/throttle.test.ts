import { describe, expect, it } from 'vitest';
import { createThrottledLog } from './throttledLog.ts';
import { createTokenBucket } from './tokenBucket.ts';

describe('token bucket', () => {
  it('starts full, refuses past the burst without taking, refills by the second up to the burst', () => {
    let clock = 0;
    const bucket = createTokenBucket({ perSecond: 2, burst: 4, now: () => clock });
    expect(bucket.take(3)).toBe(true);
    expect(bucket.take(2)).toBe(false);
    expect(bucket.take(1)).toBe(true);
    expect(bucket.has(1)).toBe(false);
    clock += 500;
    expect(bucket.take(1)).toBe(true);
    clock += 60_000;
    expect(bucket.available()).toBe(4);
  });
});

describe('throttled log', () => {
  it('logs the first line of a kind, then one per interval with the count left out', () => {
    let clock = 0;
    const lines: string[] = [];
    const log = createThrottledLog((line) => lines.push(line), { now: () => clock, intervalMs: 1000 });
    for (let i = 0; i < 100; i++) log('rate', `refused ${i}`);
    log('size', 'too large');
    clock += 1000;
    log('rate', 'refused again');
    expect(lines).toEqual(['refused 0', 'too large', 'refused again (99 similar suppressed)']);
  });
});

import { describe, expect, it } from 'vitest';
import { optionsFromEnv } from './env.ts';

describe('optionsFromEnv: limits', () => {
  it('leaves every limit at its default when nothing is set, and trusts no proxy', () => {
    expect(optionsFromEnv({})).toMatchObject({ limits: {}, trustProxyHops: 0 });
  });

  it('reads token buckets (half set → the other half keeps its default), caps and the proxy hop count', () => {
    const options = optionsFromEnv({
      AIRLOCK_RATE_CAPACITY: '50',
      AIRLOCK_RATE_IP_CAPACITY: '1000',
      AIRLOCK_RATE_IP_REFILL: '200',
      AIRLOCK_RATE_UNKNOWN_REFILL: '0.1',
      AIRLOCK_EVENT_RATE_PROJECT_CAPACITY: '10',
      AIRLOCK_EVENT_MAX_BYTES: '4096',
      AIRLOCK_PROJECT_CACHE_MS: '0',
      AIRLOCK_API_TRUST_PROXY: '2',
    });
    expect(options.trustProxyHops).toBe(2);
    expect(options.limits).toEqual({
      perClient: { capacity: 50, refillPerSecond: 20 },
      perIp: { capacity: 1000, refillPerSecond: 200 },
      unknownProject: { capacity: 30, refillPerSecond: 0.1 },
      eventsPerProject: { capacity: 10, refillPerSecond: 200 },
      eventMaxBytes: 4096,
      projectCacheMs: 0,
    });
  });

  it('names the variable that is malformed', () => {
    expect(() => optionsFromEnv({ AIRLOCK_RATE_IP_REFILL: '0' })).toThrow(
      'AIRLOCK_RATE_IP_REFILL must be greater than 0',
    );
    expect(() => optionsFromEnv({ AIRLOCK_API_TRUST_PROXY: 'yes' })).toThrow(
      'AIRLOCK_API_TRUST_PROXY must be a non-negative number',
    );
    expect(() => optionsFromEnv({ AIRLOCK_API_TRUST_PROXY: '1.5' })).toThrow(
      'AIRLOCK_API_TRUST_PROXY must be a whole number',
    );
  });
});

/**
 * Token bucket for the relay's quotas: holds up to `burst` tokens, refills `perSecond` tokens per
 * second (continuously), starts full. Time comes from an injected clock so tests can drive it.
 */

/** A bucket returned by {@link createTokenBucket}. */
export type TokenBucket = {
  /** Whether `amount` tokens are available now (refills first; takes nothing). */
  has(amount: number): boolean;
  /** Takes `amount` tokens if available and returns true; otherwise takes nothing and returns false. */
  take(amount: number): boolean;
  /** Tokens available now (after refill). */
  available(): number;
};

/** Creates a full bucket of `burst` tokens refilling at `perSecond`; `now` is ms since the epoch. */
export function createTokenBucket(options: { perSecond: number; burst: number; now: () => number }): TokenBucket {
  let tokens = options.burst;
  let last = options.now();
  const refill = (): void => {
    const now = options.now();
    if (now > last) {
      tokens = Math.min(options.burst, tokens + ((now - last) / 1000) * options.perSecond);
      last = now;
    }
  };
  return {
    has(amount) {
      refill();
      return tokens >= amount;
    },
    take(amount) {
      refill();
      if (tokens < amount) return false;
      tokens -= amount;
      return true;
    },
    available() {
      refill();
      return tokens;
    },
  };
}

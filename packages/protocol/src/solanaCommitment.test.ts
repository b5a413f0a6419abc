import { describe, expect, it } from 'vitest';
import { SolanaSendOptionsSchema } from './solana.ts';

// Spec §5 'Preflight commitment: processed, confirmed, finalized, recent, single, singleGossip, root, max'.
describe('preflight commitment (spec §5)', () => {
  it.each(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'])(
    'accepts %s',
    (preflightCommitment) => {
      expect(SolanaSendOptionsSchema.safeParse({ preflightCommitment }).success).toBe(true);
    },
  );

  it.each(['', 'final', 'Confirmed', 1])('refuses %j', (preflightCommitment) => {
    expect(SolanaSendOptionsSchema.safeParse({ preflightCommitment }).success).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { upsertProject } from '../projects.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';
import {
  getSponsorshipPolicy,
  pruneSponsoredGas,
  removeSponsorshipPolicy,
  reserveSponsoredGas,
  setSponsorshipPolicy,
  sponsoredGas,
  utcDay,
} from './policy.ts';

/**
 * The sponsorship policy and the per-user daily gas count (migration 0010) on PGlite and, with
 * `DATABASE_URL`, on PostgreSQL: the policy round trip, the limit held under concurrent reservations
 * (several API instances over one database), and the count kept per chain, sender and UTC day.
 */

let database: Database;
beforeAll(async () => {
  database = await openDatabase(await testDatabase());
  await upsertProject(database.db, { id: 'p1', name: 'P1', allowedOrigins: [], features: {}, rateLimit: null });
}, 60_000);
afterAll(async () => {
  await database?.close();
  await dropTestDatabases();
});

const SENDER = '0x00000000000000000000000000000000000000A1';
const key = (over: Partial<{ caipNetworkId: string; sender: string; day: string }> = {}) => ({
  projectId: 'p1',
  caipNetworkId: 'eip155:31337',
  sender: SENDER,
  day: '2026-11-27',
  ...over,
});

describe('sponsorship policy', () => {
  it('is none until set, then reads back as set (targets lower-cased), replaced, and removed', async () => {
    expect(await getSponsorshipPolicy(database.db, 'p1')).toBeNull();
    const target = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985';
    expect(
      await setSponsorshipPolicy(database.db, {
        projectId: 'p1',
        enabled: true,
        dailyGasLimit: '123456789012345678901234',
        allowedTargets: [target, target.toLowerCase()],
      }),
    ).toEqual({
      projectId: 'p1',
      enabled: true,
      dailyGasLimit: 123456789012345678901234n,
      allowedTargets: [target.toLowerCase()],
    });
    const off = await setSponsorshipPolicy(database.db, {
      projectId: 'p1',
      enabled: false,
      dailyGasLimit: '0',
      allowedTargets: null,
    });
    expect(off).toEqual({ projectId: 'p1', enabled: false, dailyGasLimit: 0n, allowedTargets: null });
    expect(await removeSponsorshipPolicy(database.db, 'p1')).toBe(true);
    expect(await getSponsorshipPolicy(database.db, 'p1')).toBeNull();
    expect(await removeSponsorshipPolicy(database.db, 'p1')).toBe(false);
  });

  it('refuses bad input and unknown projects', async () => {
    await expect(
      setSponsorshipPolicy(database.db, { projectId: 'p1', enabled: true, dailyGasLimit: '-1', allowedTargets: null }),
    ).rejects.toThrow(/whole number/);
    await expect(
      setSponsorshipPolicy(database.db, {
        projectId: 'p1',
        enabled: true,
        dailyGasLimit: '1',
        allowedTargets: ['0x12'],
      }),
    ).rejects.toThrow(/Invalid address/);
    await expect(
      setSponsorshipPolicy(database.db, { projectId: 'nope', enabled: true, dailyGasLimit: '1', allowedTargets: null }),
    ).rejects.toThrow();
  });
});

describe('reserveSponsoredGas', () => {
  it('never grants more than the limit, even to concurrent reservations', async () => {
    const k = key({ sender: '0x00000000000000000000000000000000000000B2' });
    const results = await Promise.all(
      Array.from({ length: 25 }, () => reserveSponsoredGas(database.db, k, 100_000n, 1_000_000n)),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await sponsoredGas(database.db, k)).toBe(1_000_000n);
    // Full: even one more gas is refused, and a refusal changes nothing.
    expect(await reserveSponsoredGas(database.db, k, 1n, 1_000_000n)).toBe(false);
    expect(await sponsoredGas(database.db, k)).toBe(1_000_000n);
  });

  it('refuses a first reservation larger than the limit', async () => {
    const k = key({ sender: '0x00000000000000000000000000000000000000C3' });
    expect(await reserveSponsoredGas(database.db, k, 1_000_001n, 1_000_000n)).toBe(false);
    expect(await sponsoredGas(database.db, k)).toBe(0n);
  });

  it('counts per chain, per sender (any case) and per UTC day; old days are pruned', async () => {
    const k = key({ sender: '0x00000000000000000000000000000000000000d4' });
    expect(await reserveSponsoredGas(database.db, k, 600n, 1000n)).toBe(true);
    expect(
      await reserveSponsoredGas(database.db, { ...k, sender: k.sender.toUpperCase().replace('0X', '0x') }, 600n, 1000n),
    ).toBe(false);
    expect(await reserveSponsoredGas(database.db, { ...k, caipNetworkId: 'eip155:31338' }, 600n, 1000n)).toBe(true);
    expect(await reserveSponsoredGas(database.db, { ...k, day: '2026-11-28' }, 600n, 1000n)).toBe(true);
    expect(await pruneSponsoredGas(database.db, '2026-11-28')).toBeGreaterThanOrEqual(2);
    expect(await sponsoredGas(database.db, k)).toBe(0n);
    expect(await sponsoredGas(database.db, { ...k, day: '2026-11-28' })).toBe(600n);
  });

  it('names the UTC day of a time', () => {
    expect(utcDay(Date.UTC(2026, 10, 27, 23, 59, 59))).toBe('2026-11-27');
    expect(utcDay(Date.UTC(2026, 10, 28, 0, 0, 0))).toBe('2026-11-28');
  });
});

describe('the CLI commands (sponsorshipCommand)', () => {
  it('sets, shows and removes a policy; refuses bad input and unknown projects', async () => {
    const { sponsorshipCommand } = await import('./cli.ts');
    const set = await sponsorshipCommand(database.db, 'set', {
      project: 'p1',
      enabled: 'true',
      'daily-gas': '3000000',
      targets: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
    });
    expect(set).toEqual({
      lines: ['saved: p1\tsponsorship=on\tdailyGasPerUser=3000000\ttargets=0x91e60e0613810449d098b0b5ec8b51a0fe8c8985'],
      ok: true,
    });
    expect((await sponsorshipCommand(database.db, 'show', { project: 'p1' })).lines[0]).toContain('sponsorship=on');
    await expect(
      sponsorshipCommand(database.db, 'set', { project: 'p1', enabled: 'yes', 'daily-gas': '1' }),
    ).rejects.toThrow(/--enabled/);
    await expect(
      sponsorshipCommand(database.db, 'set', { project: 'ghost', enabled: 'true', 'daily-gas': '1' }),
    ).rejects.toThrow(/no project ghost/);
    expect(await sponsorshipCommand(database.db, 'remove', { project: 'p1' })).toEqual({
      lines: ['sponsorship policy of p1 removed'],
      ok: true,
    });
    expect((await sponsorshipCommand(database.db, 'show', { project: 'p1' })).ok).toBe(false);
  });
});

describe('the seed (applySeed "sponsorship")', () => {
  it('creates a missing policy and leaves an existing one as the operator set it', async () => {
    const { applySeed } = await import('../seed.ts');
    const seed = (enabled: boolean) => ({
      projects: [{ id: 'seeded', name: 'Seeded', allowedOrigins: [] }],
      sponsorship: [{ projectId: 'seeded', enabled, dailyGasLimit: '5000000', allowedTargets: null }],
    });
    await applySeed(database.db, seed(true));
    expect(await getSponsorshipPolicy(database.db, 'seeded')).toMatchObject({
      enabled: true,
      dailyGasLimit: 5_000_000n,
    });
    await setSponsorshipPolicy(database.db, {
      projectId: 'seeded',
      enabled: false,
      dailyGasLimit: '1',
      allowedTargets: null,
    });
    await applySeed(database.db, seed(true));
    expect(await getSponsorshipPolicy(database.db, 'seeded')).toMatchObject({ enabled: false, dailyGasLimit: 1n });
  });
});

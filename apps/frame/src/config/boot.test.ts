import { describe, expect, it } from 'vitest';
import { DEV_ALLOWED_ORIGINS } from '@airlock/protocol';
import { testConfig } from '../testing/fakeHost.ts';
import { parseAllowedOrigins } from './allowedOrigins.ts';
import { resolveBoot } from './boot.ts';
import { parseConfig } from './parseConfig.ts';
import { verifyParentOrigin } from './verifyParentOrigin.ts';

const allow = ['http://localhost:*', 'https://*.example.com'];
const search = (config: unknown) => `?config=${encodeURIComponent(JSON.stringify(config))}`;

describe('verifyParentOrigin', () => {
  it('accepts an allowed origin that matches ancestorOrigins and the referrer', () => {
    expect(
      verifyParentOrigin(
        { claimed: 'http://localhost:5173', ancestorOrigin: 'http://localhost:5173', referrer: 'http://localhost:5173/app?x=1' },
        allow,
      ),
    ).toEqual({ ok: true, origin: 'http://localhost:5173' });
  });

  it('accepts a wildcard subdomain without ancestorOrigins or referrer', () => {
    expect(verifyParentOrigin({ claimed: 'https://app.example.com', referrer: '' }, allow).ok).toBe(true);
  });

  it('refuses a claimed origin that differs from ancestorOrigins[0]', () => {
    const check = verifyParentOrigin({ claimed: 'http://localhost:5173', ancestorOrigin: 'http://127.0.0.2:5175' }, allow);
    expect(check.ok).toBe(false);
  });

  it('refuses a claimed origin that differs from the referrer origin', () => {
    const check = verifyParentOrigin({ claimed: 'http://localhost:5173', referrer: 'http://evil.test/page' }, allow);
    expect(check.ok).toBe(false);
  });

  it('refuses an origin that is not on the allowlist even when consistent', () => {
    const check = verifyParentOrigin(
      { claimed: 'http://127.0.0.2:5175', ancestorOrigin: 'http://127.0.0.2:5175', referrer: 'http://127.0.0.2:5175/' },
      allow,
    );
    expect(check).toMatchObject({ ok: false, message: expect.stringContaining('not allowed') });
  });

  it('refuses something that is not a plain origin', () => {
    expect(verifyParentOrigin({ claimed: 'http://localhost:5173/path' }, allow).ok).toBe(false);
    expect(verifyParentOrigin({ claimed: 'null' }, allow).ok).toBe(false);
  });
});

describe('parseConfig', () => {
  it('parses a valid config', () => {
    const parsed = parseConfig(search(testConfig()));
    expect(parsed.ok && parsed.config.networks.map((n) => n.name)).toEqual(['Anvil A', 'Anvil B']);
  });

  it('reports a missing or empty project id as Project ID Not Configured', () => {
    const { projectId: _omit, ...rest } = testConfig();
    expect(parseConfig(search(rest))).toEqual({ ok: false, problem: { kind: 'projectId' } });
    expect(parseConfig(search({ ...testConfig(), projectId: '' }))).toEqual({ ok: false, problem: { kind: 'projectId' } });
  });

  it('reports a malformed config with the failing field', () => {
    const parsed = parseConfig(search({ ...testConfig(), networks: [] }));
    expect(parsed).toMatchObject({ ok: false, problem: { kind: 'config', message: expect.stringContaining('networks') } });
    expect(parseConfig('?config=%7Bnot-json')).toMatchObject({ ok: false, problem: { kind: 'config' } });
    expect(parseConfig('')).toMatchObject({ ok: false, problem: { kind: 'config' } });
  });
});

describe('resolveBoot', () => {
  const config = testConfig();
  it('starts for an allowed, consistent parent', () => {
    const boot = resolveBoot({ search: search(config), ancestorOrigins: [config.parentOrigin], referrer: `${config.parentOrigin}/`, allowlist: DEV_ALLOWED_ORIGINS });
    expect(boot).toMatchObject({ ok: true, parentOrigin: 'http://localhost:15173' });
  });

  it('refuses a parent that lied about its origin', () => {
    const boot = resolveBoot({ search: search(config), ancestorOrigins: ['http://127.0.0.2:15175'], referrer: '', allowlist: DEV_ALLOWED_ORIGINS });
    expect(boot).toMatchObject({ ok: false, problem: { kind: 'origin' } });
  });

  it('refuses the foreign page even when it tells the truth', () => {
    const foreign = { ...config, parentOrigin: 'http://127.0.0.2:15175' };
    const boot = resolveBoot({ search: search(foreign), ancestorOrigins: ['http://127.0.0.2:15175'], referrer: 'http://127.0.0.2:15175/', allowlist: DEV_ALLOWED_ORIGINS });
    expect(boot).toMatchObject({ ok: false, problem: { kind: 'origin' } });
  });
});

describe('parseAllowedOrigins', () => {
  it('splits a comma list and defaults to the dev allowlist', () => {
    expect(parseAllowedOrigins(' https://a.test , https://*.b.test ,')).toEqual(['https://a.test', 'https://*.b.test']);
    expect(parseAllowedOrigins(undefined)).toEqual([...DEV_ALLOWED_ORIGINS]);
    expect(parseAllowedOrigins('')).toEqual([...DEV_ALLOWED_ORIGINS]);
  });
});

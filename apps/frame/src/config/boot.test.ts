import { describe, expect, it } from 'vitest';
import { DEV_ALLOWED_ORIGINS, FrameConfigSchema } from '@airlock/protocol';
import { testConfig } from '../testing/fakeHost.ts';
import { resolveBoot } from './boot.ts';
import { parseConfig } from './parseConfig.ts';
import { isAllowedBy, verifyParentOrigin } from './verifyParentOrigin.ts';

const policy = { project: ['http://localhost:*', 'https://*.example.com'], bound: null };
const search = (config: unknown) => `?config=${encodeURIComponent(JSON.stringify(config))}`;

describe('verifyParentOrigin', () => {
  it('accepts an allowed origin that matches ancestorOrigins and the referrer', () => {
    expect(
      verifyParentOrigin(
        {
          claimed: 'http://localhost:5173',
          ancestorOrigins: ['http://localhost:5173'],
          referrer: 'http://localhost:5173/app?x=1',
        },
        policy,
      ),
    ).toEqual({ ok: true, origin: 'http://localhost:5173' });
  });

  it('accepts a wildcard subdomain without ancestorOrigins or referrer', () => {
    expect(verifyParentOrigin({ claimed: 'https://app.example.com', referrer: '' }, policy).ok).toBe(true);
  });

  it('refuses a claimed origin that differs from ancestorOrigins[0]', () => {
    const check = verifyParentOrigin(
      { claimed: 'http://localhost:5173', ancestorOrigins: ['http://127.0.0.2:5175'] },
      policy,
    );
    expect(check.ok).toBe(false);
  });

  it('refuses a claimed origin that differs from the referrer origin', () => {
    const check = verifyParentOrigin({ claimed: 'http://localhost:5173', referrer: 'http://evil.test/page' }, policy);
    expect(check.ok).toBe(false);
  });

  it('refuses an origin that is not on the allowlist even when consistent', () => {
    const check = verifyParentOrigin(
      {
        claimed: 'http://127.0.0.2:5175',
        ancestorOrigins: ['http://127.0.0.2:5175'],
        referrer: 'http://127.0.0.2:5175/',
      },
      policy,
    );
    expect(check).toMatchObject({ ok: false, message: 'Origin not allowed: http://127.0.0.2:5175' });
  });

  it('refuses an allowed parent framed by a page on a refused origin (every ancestor must be allowed)', () => {
    const check = verifyParentOrigin(
      {
        claimed: 'http://localhost:5173',
        ancestorOrigins: ['http://localhost:5173', 'https://evil.test'],
        referrer: 'http://localhost:5173/',
      },
      policy,
    );
    expect(check).toMatchObject({
      ok: false,
      message: 'Origin not allowed: https://evil.test embeds http://localhost:5173',
    });
    const nested = verifyParentOrigin(
      { claimed: 'http://localhost:5173', ancestorOrigins: ['http://localhost:5173', 'https://app.example.com'] },
      policy,
    );
    expect(nested.ok).toBe(true);
  });

  it('refuses something that is not a plain origin', () => {
    expect(verifyParentOrigin({ claimed: 'http://localhost:5173/path' }, policy).ok).toBe(false);
    expect(verifyParentOrigin({ claimed: 'null' }, policy).ok).toBe(false);
  });
});

describe('isAllowedBy: the project list intersected with the deployment bound', () => {
  it('needs both lists when both are set, never widening the bound', () => {
    const both = { project: ['*'], bound: ['https://app.example.com'] };
    expect(isAllowedBy(both, 'https://app.example.com')).toBe(true);
    expect(isAllowedBy(both, 'https://evil.test')).toBe(false);
    const narrow = { project: ['https://app.example.com'], bound: ['https://*.example.com'] };
    expect(isAllowedBy(narrow, 'https://other.example.com')).toBe(false);
  });

  it('uses the one list that is set, and allows nothing without any', () => {
    expect(isAllowedBy({ project: null, bound: ['http://localhost:*'] }, 'http://localhost:1')).toBe(true);
    expect(isAllowedBy({ project: ['http://localhost:*'], bound: null }, 'http://localhost:1')).toBe(true);
    expect(isAllowedBy({ project: null, bound: null }, 'http://localhost:1')).toBe(false);
  });
});

describe('parseConfig', () => {
  it('parses a valid config', () => {
    const parsed = parseConfig(search(testConfig()));
    expect(parsed.ok && parsed.config.networks.map((n) => n.name)).toEqual(['Anvil A', 'Anvil B']);
  });

  it('drops the trust inputs a page still passes (apiUrl, walletConnect.relayUrl)', () => {
    const hostile = {
      ...testConfig(),
      apiUrl: 'https://evil.test',
      walletConnect: { relayUrl: 'wss://evil.test', verify: false },
    };
    const parsed = parseConfig(search(hostile));
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.config).not.toHaveProperty('apiUrl');
    expect(parsed.ok && parsed.config).not.toHaveProperty('walletConnect');
    expect(Object.keys(FrameConfigSchema.shape)).not.toContain('apiUrl');
  });

  it('reports a missing or empty project id as Project ID Not Configured', () => {
    const { projectId: _omit, ...rest } = testConfig();
    expect(parseConfig(search(rest))).toEqual({ ok: false, problem: { kind: 'projectId' } });
    expect(parseConfig(search({ ...testConfig(), projectId: '' }))).toEqual({
      ok: false,
      problem: { kind: 'projectId' },
    });
  });

  it('reports a malformed config with the failing field', () => {
    const parsed = parseConfig(search({ ...testConfig(), networks: [] }));
    expect(parsed).toMatchObject({
      ok: false,
      problem: { kind: 'config', message: expect.stringContaining('networks') },
    });
    expect(parseConfig('?config=%7Bnot-json')).toMatchObject({ ok: false, problem: { kind: 'config' } });
    expect(parseConfig('')).toMatchObject({ ok: false, problem: { kind: 'config' } });
  });
});

describe('resolveBoot', () => {
  const config = testConfig();
  it('starts for an allowed, consistent parent', () => {
    const boot = resolveBoot({
      search: search(config),
      ancestorOrigins: [config.parentOrigin],
      referrer: `${config.parentOrigin}/`,
      allowlist: DEV_ALLOWED_ORIGINS,
    });
    expect(boot).toMatchObject({ ok: true, parentOrigin: 'http://localhost:15173' });
  });

  it('refuses a parent that lied about its origin', () => {
    const boot = resolveBoot({
      search: search(config),
      ancestorOrigins: ['http://127.0.0.2:15175'],
      referrer: '',
      allowlist: DEV_ALLOWED_ORIGINS,
    });
    expect(boot).toMatchObject({ ok: false, problem: { kind: 'origin' } });
  });

  it('refuses the foreign page even when it tells the truth', () => {
    const foreign = { ...config, parentOrigin: 'http://127.0.0.2:15175' };
    const boot = resolveBoot({
      search: search(foreign),
      ancestorOrigins: ['http://127.0.0.2:15175'],
      referrer: 'http://127.0.0.2:15175/',
      allowlist: DEV_ALLOWED_ORIGINS,
    });
    expect(boot).toMatchObject({ ok: false, problem: { kind: 'origin' } });
  });

  it('applies the bound on top of the allowlist', () => {
    const boot = resolveBoot({
      search: search(config),
      ancestorOrigins: [config.parentOrigin],
      referrer: '',
      allowlist: ['*'],
      bound: ['https://app.example.com'],
    });
    expect(boot).toMatchObject({ ok: false, problem: { kind: 'origin' } });
  });
});

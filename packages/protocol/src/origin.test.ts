import { describe, expect, it } from 'vitest';
import {
  allowsAnyOrigin,
  DEV_ALLOWED_ORIGINS,
  invalidOriginPatterns,
  isOriginAllowed,
  parseOriginPattern,
} from './origin.ts';

const allowed = (origin: string | null, ...patterns: string[]) => isOriginAllowed(origin, patterns);

describe('origin allowlist (spec §5)', () => {
  it('allows the dev defaults on any port, the default port included', () => {
    expect(isOriginAllowed('http://localhost:5173', DEV_ALLOWED_ORIGINS)).toBe(true);
    expect(isOriginAllowed('http://127.0.0.1:15173', DEV_ALLOWED_ORIGINS)).toBe(true);
    expect(isOriginAllowed('http://localhost', DEV_ALLOWED_ORIGINS)).toBe(true);
  });

  it('refuses look-alikes of the dev defaults', () => {
    expect(isOriginAllowed('http://127.0.0.2:5175', DEV_ALLOWED_ORIGINS)).toBe(false);
    expect(isOriginAllowed('http://localhost.evil.com:80', DEV_ALLOWED_ORIGINS)).toBe(false);
    expect(isOriginAllowed('http://localhost.evil.com', DEV_ALLOWED_ORIGINS)).toBe(false);
    expect(isOriginAllowed('https://localhost:443', DEV_ALLOWED_ORIGINS)).toBe(false);
  });

  it('`*` inside a label, after a host or as the scheme is invalid and matches nothing', () => {
    // Each of these matched with the old `*` → `[^/]*` translation.
    expect(allowed('https://evilexample.org', 'https://*example.org')).toBe(false);
    expect(allowed('https://app.example.org.evil.com', 'https://app.example.org*')).toBe(false);
    expect(allowed('http://example.org', '*://example.org')).toBe(false);
    expect(allowed('https://example.org', '*://example.org')).toBe(false);
    expect(allowed('https://app.example.org', 'https://app.*.org')).toBe(false);
    expect(allowed('https://example.org:8443', 'https://example.org:8*')).toBe(false);
    for (const p of [
      'https://*example.org',
      'https://app.example.org*',
      '*://example.org',
      'https://app.*.org',
      '**',
    ]) {
      const parsed = parseOriginPattern(p);
      expect(parsed.ok, p).toBe(false);
      if (!parsed.ok) expect(parsed.error).toContain(JSON.stringify(p));
    }
  });

  it('`*.domain` matches subdomains at any depth, never the domain itself or another scheme or port', () => {
    const list = 'https://*.example.org';
    expect(allowed('https://app.example.org', list)).toBe(true);
    expect(allowed('https://a.b.example.org', list)).toBe(true);
    expect(allowed('https://example.org', list)).toBe(false);
    expect(allowed('https://evilexample.org', list)).toBe(false);
    expect(allowed('https://example.org.evil.io', list)).toBe(false);
    expect(allowed('http://app.example.org', list)).toBe(false);
    expect(allowed('https://app.example.org:8443', list)).toBe(false);
    expect(allowed('https://app.example.org:8443', 'https://*.example.org:*')).toBe(true);
  });

  it('compares schemes, hosts and ports exactly after normalising the pattern', () => {
    expect(allowed('https://appxexample.com', 'https://app.example.com')).toBe(false);
    expect(allowed('https://app.example.org', 'HTTPS://App.Example.ORG')).toBe(true);
    expect(allowed('https://app.example.org', 'https://app.example.org:443')).toBe(true);
    expect(allowed('https://app.example.org:444', 'https://app.example.org')).toBe(false);
    expect(allowed('http://app.example.org', 'https://app.example.org')).toBe(false);
    expect(allowed('https://app.example.org:8443', 'https://app.example.org:8443')).toBe(true);
  });

  it('takes internationalised names as punycode', () => {
    expect(allowed('https://shop.xn--bcher-kva.example', 'https://*.bücher.example')).toBe(true);
    expect(allowed('https://xn--bcher-kva.example', 'https://bücher.example')).toBe(true);
    expect(allowed('https://xn--bcher-kva.example', 'https://*.bücher.example')).toBe(false);
    // Origins are compared as browsers serialise them (punycode), never as Unicode.
    expect(allowed('https://bücher.example', 'https://bücher.example')).toBe(false);
  });

  it('treats a trailing dot as part of the host', () => {
    expect(allowed('https://example.org.', 'https://example.org')).toBe(false);
    expect(allowed('https://example.org', 'https://example.org.')).toBe(false);
    expect(allowed('https://example.org.', 'https://example.org.')).toBe(true);
    expect(allowed('https://app.example.org.', 'https://*.example.org')).toBe(false);
  });

  it('refuses userinfo, paths and other non-origins, in patterns and in origins', () => {
    expect(parseOriginPattern('https://user@example.org').ok).toBe(false);
    expect(parseOriginPattern('https://example.org/').ok).toBe(false);
    expect(parseOriginPattern('https://example.org/app').ok).toBe(false);
    expect(parseOriginPattern('https://example.org\\evil').ok).toBe(false);
    expect(parseOriginPattern('https://example.org?x').ok).toBe(false);
    expect(parseOriginPattern(' https://example.org').ok).toBe(false);
    expect(parseOriginPattern('example.org').ok).toBe(false);
    expect(parseOriginPattern('ftp://example.org').ok).toBe(false);
    expect(allowed('https://user@example.org', 'https://example.org')).toBe(false);
    expect(allowed('https://example.org/path', 'https://example.org')).toBe(false);
    expect(allowed('https://example.org/', 'https://example.org')).toBe(false);
    expect(allowed('HTTPS://EXAMPLE.ORG', 'https://example.org')).toBe(false);
    expect(allowed('https://example.org:443', 'https://example.org')).toBe(false);
  });

  it('refuses `*.` over an IP address or a top-level domain', () => {
    for (const p of ['http://*.0.0.1', 'http://*.[::1]', 'https://*.com', 'https://*..example.org']) {
      expect(parseOriginPattern(p).ok, p).toBe(false);
    }
    expect(parseOriginPattern('http://*.localhost:*').ok).toBe(true);
  });

  it('never allows a missing or opaque origin, even with `*`', () => {
    expect(allowed(null, '*')).toBe(false);
    expect(isOriginAllowed(undefined, ['*'])).toBe(false);
    expect(allowed('null', '*')).toBe(false);
    expect(allowed('file://', '*')).toBe(false);
    expect(allowed('https://a.b', '*')).toBe(true);
  });

  it('reports invalid entries and a bare `*`', () => {
    expect(invalidOriginPatterns(['https://ok.example', 'https://*example.org', '*'])).toEqual([
      { pattern: 'https://*example.org', error: expect.stringContaining('leftmost label') },
    ]);
    expect(allowsAnyOrigin(['https://ok.example', '*'])).toBe(true);
    expect(allowsAnyOrigin(DEV_ALLOWED_ORIGINS)).toBe(false);
  });
});

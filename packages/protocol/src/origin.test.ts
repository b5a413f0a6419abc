import { describe, expect, it } from 'vitest';
import { DEV_ALLOWED_ORIGINS, isOriginAllowed } from './origin.ts';

describe('origin allowlist with wildcards (spec §5)', () => {
  it('allows the dev defaults on any port', () => {
    expect(isOriginAllowed('http://localhost:5173', DEV_ALLOWED_ORIGINS)).toBe(true);
    expect(isOriginAllowed('http://127.0.0.1:15173', DEV_ALLOWED_ORIGINS)).toBe(true);
  });

  it('refuses look-alikes of the dev defaults', () => {
    expect(isOriginAllowed('http://127.0.0.2:5175', DEV_ALLOWED_ORIGINS)).toBe(false);
    expect(isOriginAllowed('http://localhost.evil.com:80', DEV_ALLOWED_ORIGINS)).toBe(false);
    expect(isOriginAllowed('https://localhost:443', DEV_ALLOWED_ORIGINS)).toBe(false);
  });

  it('matches subdomain wildcards without crossing into paths or other domains', () => {
    const list = ['https://*.example.com'];
    expect(isOriginAllowed('https://app.example.com', list)).toBe(true);
    expect(isOriginAllowed('https://example.com.evil.io', list)).toBe(false);
    expect(isOriginAllowed('https://evil.io/x.example.com', list)).toBe(false);
    expect(isOriginAllowed('http://app.example.com', list)).toBe(false);
  });

  it('treats dots literally', () => {
    expect(isOriginAllowed('https://appxexample.com', ['https://app.example.com'])).toBe(false);
  });

  it('never allows a missing or opaque origin', () => {
    expect(isOriginAllowed(null, ['*'])).toBe(false);
    expect(isOriginAllowed('null', ['*'])).toBe(false);
    expect(isOriginAllowed('https://a.b', ['*'])).toBe(true);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { invalidOriginPatterns } from '@airlock/protocol';
import { describe, expect, it } from 'vitest';
import { frameCsp, sourceExpression } from './csp.mjs';

const CLI = fileURLToPath(new URL('./csp.mjs', import.meta.url));

describe('frameCsp', () => {
  it('builds frame-ancestors from the deployment allowedOrigins', () => {
    expect(frameCsp(['https://app.example.com', 'https://*.example.org', 'http://localhost:*'])).toBe(
      "frame-ancestors https://app.example.com https://*.example.org http://localhost:*; object-src 'none'; base-uri 'self'",
    );
  });

  it('normalises hosts as the browser does and drops duplicates', () => {
    expect(sourceExpression('https://APP.Example.com:443')).toBe('https://app.example.com');
    expect(sourceExpression('https://*.bücher.example')).toBe('https://*.xn--bcher-kva.example');
    expect(sourceExpression('https://app.example.com:8443')).toBe('https://app.example.com:8443');
    expect(frameCsp(['https://a.example.com', 'https://A.example.com:443'])).toMatch(
      /^frame-ancestors https:\/\/a\.example\.com;/,
    );
  });

  it("an empty list lets nothing embed the frame; '*' stays '*'", () => {
    expect(frameCsp([])).toMatch(/^frame-ancestors 'none';/);
    expect(frameCsp(['*'])).toMatch(/^frame-ancestors \*;/);
  });

  it('refuses a deployment without a bound (null): the CSP cannot name the project origins', () => {
    expect(() => frameCsp(null)).toThrow(/no allowedOrigins list/);
    expect(() => frameCsp(undefined)).toThrow(/no allowedOrigins list/);
  });

  it('accepts exactly the patterns the widget accepts (isOriginAllowed of @airlock/protocol)', () => {
    const patterns = [
      'https://app.example.org',
      'https://*.example.org',
      'http://localhost:*',
      'https://*.example.org:*',
      'http://127.0.0.1:5173',
      'https://*example.org',
      'https://app.example.org*',
      '*://example.org',
      'https://app.*.org',
      'https://*.com',
      'https://example.org/',
      'https://user@example.org',
      'ftp://example.org',
      'https://example.org?x=1',
      'https://exa mple.org',
    ];
    const invalidForWidget = new Set(invalidOriginPatterns(patterns).map((p) => p.pattern));
    for (const pattern of patterns) {
      const accepted = (() => {
        try {
          sourceExpression(pattern);
          return true;
        } catch {
          return false;
        }
      })();
      expect({ pattern, accepted }).toEqual({ pattern, accepted: !invalidForWidget.has(pattern) });
    }
  });
});

describe('node scripts/csp.mjs deployment.json', () => {
  const dir = mkdtempSync(join(tmpdir(), 'airlock-csp-'));
  const run = (deployment: unknown) => {
    const file = join(dir, 'deployment.json');
    writeFileSync(file, JSON.stringify(deployment));
    return spawnSync(process.execPath, [CLI, file], { encoding: 'utf8', timeout: 10_000 });
  };

  it('prints the header line', () => {
    const r = run({ apiUrl: 'https://api.example.com', allowedOrigins: ['https://app.example.com'] });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(
      "Content-Security-Policy: frame-ancestors https://app.example.com; object-src 'none'; base-uri 'self'",
    );
  });

  it('exits 1 with the reason on an invalid pattern or a null bound', () => {
    const bad = run({ allowedOrigins: ['https://app.*.org'] });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("Invalid origin pattern 'https://app.*.org'");
    const none = run({ allowedOrigins: null });
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('no allowedOrigins list');
  });
});

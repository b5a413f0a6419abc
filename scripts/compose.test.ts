import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { optionsFromEnv } from '../apps/api/src/env.ts';

// compose.yaml and apps/api/Dockerfile (docs/deploy.md) are not built here (no registry for images):
// this checks what can drift without a build, the YAML and the API's environment variables.
const file = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
};
const compose = parse(readFileSync(file('compose.yaml'), 'utf8')) as { services: Record<string, Service> };

/**
 * Variables the API reads that are for the e2e stack only and must not appear in a deployment:
 * `AIRLOCK_API_TEST_CLOCK` (a movable clock, `POST /v1/test/clock`; refused with NODE_ENV=production).
 */
const TEST_ONLY = new Set(['AIRLOCK_API_TEST_CLOCK']);

/**
 * Every environment variable optionsFromEnv reads (apps/api/src/env.ts), found by reading it with
 * all unset, then again with the variables that switch the embedded wallet on (its optional ones
 * are read only then).
 */
function variablesTheApiReads(): Set<string> {
  const read = new Set<string>();
  const embeddedOn: Record<string, string> = {
    AIRLOCK_API_SMTP_URL: 'smtp://127.0.0.1:2525',
    AIRLOCK_API_RECOVERY_KEY: Buffer.alloc(32, 1).toString('base64'),
    AIRLOCK_API_SECURE_FRAME_ORIGINS: 'https://secure.example.com',
  };
  for (const values of [{}, embeddedOn] as Record<string, string>[]) {
    const env = new Proxy({} as NodeJS.ProcessEnv, {
      get: (_, name) => {
        if (typeof name === 'string') read.add(name);
        return typeof name === 'string' ? values[name] : undefined;
      },
    });
    optionsFromEnv(env);
  }
  return read;
}

describe('compose.yaml', () => {
  const { postgres, api } = compose.services;

  it('runs PostgreSQL 15 with a health check, and the API image of apps/api/Dockerfile once it is healthy', () => {
    expect(postgres?.image).toMatch(/^postgres:15\b/);
    expect(postgres?.healthcheck?.test).toBeTruthy();
    expect(api?.build?.dockerfile).toBe('apps/api/Dockerfile');
    expect(existsSync(file(api!.build!.dockerfile))).toBe(true);
    expect(api?.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(api?.healthcheck?.test).toBeTruthy();
    expect(String(api?.environment?.DATABASE_URL)).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
  });

  it('names every environment variable the API reads, and no AIRLOCK_ variable it does not', () => {
    const read = variablesTheApiReads();
    expect(read.size).toBeGreaterThan(20);
    const named = new Set(Object.keys(api?.environment ?? {}));
    expect([...read].filter((name) => !named.has(name) && !TEST_ONLY.has(name))).toEqual([]);
    expect([...TEST_ONLY].filter((name) => named.has(name) || !read.has(name))).toEqual([]);
    expect([...named].filter((name) => name.startsWith('AIRLOCK_') && !read.has(name))).toEqual([]);
  });
});

describe('apps/api/Dockerfile', () => {
  const dockerfile = readFileSync(file('apps/api/Dockerfile'), 'utf8');

  it('runs on Node 20 as a non-root user with the production dependencies only', () => {
    expect(dockerfile.match(/^FROM node:20\b/gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev -w @airlock\/api\b/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^COPY apps\/api\/migrations\/ apps\/api\/migrations\/$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/server\/main\.mjs"\]$/m);
  });
});

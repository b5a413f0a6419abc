import { defineConfig } from 'vitest/config';

/**
 * Unit tests sit beside the code they test. Files that need a DOM say so with
 * a `// @vitest-environment happy-dom` comment at the top.
 */
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/*/test/**/*.test.{ts,tsx}',
      'scripts/**/*.test.{ts,mjs}',
    ],
    environment: 'node',
    testTimeout: 20_000,
  },
});

import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests sit beside the code they test. Files that need a DOM say so with
 * a `// @vitest-environment happy-dom` comment at the top.
 */
export default defineConfig({
  // Workspace packages resolve to their sources (the `airlock-source` export condition), as in tsconfig.
  resolve: { conditions: ['airlock-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['airlock-source', ...defaultServerConditions] } },
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

import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Absolute path of a file of this repository. */
function source(path: string): string {
  return fileURLToPath(new URL(path, import.meta.url));
}

/**
 * Unit tests sit beside the code they test. Files that need a DOM say so with
 * a `// @vitest-environment happy-dom` comment at the top.
 */
export default defineConfig({
  // The published packages' exports point at dist; tests use their sources (as the `airlock-source`
  // export condition does for tsc). Aliases, not resolve conditions: changing the conditions would
  // also change how every dependency resolves (browser builds of the WalletConnect libraries in Node).
  resolve: {
    alias: [
      { find: /^@airlock\/host-sdk$/, replacement: source('apps/host-sdk/src/index.ts') },
      { find: /^@airlock\/react$/, replacement: source('packages/react/src/index.ts') },
      { find: /^@airlock\/vue$/, replacement: source('packages/vue/src/index.ts') },
      { find: /^@airlock\/wagmi$/, replacement: source('packages/wagmi/src/index.ts') },
      { find: /^@airlock\/siwx$/, replacement: source('packages/siwx/src/index.ts') },
      { find: /^@airlock\/siwx\/message$/, replacement: source('packages/siwx/src/message.ts') },
    ],
  },
  test: {
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/*/test/**/*.test.{ts,tsx}',
      'scripts/**/*.test.{ts,mjs}',
    ],
    environment: 'node',
    // The frame's components translate with an English i18next instance when no provider wraps them.
    setupFiles: ['apps/frame/src/i18n/testSetup.ts'],
    // The API's test files start PGlite from one migrated dump made here (apps/api/src/test/database.ts).
    globalSetup: ['apps/api/src/test/globalSetup.ts'],
    testTimeout: 20_000,
    // One test file more than the cores (vitest's default is one less): the files spend much of
    // their time importing modules and waiting on anvil, PGlite and sockets. On a two-core machine
    // the whole suite took 189 s with vitest's default (one worker), 137 s with two and 116 s with
    // three; its slowest test took 2.0 s with three, far from the 20 s timeout.
    maxWorkers: availableParallelism() + 1,
  },
});

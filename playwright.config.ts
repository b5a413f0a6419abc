import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

/**
 * End-to-end tests: the demo dapp, the host SDK and the frame in Debian Chromium,
 * on two real origins, against two real anvil chains (docs/integration.md).
 * The global setup starts the stack in `e2e` mode; `npm test` reads the JSON report.
 */

/** Where the JSON reporter writes; scripts/test.mjs sums its stats. */
export const PLAYWRIGHT_JSON_REPORT = process.env.AIRLOCK_PLAYWRIGHT_JSON ?? '.airlock/playwright-report.json';

// One output folder per run (workers inherit the runner's env), so two runs on a shared
// machine do not delete each other's traces; Playwright empties it at the start of a run.
process.env.AIRLOCK_E2E_RUN ??= String(process.pid);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // The two chains are shared: one test at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  outputDir: `.airlock/test-results/run-${process.env.AIRLOCK_E2E_RUN}`,
  reporter: [['list'], ['json', { outputFile: PLAYWRIGHT_JSON_REPORT }]],
  use: {
    // AIRLOCK_E2E_TRACE=off|on|retain-on-failure (default): the trace records every action's DOM snapshots.
    trace: (process.env.AIRLOCK_E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    // The widget follows the browser's language: specs assert English texts unless they set a locale.
    locale: 'en-US',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
});

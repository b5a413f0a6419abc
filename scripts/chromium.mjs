// How Chromium runs here: Debian's chromium, headless, no sandbox.
// Shared by playwright.config.ts, the e2e support and the benchmarks.

/** Debian chromium (`apt-get install -y chromium`); `npx playwright install` cannot work here. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Launch flags that work on this machine and in CI (no network, root, no GPU). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Features Playwright 1.65 disables by default (its `chromiumSwitches.ts`), minus
 * `ThirdPartyStoragePartitioning`. Chromium keeps the LAST `--disable-features=` switch, so
 * passing this list after Playwright's defaults turns partitioning back on, as in Chrome,
 * Firefox and Safari as people run them: a cross-site frame (the widget frame, the secure
 * frame) then gets its own storage, partitioned by the top-level site.
 */
const DISABLED_WITHOUT_PARTITIONING = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/** {@link CHROMIUM_ARGS} with third-party storage partitioning ON (see DISABLED_WITHOUT_PARTITIONING). */
export const PARTITIONED_STORAGE_ARGS = [
  ...CHROMIUM_ARGS,
  `--disable-features=${DISABLED_WITHOUT_PARTITIONING.join(',')}`,
];

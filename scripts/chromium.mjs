// How Chromium runs here: Debian's chromium, headless, no sandbox.
// Shared by playwright.config.ts and scripts/bench.mjs.

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

// How Chromium runs here (DESIGN.md §4): Debian's chromium, headless, no sandbox.
// Shared by playwright.config.ts and scripts/bench.mjs.

/** Debian chromium (`apt-get install -y chromium`); `npx playwright install` cannot work here. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Launch flags that work on this machine and in CI (DESIGN.md §4). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The WalletConnect specs and bench run the dapp and the wallet as two tabs of one
  // window: without these, the tab in the background has its timers clamped to 1 s,
  // which adds about 1 s per hop to every relay round trip (a test artefact: a real
  // wallet runs on another device or in the foreground).
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

// Passkey login benchmark for `npm run bench`, through the demo dapp, the widget frame, the secure
// frame and the API of the stack, with Chromium's virtual authenticator (DevTools Protocol WebAuthn):
// - passkey login click → connected, in the frame: a page whose widget iframe delegates WebAuthn
//   (docs/embedded-wallet.md "Passkeys"); from the click on "Sign in with a passkey" until the dapp
//   shows the account: the options, the assertion, its verification, the session and the key
//   restored from this device's share;
// - the same through the passkey window (today's host script delegates nothing): the click, the
//   window on the secure frame's origin and its "Use passkey" click (as fast as Playwright clicks).
// Each run: a fresh browser context signs up with a passkey, signs out, and is measured signing in.

import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, PARTITIONED_STORAGE_ARGS } from './chromium.mjs';

const RUNS = 5;

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** @param {number} ms */
const fmtMs = (ms) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;

/** A virtual platform authenticator (resident keys, user verification) for `page`. */
async function addAuthenticator(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Adds the WebAuthn delegation to the widget iframe's `allow`, as a delegating host would. */
const delegate = () => {
  const allow = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'allow');
  Object.defineProperty(HTMLIFrameElement.prototype, 'allow', {
    ...allow,
    set(value) {
      const add = this.title === 'Airlock wallet widget' && !value.includes('publickey');
      allow.set.call(this, add ? `${value}; publickey-credentials-get; publickey-credentials-create` : value);
    },
  });
};

/**
 * One passkey login on a fresh context; resolves with the ms from the click to connected.
 * @param {import('playwright-core').Browser} browser
 * @param {{ dapp: string }} urls
 * @param {boolean} inFrame
 */
async function passkeyLogin(browser, urls, inFrame) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (inFrame) await context.addInitScript(delegate);
    await addAuthenticator(context, page);
    const secure = page
      .frameLocator('iframe[title="Airlock wallet widget"]')
      .frameLocator('iframe[data-testid="secure-frame"]');
    const account = page.getByTestId('dapp-account');
    const connected = () => account.filter({ hasText: /^0x[0-9a-fA-F]{40}$/ }).waitFor({ timeout: 30_000 });
    /** Clicks `testId` in the secure frame; through the window, continues there with `credential` (or makes it). */
    const ceremony = async (testId, credential) => {
      if (inFrame) return void (await secure.getByTestId(testId).click());
      const opened = context.waitForEvent('page');
      await secure.getByTestId(testId).click();
      const window = await opened;
      const { cdp, authenticatorId } = await addAuthenticator(context, window);
      const added = new Promise((resolve) => cdp.on('WebAuthn.credentialAdded', (e) => resolve(e.credential)));
      if (credential) await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
      await window.getByTestId('passkey-continue').click();
      return credential ? undefined : added;
    };
    await page.goto(`${urls.dapp}/`);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await secure.getByTestId('passkey-signup').waitFor({ state: 'visible', timeout: 30_000 });
    const credential = await ceremony('passkey-signup');
    await connected();
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await account.filter({ hasText: 'Not connected' }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await secure.getByTestId('passkey-login').waitFor({ state: 'visible', timeout: 30_000 });
    const t0 = Date.now();
    await ceremony('passkey-login', credential);
    await connected();
    return Date.now() - t0;
  } finally {
    await context.close();
  }
}

/**
 * Runs the passkey benchmarks, pushing rows (`[metric, value, notes]`), in a Chromium of its own
 * with storage partitioning on (the secure frame's IndexedDB).
 * @param {{ dapp: string }} urls
 * @param {Array<[string, string, string]>} rows
 * @param {(name: string, measure: () => Promise<void> | void) => Promise<void>} metric
 */
export async function passkeyBenchmarks(urls, rows, metric) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PARTITIONED_STORAGE_ARGS });
  try {
    for (const inFrame of [true, false]) {
      await metric(`passkey login click → connected (${inFrame ? 'frame' : 'window'})`, async () => {
        const times = [];
        for (let run = 0; run < RUNS; run++) times.push(await passkeyLogin(browser, urls, inFrame));
        rows.push([
          `passkey login click → connected, ${inFrame ? 'in the secure frame (delegated WebAuthn)' : 'through the passkey window'} (median of ${RUNS})`,
          fmtMs(median(times)),
          `min ${fmtMs(Math.min(...times))}, max ${fmtMs(Math.max(...times))}; Chromium's virtual authenticator; the key restored from this device's share${inFrame ? '' : '; includes the window and its Use passkey click'}`,
        ]);
      });
    }
  } finally {
    await browser.close();
  }
}

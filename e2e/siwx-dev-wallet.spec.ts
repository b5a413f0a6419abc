import type { Page } from '@playwright/test';
import { expect, test, urls } from './support/test';
import {
  DAPP_HOST,
  expectReplayRefused,
  expectSessionAfterReload,
  expectSignedForDapp,
  revokeSession,
  serverSays,
  signIn,
} from './support/siwx';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import { connectDevWallet, dapp, modal, widget } from './support/widget';

// Chromium as people run it: third-party storage partitioned, so the frame has its own storage
// (Playwright's default flags deny it; then sessions live in memory and end with the page).
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

/**
 * Sign in with a wallet (docs/siwx.md) with the page's Dev Wallet (auto-approve) against the
 * real stack: the provider API issues the nonce and the token, the demo's own server
 * (`/api/siwx/verify`, `@airlock/siwx`) verifies it.
 */

const signInView = (page: Page) => modal(page, 'Sign In');

/** Loads the demo with sign-in on (extra query), connects the Dev Wallet; SIWXSignMessage opens. */
async function connect(page: Page, query = ''): Promise<string> {
  await page.goto(`${urls.dapp}/?autoApprove=1&siwx=1${query}`);
  const address = await connectDevWallet(page);
  await expect(signInView(page)).toBeVisible();
  return address;
}

test('signs in, the dapp server verifies the token, a reload keeps it, revoke ends it (noticed on open and on reload)', async ({
  page,
}) => {
  const address = await connect(page);
  // The view names the verified parent origin: the site the signature is for.
  await expect(widget(page).getByTestId('siwx-origin')).toHaveText(urls.dapp);
  await signIn(page);
  await expect(dapp(page, 'dapp-siwx-account')).toHaveText(`eip155:31337:${address}`);
  await expect(dapp(page, 'dapp-siwx-domain')).toHaveText(DAPP_HOST);
  expect(await serverSays(page)).toBe('valid');

  await expectSessionAfterReload(page);
  await revokeSession(page);
  // The widget notices when the dapp asks (open): the session is gone and Sign In asks again.
  await page.getByRole('button', { name: 'Open widget' }).click();
  await expect(signInView(page)).toBeVisible();
  await expect(dapp(page, 'dapp-siwx')).toHaveText('none');
  await signIn(page);
  await revokeSession(page);
  // … and on a reload: the frame asks the API about its stored session, which is not listed any more.
  const asked = page.waitForResponse((r) => r.url().includes('/v1/sessions/') && r.request().method() === 'GET');
  await page.reload();
  await asked;
  await expect(dapp(page, 'dapp-account')).toHaveText(address);
  await expect(dapp(page, 'dapp-siwx')).toHaveText('none');
  await expect(widget(page).getByRole('dialog')).toBeHidden();

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(dapp(page, 'dapp-siwx')).toHaveText('none');
});

test('a session ends at its expirationTime', async ({ page }) => {
  await connect(page, '&siwxExpires=4');
  await signIn(page);
  await expect(dapp(page, 'dapp-siwx')).toHaveText('none', { timeout: 15_000 });
});

test('cancel without required closes and stays connected, without a session', async ({ page }) => {
  const address = await connect(page);
  await widget(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(widget(page).getByRole('dialog')).toBeHidden();
  await expect(dapp(page, 'dapp-account')).toHaveText(address);
  await expect(dapp(page, 'dapp-siwx')).toHaveText('none');
});

test('required: the modal cannot be closed without a session, and cancel disconnects', async ({ page }) => {
  await connect(page, '&siwxRequired=1');
  await widget(page).getByRole('button', { name: 'Close' }).click();
  await page.keyboard.press('Escape');
  await expect(signInView(page)).toBeVisible();
  await widget(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
});

test('a page cannot make the widget sign for another domain, and a signed nonce cannot be replayed', async ({
  page,
}) => {
  // The page passes `domain` / `uri` in its siwx options: the message still names the verified origin.
  await connect(page, '&siwxDomain=evil.example');
  const sent = await signIn(page);
  await expectSignedForDapp(page, sent, 'Ethereum');
  await expectReplayRefused(sent);
});

test('a forged parentOrigin never reaches sign-in: the frame refuses the page', async ({ page }) => {
  await page.goto(`${urls.dapp}/?siwx=0`);
  const config = {
    projectId: 'airlock-dev',
    parentOrigin: 'http://127.0.0.1:1',
    networks: [
      {
        id: 31337,
        name: 'Anvil A',
        chainNamespace: 'eip155',
        caipNetworkId: 'eip155:31337',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [urls.rpcA] } },
      },
    ],
    siwx: { required: true },
  };
  await page.evaluate(
    (src) => {
      const iframe = document.createElement('iframe');
      iframe.title = 'forged';
      iframe.src = src;
      document.body.append(iframe);
    },
    `${urls.frameUrl}?config=${encodeURIComponent(JSON.stringify(config))}`,
  );
  const forged = page.frameLocator('iframe[title="forged"]');
  await expect(forged.getByRole('alert')).toContainText('Invalid App Configuration');
  await expect(forged.getByRole('dialog', { name: 'Sign In' })).toHaveCount(0);
});

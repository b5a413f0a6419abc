import { readFileSync } from 'node:fs';
import { expect, test, urls } from './support/test';
import { startApi, stopApi } from './support/api';
import { freshEmail, lastMessageId, startEmailLogin, typeCode, waitForCode } from './support/emailLogin';
import { ADDRESS, DAPP_PROMPT, dapp, modal, widget } from './support/widget';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';

// The secure frame is a third-party frame (origin C inside B inside the dapp): it keeps its
// device keys in IndexedDB, which Chromium gives it only with storage partitioning on (as
// browsers ship it; Playwright's default flags deny third-party storage instead).
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

test('a wrong code says so and keeps the login; the right code then connects', async ({ page }) => {
  const email = freshEmail('wrong');
  await page.goto(DAPP_PROMPT);
  await startEmailLogin(page, email);
  const { code } = await waitForCode(email);
  const wrong = code === '000000' ? '111111' : '000000';
  await typeCode(page, wrong);
  await expect(widget(page).getByTestId('email-login-error')).toHaveText(/invalid|wrong|incorrect/i);
  await expect(widget(page).getByTestId('email-login-address')).toHaveText(email);
  await typeCode(page, code);
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
});

test('in Spanish, a wrong code shows the Spanish text of its message key (the API answers it in English)', async ({
  page,
}) => {
  const es = JSON.parse(
    readFileSync(new URL('../apps/frame/src/i18n/locales/es.json', import.meta.url), 'utf8'),
  ) as Record<string, string>;
  const email = freshEmail('wrong-es');
  await page.goto(`${DAPP_PROMPT}?locale=es`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, es['Connect Wallet']!)).toBeVisible();
  await widget(page).getByPlaceholder(es.Email!).fill(email);
  await widget(page).getByRole('button', { name: es.Continue! }).click();
  const { code } = await waitForCode(email);
  await widget(page).getByTestId('email-login-address').waitFor();
  await widget(page).getByRole('textbox').first().click();
  await page.keyboard.type(code === '000000' ? '111111' : '000000');
  await expect(widget(page).getByTestId('email-login-error')).toHaveText(es['error.LoginInvalidCode']!);
});

test("a second email login within 30 s says 'Please try again after N seconds', and Resend counts down", async ({
  page,
}) => {
  const email = freshEmail('cooldown');
  await page.goto(DAPP_PROMPT);
  await startEmailLogin(page, email);
  await waitForCode(email);
  await expect(widget(page).getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
  await widget(page).getByRole('button', { name: 'Back' }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByPlaceholder('Email').fill(email);
  await widget(page).getByRole('button', { name: 'Continue' }).click();
  await expect(widget(page).getByRole('alert')).toHaveText(/^Please try again after \d+ seconds$/);
});

test("the secure frame not loading shows 'Network Error - Could not load embedded wallet', and Try again recovers", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = freshEmail('loadfail');
  await page.route(`${urls.secureFrame}/**`, (route) => route.abort());
  await page.goto(DAPP_PROMPT);
  await startEmailLogin(page, email);
  const alert = widget(page).getByRole('alert').filter({ hasText: 'Network Error - Could not load embedded wallet' });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await page.unroute(`${urls.secureFrame}/**`);
  await alert.getByRole('button', { name: 'Try again' }).click();
  // The login goes on: the code request is sent again once the secure frame is up.
  const { code } = await waitForCode(email);
  await typeCode(page, code);
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
});

test('the API going down mid-login gives a clear error and loses nothing; with the API back the code works', async ({
  page,
}) => {
  const email = freshEmail('apidown');
  await page.goto(DAPP_PROMPT);
  await startEmailLogin(page, email);
  const { code } = await waitForCode(email);
  await stopApi();
  try {
    await typeCode(page, code);
    await expect(widget(page).getByTestId('email-login-error')).not.toHaveText('');
    await expect(widget(page).getByTestId('email-login-address')).toHaveText(email);
    await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  } finally {
    await startApi();
  }
  // The same code still works: the attempt that failed never reached the API.
  const before = await lastMessageId(email);
  await typeCode(page, code);
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
  expect(await lastMessageId(email)).toBe(before);
});

import { approveInSecureFrame, emailLogin, freshEmail, secureFrame } from './support/emailLogin';
import { expect, test, urls } from './support/test';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import { dapp, modal, widget } from './support/widget';

// The secure frame keeps its device keys in IndexedDB, which Chromium gives a third-party frame
// only with storage partitioning on (as browsers ship it); the widget frame keeps its sessions too.
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

/**
 * Sign in with the embedded wallet (docs/siwx.md): after the email login SIWXSignMessage opens,
 * the `personal_sign` of the EIP-4361 message waits for the secure frame's own approval
 * (ApproveTransaction, origin C), the provider API verifies it and the demo's own server
 * (`/api/siwx/verify`, `@airlock/siwx`) verifies the token.
 */

const DAPP_HOST = new URL(urls.dapp).host;

test('the embedded wallet signs in after the email login, through the secure frame’s approval', async ({ page }) => {
  await page.goto(`${urls.dapp}/?siwx=1`);
  const address = await emailLogin(page, freshEmail('siwx'));
  await expect(modal(page, 'Sign In')).toBeVisible();
  await expect(widget(page).getByTestId('siwx-origin')).toHaveText(urls.dapp);

  // The request comes after the secure frame's approval below (its own 10 s wait included):
  // more than the default 15 s on a slow machine.
  const verify = page.waitForRequest((r) => r.url().includes('/v1/siwx/verify'), { timeout: 45_000 });
  await widget(page).getByRole('button', { name: 'Sign', exact: true }).click();
  // The secure frame shows the message it is asked to sign; Approve is in its own window.
  await expect(modal(page, 'Sign Message')).toBeVisible();
  await expect(
    secureFrame(page).getByText(`${DAPP_HOST} wants you to sign in with your Ethereum account:`),
  ).toBeVisible();
  await approveInSecureFrame(page);

  await expect(widget(page).getByRole('dialog')).toBeHidden();
  await expect(dapp(page, 'dapp-siwx')).toHaveText('signed in');
  await expect(dapp(page, 'dapp-siwx-account')).toHaveText(`eip155:31337:${address}`);
  await expect(dapp(page, 'dapp-siwx-domain')).toHaveText(DAPP_HOST);
  const sent = (await verify).postDataJSON() as { message: string };
  expect(sent.message.split('\n')[0]).toBe(`${DAPP_HOST} wants you to sign in with your Ethereum account:`);

  await page.getByRole('button', { name: 'Verify session on server' }).click();
  await expect(dapp(page, 'dapp-siwx-server')).toHaveText('valid');

  // A reload restores the embedded wallet without a code and keeps the session.
  await page.reload();
  await expect(dapp(page, 'dapp-account')).toHaveText(address);
  await expect(dapp(page, 'dapp-siwx')).toHaveText('signed in');
  await expect(widget(page).getByRole('dialog')).toBeHidden();
});

test('required: closing the secure frame’s approval does not skip sign-in; rejecting it shows the error', async ({
  page,
}) => {
  await page.goto(`${urls.dapp}/?siwx=1&siwxRequired=1`);
  const address = await emailLogin(page, freshEmail('siwx-req'));
  await expect(modal(page, 'Sign In')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(modal(page, 'Sign Message')).toBeVisible();
  // Close / Escape on the approval: the modal stays, the sign-in is still pending.
  await widget(page).getByRole('button', { name: 'Close' }).click();
  await page.keyboard.press('Escape');
  await expect(modal(page, 'Sign Message')).toBeVisible();
  await expect(dapp(page, 'dapp-siwx')).toHaveText('none');
  // Reject in the secure frame: back on SIWXSignMessage with the error, still connected.
  await secureFrame(page).getByRole('button', { name: 'Reject' }).click();
  await expect(modal(page, 'Sign In')).toBeVisible();
  await expect(widget(page).getByRole('alert')).toHaveText('Error signing message');
  await expect(dapp(page, 'dapp-account')).toHaveText(address);
  await expect(dapp(page, 'dapp-siwx')).toHaveText('none');
});

import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import {
  advanceApiClock,
  approveInSecureFrame,
  emailLogin,
  freshEmail,
  inbox,
  lastMessageId,
  typeCode,
  waitForCode,
} from './support/emailLogin';
import { DAPP_PROMPT, closeModal, dapp, modal, shortAddress, showAccount, widget } from './support/widget';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';

// The secure frame is a third-party frame (origin C inside B inside the dapp): it keeps its
// device keys in IndexedDB, which Chromium gives it only with storage partitioning on (as
// browsers ship it; Playwright's default flags deny third-party storage instead).
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

test('email login: the code from the inbox connects an embedded wallet; sign, reload without a code, sign out', async ({
  page,
}) => {
  const email = freshEmail('login');
  await page.goto(DAPP_PROMPT);
  const address = await emailLogin(page, email);
  await expect(dapp(page, 'dapp-chain')).toHaveText('31337');

  // Account: the address, the balance (a new wallet: zero) and the email of the login.
  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(address));
  await expect(widget(page).getByTestId('account-email')).toHaveText(email);
  await expect(widget(page).getByTestId('account-balance')).toHaveText('0.000 ETH');
  await closeModal(page);

  // personal_sign: the secure frame shows its own approval; the dapp verifies the signature (viem verifyMessage).
  await page.getByRole('button', { name: 'Sign message' }).click();
  await approveInSecureFrame(page);
  await expect(dapp(page, 'dapp-signature')).toHaveText('valid');
  await expect(modal(page, 'Approve Transaction')).toBeHidden();

  // Reload: the session comes back without a new code.
  const mails = (await inbox(email)).length;
  await page.reload();
  await expect(dapp(page, 'dapp-account')).toHaveText(address);
  expect((await inbox(email)).length).toBe(mails);

  // Sign out: disconnected, and a reload does not bring it back.
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Disconnect' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  await page.reload();
  await expect(dapp(page, 'dapp-status')).toHaveText('disconnected');
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
});

test('after a sign-out the email field is empty and the next login on this computer asks for a code', async ({
  page,
}) => {
  const email = freshEmail('signout');
  await page.goto(DAPP_PROMPT);
  const address = await emailLogin(page, email);
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Disconnect' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  await openConnect(page);
  await expect(widget(page).getByPlaceholder('Email')).toHaveValue('');

  // The device is known, yet after the sign-out the address is proved again with a mailed code
  // (a shared computer: docs/embedded-wallet.md "The login rule").
  await advanceApiClock(31_000); // past the 30 s cool-down of the first code
  const lastId = await lastMessageId(email);
  await widget(page).getByPlaceholder('Email').fill(email);
  await widget(page).getByRole('button', { name: 'Continue' }).click();
  await expect(modal(page, 'Confirm Email')).toBeVisible();
  const { code } = await waitForCode(email, lastId);
  await typeCode(page, code);
  await expect(dapp(page, 'dapp-account')).toHaveText(address);
});

/** Opens Connect from the dapp's Connect button. */
async function openConnect(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
}

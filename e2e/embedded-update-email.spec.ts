import { expect, test } from './support/test';
import { emailLogin, freshEmail, lastMessageId, typeCode, waitForCode } from './support/emailLogin';
import { DAPP_PROMPT, modal, showAccount, widget } from './support/widget';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';

// The secure frame is a third-party frame (origin C inside B inside the dapp): it keeps its
// device keys in IndexedDB, which Chromium gives it only with storage partitioning on (as
// browsers ship it; Playwright's default flags deny third-party storage instead).
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

test('update the email: a code to the current address, then one to the new; the account shows the new email', async ({
  page,
}) => {
  const email = freshEmail('old');
  const next = freshEmail('new');
  await page.goto(DAPP_PROMPT);
  await emailLogin(page, email);
  const seen = await lastMessageId(email);

  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Edit email' }).click();
  await expect(modal(page, 'Edit Email')).toBeVisible();
  await widget(page).getByLabel('New email').fill(next);
  await widget(page).getByRole('button', { name: 'Save' }).click();

  await expect(widget(page).getByTestId('update-email-primary')).toBeVisible();
  await typeCode(page, (await waitForCode(email, seen)).code);
  await expect(widget(page).getByTestId('update-email-secondary')).toBeVisible();
  await typeCode(page, (await waitForCode(next)).code);

  await expect(modal(page, 'Account')).toBeVisible();
  await expect(widget(page).getByTestId('account-email')).toHaveText(next);
});

test('Resend code on Edit Email: after the cool-down a fresh code goes to the current address, and it works', async ({
  page,
}) => {
  const email = freshEmail('resend');
  const next = freshEmail('resendnew');
  await page.goto(DAPP_PROMPT);
  await emailLogin(page, email);
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Edit email' }).click();
  await widget(page).getByLabel('New email').fill(next);
  const seen = await lastMessageId(email);
  await widget(page).getByRole('button', { name: 'Save' }).click();
  await expect(widget(page).getByTestId('update-email-primary'), 'Save has sent the first code').toBeVisible();
  const first = await waitForCode(email, seen);
  // The 30 s cool-down shows as a countdown, then the button sends a new code.
  await expect(widget(page).getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
  const resend = widget(page).getByRole('button', { name: 'Resend code', exact: true });
  await expect(resend).toBeEnabled({ timeout: 40_000 });
  await resend.click();
  // The frame has the API's answer once the cool-down starts again: only then is the code typed.
  await expect(widget(page).getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
  await expect(widget(page).getByTestId('update-email-error'), 'the resend was refused').toHaveCount(0);
  const second = await waitForCode(email, first.id);
  expect(second.id).toBeGreaterThan(first.id);
  await typeCode(page, second.code);
  // Either step 2 or the refusal's words, so a failure says which.
  const secondary = widget(page).getByTestId('update-email-secondary');
  await expect(secondary.or(widget(page).getByTestId('update-email-error'))).toBeVisible();
  await expect(widget(page).getByTestId('update-email-error'), 'the fresh code was refused').toHaveCount(0);
  await expect(secondary).toBeVisible();
  await typeCode(page, (await waitForCode(next)).code);
  await expect(widget(page).getByTestId('account-email')).toHaveText(next);
});

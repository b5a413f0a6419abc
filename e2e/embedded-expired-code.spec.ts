import { expect, test } from './support/test';
import { advanceApiClock, freshEmail, startEmailLogin, typeCode, waitForCode } from './support/emailLogin';
import { ADDRESS, DAPP_PROMPT, dapp, modal, widget } from './support/widget';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';

// The secure frame keeps its device keys in IndexedDB as a third-party frame: storage partitioning on.
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

/** The frame's wait before Resend code, ms (spec §5: not within 30 s of the last code). */
const RESEND_COOLDOWN_MS = 30_000;

test('a code typed after its 10 minutes says it expired; Resend mails a new code that connects', async ({ page }) => {
  // The frame's 30 s Resend cool-down runs on the browser's clock. Playwright's clock, installed
  // before the page loads, drives Date and the timers of every frame of the page (the frame and the
  // secure frame on their own origins too) and flows in real time. It starts 30 s behind the real
  // time and catches up below, which ends the cool-down without waiting for it: behind, not ahead,
  // since the API checks the secure frame's DPoP proofs against the real time (up to 60 s old, 5 s early).
  await page.clock.install({ time: Date.now() - RESEND_COOLDOWN_MS });
  const email = freshEmail('expired');
  await page.goto(DAPP_PROMPT);
  await startEmailLogin(page, email);
  const first = await waitForCode(email);

  await advanceApiClock(11 * 60_000);
  await typeCode(page, first.code);
  await expect(widget(page).getByTestId('email-login-error')).toHaveText('Code expired. Request a new code');
  await expect(modal(page, 'Confirm Email')).toBeVisible();
  await expect(widget(page).getByTestId('email-login-address')).toHaveText(email);
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');

  // Still inside the cool-down: Resend counts down, disabled.
  await expect(widget(page).getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
  // The browser's time catches up with the real one, 30 s on: the cool-down is over (the frames'
  // other timers do not fire early).
  await page.clock.setSystemTime(Date.now());
  const resend = widget(page).getByRole('button', { name: 'Resend code', exact: true });
  await expect(resend).toBeEnabled();
  await resend.click();
  const second = await waitForCode(email, first.id);
  expect(second.code).toMatch(/^\d{6}$/);
  await typeCode(page, second.code);
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS, { timeout: 30_000 });
  await expect(modal(page, 'Confirm Email')).toBeHidden();
});

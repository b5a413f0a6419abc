import { expect, test } from './support/test';
import {
  approveInSecureFrame,
  emailLogin,
  freshEmail,
  fund,
  rejectInSecureFrame,
  secureFrame,
} from './support/emailLogin';
import { DAPP_PROMPT, closeModal, dapp, modal, showAccount, widget, widgetBalance } from './support/widget';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';

// The secure frame is a third-party frame (origin C inside B inside the dapp): it keeps its
// device keys in IndexedDB, which Chromium gives it only with storage partitioning on (as
// browsers ship it; Playwright's default flags deny third-party storage instead).
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

test('send ETH from the embedded wallet: approved in the secure frame, mined, balance drops', async ({ page }) => {
  await page.goto(DAPP_PROMPT);
  const address = await emailLogin(page, freshEmail('send'));
  await fund(address);
  // A reload restores the session (no code) and reads the funded balance.
  await page.reload();
  await expect(dapp(page, 'dapp-account')).toHaveText(address);
  await showAccount(page);
  await expect(widget(page).getByTestId('account-balance')).toHaveText('1.000 ETH');
  await closeModal(page);

  await page.getByRole('button', { name: 'Send 0.01 ETH' }).click();
  await expect(modal(page, 'Approve Transaction')).toBeVisible();
  await approveInSecureFrame(page);
  await expect(dapp(page, 'dapp-tx')).toHaveText('success');
  await showAccount(page);
  await expect.poll(() => widgetBalance(page)).toBeLessThanOrEqual(0.99);
});

test('rejecting in the secure frame, or closing the modal on the approval, answers the dapp 4001', async ({ page }) => {
  await page.goto(DAPP_PROMPT);
  const address = await emailLogin(page, freshEmail('reject'));

  await page.getByRole('button', { name: 'Sign message' }).click();
  // Titled by what is asked: a message signature is not a transaction (widget dialog and C's screen).
  await expect(modal(page, 'Sign Message')).toBeVisible();
  await expect(modal(page, 'Approve Transaction')).toBeHidden();
  await expect(secureFrame(page).getByTestId('approval-title')).toHaveText('Sign a message');
  await rejectInSecureFrame(page);
  await expect(dapp(page, 'dapp-error')).toHaveText(/^4001\b/);
  await expect(modal(page, 'Sign Message')).toBeHidden();

  // Typed data (EIP-712) through the dapp's provider: "Sign Typed Data"; rejected too.
  const typed = page.evaluate(
    ([from]) =>
      (
        window as unknown as {
          __airlockDemoWidget: { getProvider(ns: 'eip155'): { request(a: unknown): Promise<unknown> } };
        }
      ).__airlockDemoWidget
        .getProvider('eip155')
        .request({
          method: 'eth_signTypedData_v4',
          params: [
            from,
            JSON.stringify({
              types: {
                EIP712Domain: [{ name: 'name', type: 'string' }],
                Mail: [{ name: 'contents', type: 'string' }],
              },
              primaryType: 'Mail',
              domain: { name: 'Airlock e2e' },
              message: { contents: 'Hello' },
            }),
          ],
        })
        .then(
          () => 'signed',
          (error: { code?: number }) => String(error.code),
        ),
    [address],
  );
  await expect(modal(page, 'Sign Typed Data')).toBeVisible();
  await expect(secureFrame(page).getByTestId('approval-title')).toHaveText('Sign typed data');
  await rejectInSecureFrame(page);
  expect(await typed).toBe('4001');

  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(modal(page, 'Sign Message')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Close' }).click();
  await expect(dapp(page, 'dapp-error')).toHaveText(/^4001\b.*Request was aborted/);
  // The secure frame's iframe is hidden again: nothing of the approval stays over the page.
  await expect(widget(page).locator('iframe[data-testid="secure-frame"]')).toBeHidden();
});

test('switching the network from the Account view switches the embedded wallet', async ({ page }) => {
  await page.goto(DAPP_PROMPT);
  await emailLogin(page, freshEmail('switch'));
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Anvil B' }).click();
  await expect(dapp(page, 'dapp-chain')).toHaveText('31338');
  await expect(widget(page).getByTestId('account-network')).toHaveText('Anvil B');
});

import type { Page } from '@playwright/test';
import { expect, test, urls } from './support/test';
import { ADDRESS, DAPP_PROMPT, dapp, modal, showAccount, widget } from './support/widget';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';

// Sign In With Farcaster into the embedded wallet, against the offline relay stand-in
// (apps/farcaster-relay) and the dev IdRegistry on anvil A: the widget shows the channel's QR
// code and link, a second page plays the Farcaster app and approves with the dev custody key,
// the API verifies the signed message and the fid's wallet connects.

// The secure frame keeps its device keys in IndexedDB as a third-party frame: partitioned storage on.
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });
test.describe.configure({ mode: 'serial' });

/** Opens the widget on ConnectingFarcaster (the dapp's `open({ view })`) and answers the channel URL it shows. */
async function openFarcaster(page: Page): Promise<void> {
  await expect(dapp(page, 'dapp-status')).not.toHaveText('loading');
  await page.evaluate(() => {
    const widget = (window as unknown as { __airlockDemoWidget: { open: (o: object) => Promise<unknown> } })
      .__airlockDemoWidget;
    void widget.open({ view: 'ConnectingFarcaster' }).catch(() => {});
  });
  await expect(modal(page, 'Sign in with Farcaster')).toBeVisible();
}

/** Switches the relay stand-in off or on (its e2e-only switch). */
async function relay(state: 'down' | 'up'): Promise<void> {
  const response = await fetch(`${urls.farcaster}/__dev/${state}`, { method: 'POST' });
  expect(response.status).toBe(204);
}

test('Farcaster: the QR link approved in the Farcaster app connects the fid wallet; the same address after a reload', async ({
  page,
  context,
}) => {
  await page.goto(DAPP_PROMPT);
  await openFarcaster(page);
  const frame = widget(page);
  await expect(frame.getByRole('img', { name: 'Farcaster QR code' })).toBeVisible();
  await expect(frame.getByText('Waiting for approval in Farcaster')).toBeVisible();
  const url = (await frame.getByTestId('farcaster-url').textContent())!;
  expect(url).toMatch(new RegExp(`^${urls.farcaster}/~/siwf\\?channelToken=`));
  await expect(frame.getByRole('link', { name: 'Open Farcaster' })).toHaveAttribute('href', url);

  // The Farcaster app (a second page) shows who asks and approves with the dev account.
  const app = await context.newPage();
  await app.goto(url);
  await expect(app.getByText('@airlock-dev (fid 1001)')).toBeVisible();
  await app.getByRole('button', { name: 'Approve' }).click();
  await expect(app.getByRole('status')).toContainText('Signed in to');
  await app.close();

  // Connected: the modal closes, the dapp has the account, Account shows the Farcaster username.
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS, { timeout: 30_000 });
  const address = (await dapp(page, 'dapp-account').textContent())!;
  await showAccount(page);
  await expect(frame.getByTestId('account-username')).toHaveText('@airlock-dev');
  await expect(frame.getByTestId('account-email')).toHaveCount(0);

  // Reload: the session and the same wallet come back without a new approval.
  await page.reload();
  await expect(dapp(page, 'dapp-account')).toHaveText(address);
  await showAccount(page);
  await expect(frame.getByTestId('account-username')).toHaveText('@airlock-dev');
});

test("Farcaster: with the relay down the view says 'Failed to connect to farcaster'; Try again works once it is back", async ({
  page,
}) => {
  await page.goto(DAPP_PROMPT);
  await relay('down');
  try {
    await openFarcaster(page);
    const frame = widget(page);
    await expect(frame.getByRole('alert')).toHaveText('Failed to connect to farcaster');
    await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  } finally {
    await relay('up');
  }
  await widget(page).getByRole('button', { name: 'Try again' }).click();
  await expect(widget(page).getByRole('img', { name: 'Farcaster QR code' })).toBeVisible();
});

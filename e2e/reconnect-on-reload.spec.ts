import { expect, test } from './support/test';
import {
  DAPP_AUTO_APPROVE,
  DAPP_PROMPT,
  connectDevWallet,
  dapp,
  shortAddress,
  showAccount,
  widget,
} from './support/widget';

test('a reload restores the connection without asking the wallet again', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  const address = await connectDevWallet(page);
  // The wallet as the dapp sees it (spec §3 connectedWalletInfo): the same rdns after the reload.
  const rdns = () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            __airlockDemoWidget: { getState(): { connectedWalletInfo?: { rdns?: string } | null } | undefined };
          }
        ).__airlockDemoWidget.getState()?.connectedWalletInfo?.rdns ?? null,
    );
  await expect.poll(rdns).toBe('dev.airlock.wallet');

  // Reload without autoApprove: any prompt would show the Dev Wallet panel.
  await page.goto(DAPP_PROMPT);
  await expect(dapp(page, 'dapp-account')).toHaveText(address);
  await expect(page.getByRole('dialog', { name: 'Dev Wallet request' })).toHaveCount(0);
  await expect.poll(rdns).toBe('dev.airlock.wallet');

  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(address));
  await expect(page.getByRole('dialog', { name: 'Dev Wallet request' })).toHaveCount(0);
});

test("with the dapp's enableReconnect: false a reload disconnects the remembered wallet instead (spec §4)", async ({
  page,
}) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  // eth_accounts is answered once the frame has finished its start (the reconnect, or not).
  const accounts = () =>
    page.evaluate(() =>
      (
        window as unknown as {
          __airlockDemoWidget: { getProvider(ns: 'eip155'): { request(a: { method: string }): Promise<unknown> } };
        }
      ).__airlockDemoWidget
        .getProvider('eip155')
        .request({ method: 'eth_accounts' }),
    );

  // The same page with `enableReconnect: false`: nothing reconnects.
  await page.goto(`${DAPP_PROMPT}?reconnect=0`);
  expect(await accounts()).toEqual([]);
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');

  // Forgotten: the next load, reconnect on, has nothing to restore.
  await page.goto(DAPP_PROMPT);
  expect(await accounts()).toEqual([]);
  await expect(dapp(page, 'dapp-status')).toHaveText('disconnected');
  // Ended as a disconnect ends it: the Dev Wallet withdrew the page's permission, so it asks again.
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
  await expect(page.getByRole('dialog', { name: 'Dev Wallet request' })).toBeVisible();
});

import { expect, test } from './support/test';
import {
  DAPP_AUTO_APPROVE,
  closeModal,
  connectDevWallet,
  dapp,
  dappEvent,
  modal,
  showAccount,
  widget,
} from './support/widget';

test('the dapp switches to chain 31338 and back with its Network select', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await closeModal(page);
  const network = page.getByRole('combobox', { name: 'Network' });

  await network.selectOption('eip155:31338');
  await expect(dapp(page, 'dapp-chain')).toHaveText('31338');
  await expect(dappEvent(page, 'chainChanged 0x7a6a')).not.toHaveCount(0);

  await network.selectOption('eip155:31337');
  await expect(dapp(page, 'dapp-chain')).toHaveText('31337');
  await expect(dappEvent(page, 'chainChanged 0x7a69')).not.toHaveCount(0);

  // The widget follows: its Account view names the active network.
  await showAccount(page);
  await expect(widget(page).getByTestId('account-network')).toHaveText('Anvil A');
});

test("the visitor switches networks in the widget's Networks view", async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);

  for (const [name, chainId, hex] of [
    ['Anvil B', '31338', '0x7a6a'],
    ['Anvil A', '31337', '0x7a69'],
  ] as const) {
    await showAccount(page);
    await widget(page).getByRole('button', { name: 'Switch network' }).click();
    await expect(modal(page, 'Select network')).toBeVisible();
    await widget(page).getByRole('button', { name, exact: true }).click();

    await expect(dapp(page, 'dapp-chain')).toHaveText(chainId);
    await expect(dappEvent(page, `chainChanged ${hex}`)).not.toHaveCount(0);
    await showAccount(page);
    await expect(widget(page).getByTestId('account-network')).toHaveText(name);
  }
});

test('while disconnected, a network picked in the widget is confirmed on SwitchNetwork first (spec §2)', async ({
  page,
}) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await expect(dapp(page, 'dapp-chain')).toHaveText('31337');
  await page.evaluate(() => {
    const w = (window as unknown as { __airlockDemoWidget: { open(o: { view: string }): Promise<unknown> } })
      .__airlockDemoWidget;
    void w.open({ view: 'Networks' });
  });
  await widget(page).getByRole('button', { name: 'Anvil B', exact: true }).click();
  // Nothing switched yet: the visitor confirms.
  const confirm = modal(page, 'Anvil B').getByRole('button', { name: 'Switch to Anvil B' });
  await expect(confirm).toBeVisible();
  await expect(dapp(page, 'dapp-chain')).toHaveText('31337');
  await confirm.click();
  await expect(dapp(page, 'dapp-chain')).toHaveText('31338');
  await expect(modal(page, 'Select network')).toBeVisible();
});

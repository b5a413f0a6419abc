import { expect, test } from './support/test';
import {
  DAPP_AUTO_APPROVE,
  connectDevWallet,
  dapp,
  dappEvent,
  shortAddress,
  showAccount,
  widget,
  widgetBalance,
} from './support/widget';

test('connecting the Dev Wallet through the widget shows the account in the widget and the dapp', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');

  const address = await connectDevWallet(page);

  // The dapp got the EIP-1193 events of a fresh connection on chain A (31337 = 0x7a69).
  await expect(dappEvent(page, 'connect 0x7a69')).not.toHaveCount(0);
  await expect(dappEvent(page, `accountsChanged ${address}`)).not.toHaveCount(0);
  await expect(dapp(page, 'dapp-chain')).toHaveText('31337');

  // The widget shows the same account, its network and its balance.
  await showAccount(page);
  const frame = widget(page);
  await expect(frame.getByTestId('account-address')).toHaveText(shortAddress(address));
  await expect(frame.getByTestId('account-network')).toHaveText('Anvil A');
  expect(await widgetBalance(page)).toBeGreaterThan(0);
});

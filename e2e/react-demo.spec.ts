import { solanaLocalNetwork } from '../scripts/ports.mjs';
import { expect, test, urls } from './support/test';
import { ADDRESS, DAPP_AUTO_APPROVE, modal, widget } from './support/widget';

// The demo's second page, react.html: React with @airlock/react for the widget's state and wagmi
// with the @airlock/wagmi connector for the actions; the in-page Dev Wallet approves everything.
test('the React + wagmi demo page, linked from the plain one, connects, signs, switches chain and disconnects', async ({
  page,
}) => {
  const text = (id: string) => page.getByTestId(id);
  await page.goto(DAPP_AUTO_APPROVE);
  const link = page.getByRole('link', { name: 'React + wagmi' });
  await expect(link).toHaveAttribute('href', '/react.html');

  await page.goto(`${urls.dapp}/react.html?autoApprove=1`);
  await expect(text('react-status')).toHaveText('disconnected');
  // useNetwork follows the widget's namespace: on Solana Local `solana` and the CAIP-2 reference
  // (a string), back on Anvil A `eip155` and the number.
  await expect(text('react-network')).toHaveText('eip155 31337');
  await page.getByLabel('Widget network').selectOption({ label: 'Solana Local' });
  await expect(text('react-network')).toHaveText(`solana ${solanaLocalNetwork('').id}`);
  await page.getByLabel('Widget network').selectOption({ label: 'Anvil A' });
  await expect(text('react-network')).toHaveText('eip155 31337');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
  // The same account in the widget's state (@airlock/react) and in wagmi's connection.
  await expect(text('react-status')).toHaveText('connected');
  await expect(text('react-account')).toHaveText(ADDRESS);
  const address = (await text('react-account').textContent())!;
  await expect(text('wagmi-account')).toHaveText(address);
  await expect(text('wagmi-chain')).toHaveText('31337');

  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(text('react-signature')).toHaveText('valid');

  await page.getByLabel('Network', { exact: true }).selectOption({ label: 'Anvil B' });
  await expect(text('wagmi-chain')).toHaveText('31338');

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(text('react-status')).toHaveText('disconnected');
  await expect(text('wagmi-account')).toHaveText('Not connected');
  await expect(text('react-error')).toHaveText('');
});

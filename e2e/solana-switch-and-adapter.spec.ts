import { expect, test, urls } from './support/test';
import { SOLANA_ACCOUNT } from './support/solana';
import { DAPP_AUTO_APPROVE, connectDevWallet, dapp, modal, showAccount, widget } from './support/widget';

test('eip155 → solana without a Solana account: SwitchActiveChain, then a Solana wallet; and back', async ({
  page,
}) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);

  // The Dev Wallet (EIP-6963) has no solana account: switching to Solana Local asks for another wallet.
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Solana Local', exact: true }).click();
  const switching = modal(page, 'Switch network');
  await expect(switching.getByTestId('switch-active-chain')).toHaveText(
    'Dev Wallet has no account on Solana Local. Connect a wallet that supports Solana Local to switch.',
  );
  await switching.getByRole('button', { name: 'Connect a wallet' }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  await widget(page).getByRole('button', { name: 'Dev Solana Wallet' }).click();
  await expect(dapp(page, 'dapp-solana-account')).toHaveText(SOLANA_ACCOUNT);
  await showAccount(page);
  await expect(widget(page).getByTestId('account-network')).toHaveText('Solana Local');

  // And back: the Solana wallet has no eip155 account.
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Anvil A', exact: true }).click();
  await expect(modal(page, 'Switch network').getByTestId('switch-active-chain')).toContainText(
    'Dev Solana Wallet has no account on Anvil A',
  );
  await modal(page, 'Switch network').getByRole('button', { name: 'Connect a wallet' }).click();
  await widget(page).getByRole('button', { name: 'Dev Wallet', exact: true }).click();
  await expect(dapp(page, 'dapp-account')).not.toHaveText('Not connected');
  await expect(dapp(page, 'dapp-solana-account')).toHaveText('Not connected');
  await expect(dapp(page, 'dapp-chain')).toHaveText('31337');
});

test('a dapp on @solana/wallet-adapter finds Airlock through the Wallet Standard and signs through it', async ({
  page,
}) => {
  await page.goto(`${urls.dapp}/solana-adapter.html?autoApprove=1`);
  const found = dapp(page, 'adapter-wallets');
  await expect(found.getByText('Airlock', { exact: true })).toBeVisible();
  await expect(found.getByText('Dev Solana Wallet', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Connect Airlock' }).click();
  const connect = modal(page, 'Connect Wallet');
  // Airlock bridges the page's wallets but never lists itself.
  await expect(connect.getByRole('button', { name: 'Dev Solana Wallet' })).toBeVisible();
  await expect(connect.getByRole('button', { name: 'Airlock', exact: true })).toHaveCount(0);
  await connect.getByRole('button', { name: 'Dev Solana Wallet' }).click();
  await expect(dapp(page, 'adapter-account')).toHaveText(SOLANA_ACCOUNT);

  await page.getByRole('button', { name: 'Sign with the adapter' }).click();
  await expect(dapp(page, 'adapter-signature')).toHaveText('valid');
});

test('open({ namespace: "solana" }) switches to the Solana network first, then shows Connect for its wallets (spec §2)', async ({
  page,
}) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await expect(dapp(page, 'dapp-chain')).toHaveText('31337');
  const state = () =>
    page.evaluate(() => {
      const w = (window as unknown as { __airlockDemoWidget: { getState(): { chainNamespace?: string } | null } })
        .__airlockDemoWidget;
      return w.getState()?.chainNamespace ?? null;
    });
  expect(await state()).toBe('eip155');
  await page.evaluate(() => {
    const w = (window as unknown as { __airlockDemoWidget: { open(o: { namespace: string }): Promise<unknown> } })
      .__airlockDemoWidget;
    void w.open({ namespace: 'solana' });
  });
  const connect = modal(page, 'Connect Wallet');
  await expect(connect.getByRole('button', { name: 'Dev Solana Wallet' })).toBeVisible();
  // Connect lists the Solana namespace's wallets only: the EVM Dev Wallet is not offered.
  await expect(connect.getByRole('button', { name: 'Dev Wallet', exact: true })).toHaveCount(0);
  await expect.poll(state).toBe('solana');
  await connect.getByRole('button', { name: 'Dev Solana Wallet' }).click();
  await expect(dapp(page, 'dapp-solana-account')).toHaveText(SOLANA_ACCOUNT);
});

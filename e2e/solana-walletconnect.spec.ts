import { DEV_ACCOUNT_0 } from '../scripts/ports.mjs';
import { expect, test } from './support/test';
import { answerRequest, connectWithWalletConnect } from './support/walletconnect';
import { DAPP_PROMPT, closeModal, dapp, modal, shortAddress, showAccount, widget } from './support/widget';

/** The WalletConnect Dev Wallet's solana account: local Solana dev account 1. */
const WC_SOLANA_ACCOUNT = 'FJZ7dFgVMGKn51uaoEMx8FsYSMcJ14MT3A5qVer8aK78';

test('a WalletConnect session with eip155 and solana accounts: switch to Solana Local, sign, switch back', async ({
  page,
  context,
}) => {
  await page.goto(DAPP_PROMPT);
  const { wallet } = await connectWithWalletConnect(page, context);
  expect(await dapp(page, 'dapp-account').textContent()).toBe(DEV_ACCOUNT_0);

  // The session has a solana account: the switch needs no other wallet (no SwitchActiveChain).
  await page.bringToFront();
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Solana Local', exact: true }).click();
  await expect(dapp(page, 'dapp-solana-account')).toHaveText(WC_SOLANA_ACCOUNT);
  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(WC_SOLANA_ACCOUNT));
  await expect(widget(page).getByTestId('account-network')).toHaveText('Solana Local');

  await closeModal(page);
  await page.getByRole('button', { name: 'Sign Solana message' }).click();
  await answerRequest(wallet, 'Approve');
  await expect(dapp(page, 'dapp-solana-signature')).toHaveText('valid');

  await page.bringToFront();
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Anvil A', exact: true }).click();
  await expect(modal(page, 'Account')).toBeVisible();
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(DEV_ACCOUNT_0));
  await expect(dapp(page, 'dapp-account')).toHaveText(DEV_ACCOUNT_0);
});

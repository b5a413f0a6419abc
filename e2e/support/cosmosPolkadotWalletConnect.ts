import type { BrowserContext, Page } from '@playwright/test';
import { expect, urls } from './test';
import { openDevWallet, pairAndApprove, readPairingUri } from './walletconnect';
import { ADDRESS, dapp, shortAddress, showAccount, widget } from './widget';

/** Steps shared by the Cosmos and Polkadot WalletConnect specs (the local relay, the WalletConnect Dev Wallet). */

/**
 * Loads the demo with the local Cosmos and Polkadot networks, pairs the WalletConnect Dev Wallet
 * (the session starts on eip155), then switches to `network` from the Account view (the session has
 * an account there: no other wallet) and waits for `address` in the Account view. Resolves with the
 * Dev Wallet's page.
 */
export async function connectOverWalletConnect(
  page: Page,
  context: BrowserContext,
  network: 'Cosmos Local' | 'Polkadot Local',
  address: string,
): Promise<Page> {
  await page.goto(`${urls.dapp}/?cosmos=1&polkadot=1`);
  const wallet = await openDevWallet(context);
  await pairAndApprove(wallet, await readPairingUri(page));
  await page.bringToFront();
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS);
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: network, exact: true }).click();
  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(address));
  await expect(widget(page).getByTestId('account-network')).toHaveText(network);
  return wallet;
}

/**
 * After a reload the session is restored on `network` with `address` (the Account view shows them,
 * then the provider answers `read`).
 */
export async function expectRestored(
  page: Page,
  network: 'Cosmos Local' | 'Polkadot Local',
  address: string,
  read: () => Promise<unknown>,
) {
  await page.reload();
  // Once restored (no wallet asked), the widget opens on the Account view of the same network and address.
  await expect(async () => {
    await showAccount(page);
    await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(address), { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(widget(page).getByTestId('account-network')).toHaveText(network);
  await expect.poll(read).toBeTruthy();
}

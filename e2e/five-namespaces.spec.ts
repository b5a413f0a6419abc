import type { Page } from '@playwright/test';
import { ALICE, COSMOS_0 } from './support/cosmosPolkadot';
import { SOLANA_ACCOUNT } from './support/solana';
import { expect, test, urls } from './support/test';
import { ADDRESS, connectDevWallet, dapp, modal, showAccount, widget } from './support/widget';

/**
 * Multi-wallet across the five chain namespaces (spec §1, §6): on one demo page, the Dev Wallet
 * (eip155), the Dev Solana Wallet, the Dev Bitcoin Wallet (bip122), the Dev Keplr Wallet (cosmos)
 * and the Dev Polkadot extension connected at once, each its namespace's active connection; the
 * widget shows each again when the visitor picks a network of its namespace (no prompt, no second
 * connect), and a reload restores all five.
 */

const PAGE = `${urls.dapp}/?autoApprove=1&multiWallet=1&bitcoin=1&cosmos=1&polkadot=1`;
/** Regtest dev account 0's payment address, the Dev Bitcoin Wallet's (apps/bitcoin-esplora/README.md). */
const PAYMENT = 'bcrt1qt3snut5dqmen4ja6msewes2vym9qmg3kqpswjr';

type Listed = { connectorId: string; name: string; active: boolean; accounts: { address: string }[] };

/** `getConnections(namespace)` as `[name, active, first address]` rows. */
const listed = (page: Page, namespace: string) =>
  page
    .evaluate((ns) => (window as any).__airlockDemoWidget.getConnections(ns) as Promise<Listed[]>, namespace)
    .then((list) => list.map((c) => [c.name, c.active, c.accounts[0]?.address]));

/** Account → Switch network → `network` → Connect a wallet → `wallet` (the page approves by itself). */
async function connectOn(page: Page, network: string, wallet: string): Promise<void> {
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: network, exact: true }).click();
  await modal(page, 'Switch network').getByRole('button', { name: 'Connect a wallet' }).click();
  await widget(page).getByRole('button', { name: wallet, exact: true }).click();
}

test('five namespaces connected at once, each with its own active connection; each shown again by its network, all five back after a reload', async ({
  page,
}) => {
  // Five connects, five network switches and a reload: longer than the default 60 s on a busy machine.
  test.setTimeout(180_000);
  // The project's remote configuration allows multi-wallet; the page turns it on (?multiWallet=1).
  await page.context().route(`${urls.api}/appkit/v1/config**`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { features?: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, features: { ...body.features, multiWallet: true } } });
  });
  await page.goto(PAGE);
  const evm = await connectDevWallet(page);
  expect(evm).toMatch(ADDRESS);
  await connectOn(page, 'Solana Local', 'Dev Solana Wallet');
  await expect.poll(() => listed(page, 'solana')).toEqual([['Dev Solana Wallet', true, SOLANA_ACCOUNT]]);
  await connectOn(page, 'Bitcoin Regtest', 'Dev Bitcoin Wallet');
  await expect.poll(() => listed(page, 'bip122')).toEqual([['Dev Bitcoin Wallet', true, PAYMENT]]);
  await connectOn(page, 'Cosmos Local', 'Keplr');
  await expect.poll(() => listed(page, 'cosmos')).toEqual([['Keplr', true, COSMOS_0]]);
  await connectOn(page, 'Polkadot Local', 'Dev Polkadot Extension');
  await expect.poll(() => listed(page, 'polkadot')).toEqual([['Dev Polkadot Extension', true, ALICE]]);

  // Every namespace keeps its own active connection: connecting the next one dropped none.
  const all = async () =>
    Promise.all(['eip155', 'solana', 'bip122', 'cosmos', 'polkadot'].map((ns) => listed(page, ns)));
  const five = [
    [['Dev Wallet', true, evm]],
    [['Dev Solana Wallet', true, SOLANA_ACCOUNT]],
    [['Dev Bitcoin Wallet', true, PAYMENT]],
    [['Keplr', true, COSMOS_0]],
    [['Dev Polkadot Extension', true, ALICE]],
  ];
  expect(await all()).toEqual(five);

  // A network of a connected namespace shows its wallet again, with no prompt and no connect.
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Anvil A', exact: true }).click();
  await expect(modal(page, 'Account')).toBeVisible();
  await expect(dapp(page, 'dapp-account')).toHaveText(evm);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Bitcoin Regtest', exact: true }).click();
  await expect(modal(page, 'Account')).toBeVisible();
  await expect(dapp(page, 'dapp-bitcoin-account')).toHaveText(PAYMENT);

  // A reload restores all five, each on its own namespace.
  await page.reload();
  await expect.poll(all, { timeout: 30_000 }).toEqual(five);
});

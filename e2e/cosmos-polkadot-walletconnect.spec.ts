import { stringToHex } from '@polkadot/util';
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { ALICE, BOB, CHAIN_ID, COSMOS_1, expectBankSend, pageDirectSigner, provider } from './support/cosmosPolkadot';
import { expect, test, urls } from './support/test';
import { answerRequest, openDevWallet, pairAndApprove, readPairingUri } from './support/walletconnect';
import { ADDRESS, dapp, shortAddress, showAccount, widget } from './support/widget';

/**
 * Cosmos and Polkadot over WalletConnect, in Chromium: the demo page with `?cosmos=1&polkadot=1`
 * pairs with the WalletConnect Dev Wallet (apps/dev-wallet) through the local relay; its session
 * carries a cosmos account (dev mnemonic account 1) and a polkadot one (//Bob) beside eip155, so the
 * widget switches to Cosmos Local or Polkadot Local without another wallet. The dapp's CosmJS
 * `SigningStargateClient` sends a bank send signed over WalletConnect (`cosmos_signDirect`, asked
 * in the Dev Wallet) that the LCD stand-in applies; a Polkadot `signRaw` (`polkadot_signMessage`)
 * verifies with @polkadot/util-crypto; a method the session did not grant is 4200.
 */

/**
 * Loads the demo with the local Cosmos and Polkadot networks, pairs the WalletConnect Dev Wallet
 * (the session starts on eip155), then switches to `network` from the Account view (the session has
 * an account there: no other wallet) and waits for `address` in the Account view. Resolves with the
 * Dev Wallet's page.
 */
async function connectOverWalletConnect(
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

test('WalletConnect cosmos: the session’s cosmos account; CosmJS’s bank send signed over WalletConnect is applied by the stand-in; signArbitrary is not granted (4200)', async ({
  page,
  context,
}) => {
  const wallet = await connectOverWalletConnect(page, context, 'Cosmos Local', COSMOS_1);
  // cosmos_getAccounts goes to the wallet (answered at once): the key CosmJS needs.
  const key = (await provider(page, 'cosmos', 'getKey', [CHAIN_ID])) as { bech32Address: string; pubKey: number[] };
  expect(key.bech32Address).toBe(COSMOS_1);

  const signer = pageDirectSigner(page, {
    via: 'widget',
    address: COSMOS_1,
    pubkey: Uint8Array.from(key.pubKey),
    approve: async () => {
      await expect(wallet.getByRole('dialog', { name: 'Request' })).toContainText('Sign a Cosmos transaction (direct)');
      await answerRequest(wallet, 'Approve');
    },
  });
  await expectBankSend(signer, COSMOS_1, 2345n);

  // ADR-036 has no WalletConnect method: the session did not grant it, the wallet is not asked.
  expect(await provider(page, 'cosmos', 'signArbitrary', [CHAIN_ID, COSMOS_1, 'Sign in'])).toEqual({ code: 4200 });
  await expect(wallet.getByRole('dialog', { name: 'Request' })).toBeHidden();
});

test('WalletConnect polkadot: the session’s //Bob; signRaw over WalletConnect verified by @polkadot/util-crypto; another account is 4100', async ({
  page,
  context,
}) => {
  const wallet = await connectOverWalletConnect(page, context, 'Polkadot Local', BOB);
  expect(await provider(page, 'polkadot', 'accounts.get', [])).toEqual([{ address: BOB }]);

  const data = stringToHex('Sign in to Airlock over WalletConnect');
  const signing = provider(page, 'polkadot', 'signer.signRaw', [{ address: BOB, data, type: 'bytes' }]);
  await expect(wallet.getByRole('dialog', { name: 'Request' })).toContainText('Sign a Polkadot message');
  await answerRequest(wallet, 'Approve');
  const { signature } = (await signing) as { signature: `0x${string}` };
  await cryptoWaitReady();
  expect(signatureVerify(data, signature, BOB).isValid).toBe(true);
  expect(signatureVerify(stringToHex('something else'), signature, BOB).isValid).toBe(false);

  // //Alice is not an account of the session: 4100, the wallet is not asked.
  expect(await provider(page, 'polkadot', 'signer.signRaw', [{ address: ALICE, data, type: 'bytes' }])).toEqual({
    code: 4100,
  });
});

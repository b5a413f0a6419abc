import { stringToHex } from '@polkadot/util';
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto';
import type { Page } from '@playwright/test';
import { DEV_ACCOUNT_0 } from '../scripts/ports.mjs';
import { ALICE, BOB, CHAIN_ID, COSMOS_1, expectBankSend, pageDirectSigner, provider } from './support/cosmosPolkadot';
import { connectOverWalletConnect } from './support/cosmosPolkadotWalletConnect';
import { expect, test } from './support/test';
import { answerRequest } from './support/walletconnect';
import { dapp, shortAddress, showAccount, widget } from './support/widget';

/**
 * Cosmos and Polkadot over WalletConnect, in Chromium: the demo page with `?cosmos=1&polkadot=1`
 * pairs with the WalletConnect Dev Wallet (apps/dev-wallet) through the local relay; its session
 * carries a cosmos account (dev mnemonic account 1) and a polkadot one (//Bob) beside eip155, so the
 * widget switches to Cosmos Local or Polkadot Local without another wallet. The dapp's CosmJS
 * `SigningStargateClient` sends a bank send signed over WalletConnect (`cosmos_signDirect`, asked
 * in the Dev Wallet) that the LCD stand-in applies; a Polkadot `signRaw` (`polkadot_signMessage`)
 * verifies with @polkadot/util-crypto; a method the session did not grant is 4200. As on the page
 * wallets' path (cosmos-polkadot.spec.ts): the Account view shows the stand-in's balance, a
 * rejection in the Dev Wallet reaches the dapp as 4001, the network switches to eip155 and back
 * within the one session (the reload: walletconnect-reload-cosmos-polkadot.spec.ts).
 */

/** From the Account view, switches to `network` (the session has an account there: no other wallet asked). */
async function switchNetwork(page: Page, network: string) {
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: network, exact: true }).click();
  await showAccount(page);
  await expect(widget(page).getByTestId('account-network')).toHaveText(network);
}

/** To Anvil A (the session's eip155 account reaches the dapp) and back to `network` (the same `address`), in the one session. */
async function switchToEip155AndBack(page: Page, network: 'Cosmos Local' | 'Polkadot Local', address: string) {
  await switchNetwork(page, 'Anvil A');
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(DEV_ACCOUNT_0));
  await expect(dapp(page, 'dapp-account')).toHaveText(DEV_ACCOUNT_0);
  await expect(dapp(page, 'dapp-chain')).toHaveText('31337');
  await switchNetwork(page, network);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(address));
}

test('WalletConnect cosmos: the session’s cosmos account; CosmJS’s bank send signed over WalletConnect is applied by the stand-in; signArbitrary is not granted (4200)', async ({
  page,
  context,
}) => {
  const wallet = await connectOverWalletConnect(page, context, 'Cosmos Local', COSMOS_1);
  await expect(widget(page).getByTestId('account-balance')).toHaveText(/^[1-9][\d,]*(\.\d+)? STAKE$/);
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

  // A rejection in the Dev Wallet reaches the dapp as 4001.
  const doc = { bodyBytes: [1], authInfoBytes: [2], chainId: CHAIN_ID, accountNumber: '7' };
  const refused = page.evaluate(
    async ({ doc, chainId, address }) => {
      const input = {
        ...doc,
        bodyBytes: Uint8Array.from(doc.bodyBytes),
        authInfoBytes: Uint8Array.from(doc.authInfoBytes),
        accountNumber: BigInt(doc.accountNumber),
      };
      const signer = (window as any).__airlockDemoWidget.getProvider('cosmos').getOfflineSigner(chainId);
      return signer.signDirect(address, input).then(
        () => 'signed',
        (error: { code?: number }) => error.code,
      );
    },
    { doc, chainId: CHAIN_ID, address: COSMOS_1 },
  );
  await expect(wallet.getByRole('dialog', { name: 'Request' })).toContainText('Sign a Cosmos transaction (direct)');
  await answerRequest(wallet, 'Reject');
  expect(await refused).toBe(4001);

  await page.bringToFront();
  await switchToEip155AndBack(page, 'Cosmos Local', COSMOS_1);
});

test('WalletConnect polkadot: the session’s //Bob; signRaw over WalletConnect verified by @polkadot/util-crypto; another account is 4100', async ({
  page,
  context,
}) => {
  const wallet = await connectOverWalletConnect(page, context, 'Polkadot Local', BOB);
  await expect(widget(page).getByTestId('account-balance')).toHaveText(/^[1-9][\d,]*(\.\d+)? UNIT$/);
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

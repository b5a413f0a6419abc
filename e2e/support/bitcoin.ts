import { secp256k1 } from '@noble/curves/secp256k1';
import type { Page } from '@playwright/test';
import { TEST_NETWORK, p2wpkh } from '@scure/btc-signer';
import { expect, urls } from './test';
import { dapp, modal, widget } from './widget';

// What the Bitcoin specs share: the dev accounts' addresses, the demo pages, the stand-in, the connect.

/** Regtest dev account 0's addresses, the Dev Bitcoin Wallet's (apps/bitcoin-esplora/README.md). */
export const PAYMENT = 'bcrt1qt3snut5dqmen4ja6msewes2vym9qmg3kqpswjr';
export const ORDINALS = 'bcrt1pwzmgzd0jvxj9zd4jevwjlw2cu553fk36vvyqlh7jazm52y54ezjqywl9tm';
/** Regtest dev account 2's addresses (apps/bitcoin-esplora/README.md): where 'Dev Bitcoin Wallet: switch account' goes. */
export const PAYMENT_2 = 'bcrt1q7s6m395n6gwff9rv04yemzw3cs3w9k7yuv4kzs';
export const ORDINALS_2 = 'bcrt1pal4thnht9700lkk25wdgm74ug4yhzj4alzcsks24xkezjpqyse5sppxxg5';
/** The demo's fixed message (apps/demo-dapp/src/bitcoinCard.ts). */
export const MESSAGE = 'Sign in to the Airlock demo dapp on Bitcoin.';

/** The demo page with the Bitcoin card, approving everything. */
export const AUTO = `${urls.dapp}/?autoApprove=1&bitcoin=1`;

/** A fresh regtest p2wpkh address (a random key): what it holds after a test is what the test sent. */
export const freshAddress = () =>
  p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey(), true), { ...TEST_NETWORK, bech32: 'bcrt' })
    .address!;

/** GET a path of the stack's regtest stand-in (Esplora API) as JSON. */
export const esplora = async <T>(path: string): Promise<T> =>
  (await (await fetch(`${urls.bitcoinEsplora}${path}`)).json()) as T;
/** The demo page with the Bitcoin card, the Dev Bitcoin Wallet asking the visitor. */
export const PROMPT = `${urls.dapp}/?bitcoin=1`;

/** Connects the Dev Bitcoin Wallet from the dapp's `Connect Bitcoin` (requestAccounts) and the Connect list. */
export async function connectDevBitcoinWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect Bitcoin' }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Dev Bitcoin Wallet' }).click();
  await expect(dapp(page, 'dapp-bitcoin-account')).toHaveText(PAYMENT);
}

import type { Page, Request } from '@playwright/test';
import { DEV_ACCOUNT_0 } from '../scripts/ports.mjs';
import { expect, test, urls } from './support/test';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import { answerRequest, openDevWallet, readPairingUri } from './support/walletconnect';
import { dapp, modal, widget } from './support/widget';

// Third-party storage partitioned, as Chromium ships: the frame keeps its sessions.
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

/**
 * Sign in with a wallet over WalletConnect (docs/siwx.md) with the WalletConnect Dev Wallet
 * through the real local relay: one-click authentication (`wc_sessionAuthenticate`, one
 * approval in the wallet), a wallet that rejects it, a verifier that refuses the CACAO, and a
 * wallet without one-click support (`?auth=0`) that falls back to connect then sign.
 */

const DAPP_HOST = new URL(urls.dapp).host;
// One-click sign-in needs a single eip155 namespace (spec §5): the demo without its Solana networks.

async function serverSays(page: Page): Promise<string> {
  await page.bringToFront();
  await dapp(page, 'dapp-siwx-server').evaluate((e) => (e.textContent = ''));
  await page.getByRole('button', { name: 'Verify session on server' }).click();
  await expect(dapp(page, 'dapp-siwx-server')).not.toHaveText('');
  return (await dapp(page, 'dapp-siwx-server').textContent())!;
}

/** Pastes the dapp's pairing URI in the Dev Wallet (`query` its page flags); resolves with the wallet page. */
async function pairWallet(page: Page, query = ''): Promise<Page> {
  const wallet = await openDevWallet(page.context());
  if (query) {
    await wallet.goto(`${urls.devWallet}/${query}`);
    await expect(wallet.getByTestId('wallet-status')).toHaveText('Ready');
  }
  const uri = await readPairingUri(page);
  await wallet.getByTestId('wallet-uri-input').fill(uri);
  await wallet.getByRole('button', { name: 'Pair' }).click();
  return wallet;
}

test('one-click: one approval in the wallet signs in and connects; the dapp server verifies it; a reload keeps it', async ({
  page,
}) => {
  await page.goto(`${urls.dapp}/?siwx=1&siwxRequired=1&namespaces=eip155`);
  // Every verify call the dapp makes, kept for later (a waitForRequest started here would time
  // out while pairing still runs on a slow machine).
  const verifies: Request[] = [];
  page.on('request', (r) => void (r.url().includes('/v1/siwx/verify') && verifies.push(r)));
  const wallet = await pairWallet(page);
  const dialog = wallet.getByRole('dialog', { name: 'Sign-in request' });
  // Pairing crosses the relay both ways before the wallet shows the request.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  // The message names the verified origin of the dapp, on each configured chain.
  const messages = dialog.getByTestId('auth-message');
  await expect(messages).toHaveCount(2);
  await expect(messages.first()).toContainText(`${DAPP_HOST} wants you to sign in with your Ethereum account:`);
  await expect(messages.first()).toContainText(`URI: ${urls.dapp}`);
  await expect(messages.first()).toContainText('Sign in to the Airlock demo dapp.');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(wallet.getByTestId('wallet-status')).toHaveText('Signed in');

  await expect(dapp(page, 'dapp-account')).toHaveText(DEV_ACCOUNT_0);
  await expect(dapp(page, 'dapp-siwx')).toHaveText('signed in');
  await expect(dapp(page, 'dapp-siwx-account')).toHaveText(`eip155:31337:${DEV_ACCOUNT_0}`);
  await expect(dapp(page, 'dapp-siwx-domain')).toHaveText(DAPP_HOST);
  // No second prompt: the sign-in view never opened, the wallet got no personal_sign.
  await expect(widget(page).getByRole('dialog')).toBeHidden();
  await expect(wallet.getByRole('dialog', { name: 'Request' })).toHaveCount(0);
  await expect.poll(() => verifies.length).toBeGreaterThan(0);
  expect(Object.keys(verifies[0]!.postDataJSON())).toEqual(expect.arrayContaining(['message', 'signature', 'cacao']));
  expect(await serverSays(page)).toBe('valid');

  // The session (a WalletConnect one now) answers requests.
  await page.getByRole('button', { name: 'Sign message' }).click();
  await answerRequest(wallet, 'Approve');
  await expect(dapp(page, 'dapp-signature')).toHaveText('valid');

  await page.reload();
  await expect(dapp(page, 'dapp-siwx')).toHaveText('signed in');
  await expect(widget(page).getByRole('dialog')).toBeHidden();
  expect(await serverSays(page)).toBe('valid');
});

test('the wallet rejects the sign-in: nothing is connected, the view says so and offers a new QR code', async ({
  page,
}) => {
  await page.goto(`${urls.dapp}/?siwx=1&siwxRequired=1&namespaces=eip155`);
  const wallet = await pairWallet(page);
  const dialog = wallet.getByRole('dialog', { name: 'Sign-in request' });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(wallet.getByTestId('wallet-status')).toHaveText('Sign-in rejected');
  await page.bringToFront();
  await expect(modal(page, 'WalletConnect')).toBeVisible();
  await expect(widget(page).getByText('Connection rejected')).toBeVisible();
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  await expect(dapp(page, 'dapp-siwx')).toHaveText('none');
  await expect(wallet.getByTestId('wallet-sessions').getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
});

test('the verifier refuses the CACAO: Error signing message, and signing again with personal_sign works', async ({
  page,
}) => {
  await page.goto(`${urls.dapp}/?siwx=1&siwxRequired=1&namespaces=eip155`);
  // The first verification is refused (as a verifier would refuse a bad CACAO); later ones reach the API.
  let refused = false;
  await page.context().route('**/v1/siwx/verify*', (route) => {
    if (refused) return route.fallback();
    refused = true;
    return route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Invalid signature"}' });
  });
  const wallet = await pairWallet(page);
  await wallet.getByRole('dialog', { name: 'Sign-in request' }).getByRole('button', { name: 'Approve' }).click();
  await page.bringToFront();
  await expect(modal(page, 'Sign In')).toBeVisible();
  await expect(widget(page).getByRole('alert')).toHaveText('Error signing message');
  await expect(dapp(page, 'dapp-account')).toHaveText(DEV_ACCOUNT_0);
  await expect(dapp(page, 'dapp-siwx')).toHaveText('none');

  // Sign again: connect-then-sign over the same session (personal_sign in the wallet).
  await widget(page).getByRole('button', { name: 'Sign', exact: true }).click();
  await answerRequest(wallet, 'Approve');
  await page.bringToFront();
  await expect(dapp(page, 'dapp-siwx')).toHaveText('signed in');
  expect(await serverSays(page)).toBe('valid');
});

test('required, refused CACAO, then Cancel: the wallet session ends', async ({ page }) => {
  await page.goto(`${urls.dapp}/?siwx=1&siwxRequired=1&namespaces=eip155`);
  await page
    .context()
    .route('**/v1/siwx/verify*', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Invalid signature"}' }),
    );
  const wallet = await pairWallet(page);
  await wallet.getByRole('dialog', { name: 'Sign-in request' }).getByRole('button', { name: 'Approve' }).click();
  await page.bringToFront();
  await expect(widget(page).getByRole('alert')).toHaveText('Error signing message');
  await widget(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  await expect(wallet.getByTestId('wallet-sessions').getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
});

test('a wallet without one-click authentication: connect, then sign the message', async ({ page }) => {
  await page.goto(`${urls.dapp}/?siwx=1&namespaces=eip155`);
  const wallet = await pairWallet(page, '?auth=0');
  // The fallback session proposal arrives instead of the sign-in request.
  const proposal = wallet.getByRole('dialog', { name: 'Session proposal' });
  await expect(proposal).toBeVisible();
  await proposal.getByRole('button', { name: 'Approve' }).click();
  await expect(wallet.getByTestId('wallet-status')).toHaveText('Session approved');
  await page.bringToFront();
  await expect(modal(page, 'Sign In')).toBeVisible();
  await expect(widget(page).getByTestId('siwx-origin')).toHaveText(urls.dapp);
  await widget(page).getByRole('button', { name: 'Sign', exact: true }).click();
  await answerRequest(wallet, 'Approve');
  await page.bringToFront();
  await expect(dapp(page, 'dapp-siwx')).toHaveText('signed in');
  expect(await serverSays(page)).toBe('valid');
});

import type { Page } from '@playwright/test';
import { SOLANA_ACCOUNT, connectDevSolanaWallet } from './support/solana';
import { expect, test, urls } from './support/test';
import {
  DAPP_HOST,
  expectReplayRefused,
  expectSessionAfterReload,
  expectSignedForDapp,
  revokeSession,
  serverSays,
  signIn,
} from './support/siwx';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import { dapp, modal, widget } from './support/widget';

// Chromium as people run it: third-party storage partitioned, so the frame keeps its sessions.
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

/**
 * Sign In With Solana (CAIP-122, docs/siwx.md) with the Dev Solana Wallet (auto-approve) over the
 * Wallet Standard bridge: the provider API issues the nonce, verifies the ed25519 signature and
 * issues the token; the demo's own server (`/api/siwx/verify`, `@airlock/siwx`) verifies the token.
 */

/** Loads the demo with sign-in on (extra query) and connects the Dev Solana Wallet: SIWXSignMessage opens. */
async function connect(page: Page, query = ''): Promise<void> {
  await page.goto(`${urls.dapp}/?autoApprove=1&siwx=1${query}`);
  await connectDevSolanaWallet(page);
  await expect(modal(page, 'Sign In')).toBeVisible();
  await expect(widget(page).getByTestId('siwx-origin')).toHaveText(urls.dapp);
}

test('the Dev Solana Wallet signs in: the dapp server verifies the token, a reload keeps it', async ({ page }) => {
  await connect(page);
  const sent = await signIn(page);
  // A Sign In With Solana message of the account, verified with ed25519 by the API.
  expect(sent.message.split('\n').slice(0, 2)).toEqual([
    `${DAPP_HOST} wants you to sign in with your Solana account:`,
    SOLANA_ACCOUNT,
  ]);
  await expect(dapp(page, 'dapp-siwx-account')).toHaveText(
    new RegExp(`^solana:[1-9A-HJ-NP-Za-km-z]+:${SOLANA_ACCOUNT}$`),
  );
  await expect(dapp(page, 'dapp-siwx-domain')).toHaveText(DAPP_HOST);
  expect(await serverSays(page)).toBe('valid');

  await expectSessionAfterReload(page);
  await expect(dapp(page, 'dapp-solana-account')).toHaveText(SOLANA_ACCOUNT);
  await revokeSession(page);
});

test('a page cannot make the Solana wallet sign for another domain, and the signed nonce cannot be replayed', async ({
  page,
}) => {
  // The page passes `domain` / `uri` in its siwx options: the message still names the verified origin.
  await connect(page, '&siwxDomain=evil.example');
  const sent = await signIn(page);
  await expectSignedForDapp(page, sent, 'Solana');
  await expectReplayRefused(sent);
});

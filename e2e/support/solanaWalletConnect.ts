import type { BrowserContext, Page } from '@playwright/test';
import { lamportsOf } from './solana';
import { expect } from './test';
import { answerRequest, connectWithWalletConnect } from './walletconnect';
import { DAPP_PROMPT, dapp, showAccount, widget } from './widget';

/**
 * Steps of the WalletConnect Solana specs: the WalletConnect Dev Wallet's session carries an
 * eip155 and a solana account, and the widget switches between them without another wallet.
 */

/** The WalletConnect Dev Wallet's solana account: local Solana dev account 1. */
export const WC_SOLANA_ACCOUNT = 'FJZ7dFgVMGKn51uaoEMx8FsYSMcJ14MT3A5qVer8aK78';

/** From the Account view: Switch network → Solana Local; waits for the session's solana account in the dapp. */
export async function switchToSolanaLocal(page: Page): Promise<void> {
  await page.bringToFront();
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Solana Local', exact: true }).click();
  await expect(dapp(page, 'dapp-solana-account')).toHaveText(WC_SOLANA_ACCOUNT);
}

/**
 * Loads the demo, pairs the WalletConnect Dev Wallet and switches to Solana Local.
 * Resolves with the wallet's page (for its requests).
 */
export async function connectSolanaOverWalletConnect(page: Page, context: BrowserContext): Promise<Page> {
  await page.goto(DAPP_PROMPT);
  const { wallet } = await connectWithWalletConnect(page, context);
  await switchToSolanaLocal(page);
  return wallet;
}

/** Approves the Dev Wallet's pending request after checking its title and its Transfer row (`0.5 SOL to …`). */
export async function approveSolanaRequest(wallet: Page, title: string, transfer: string): Promise<void> {
  await wallet.bringToFront();
  const dialog = wallet.getByRole('dialog', { name: 'Request' });
  await expect(dialog.getByText(title, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('definition').filter({ hasText: / SOL to / })).toHaveText(transfer);
  await answerRequest(wallet, 'Approve');
}

/** The transfer landed: `receiver` holds exactly `lamports`, and `payer` has at least that much less than `before` (fees on top). */
export async function expectTransferred(
  payer: string,
  before: number,
  receiver: string,
  lamports: number,
): Promise<void> {
  expect(await lamportsOf(receiver)).toBe(lamports);
  expect(before - (await lamportsOf(payer))).toBeGreaterThanOrEqual(lamports);
}

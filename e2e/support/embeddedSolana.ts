import type { Page } from '@playwright/test';
import { expect } from './test';
import { emailLogin, freshEmail } from './emailLogin';
import { lamportsOf } from './solana';
import { DAPP_PROMPT, closeModal, dapp, modal, shortAddress, showAccount, widget } from './widget';

/**
 * Helpers of the embedded wallet's Solana specs (e2e/embedded-solana.spec.ts,
 * e2e/embedded-signing-attacks.spec.ts): the switch to Solana Local and the email login that
 * ends connected on it.
 */

/** Picks a network in the Account view's Switch network list and waits for Account on it. */
export async function switchTo(page: Page, name: string): Promise<void> {
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name, exact: true }).click();
  await expect(modal(page, 'Account')).toBeVisible();
  await expect(widget(page).getByTestId('account-network')).toHaveText(name);
}

/** Waits until `address` holds `lamports` at the confirmed commitment. */
export async function expectLamports(address: string, lamports: number): Promise<void> {
  await expect.poll(() => lamportsOf(address), { timeout: 20_000 }).toBe(lamports);
}

/**
 * Logs in by email, then switches the widget to Solana Local from the Account view (spec §2: the
 * embedded wallet has an account on both namespaces, so no SwitchActiveChain) and has the dapp's
 * solana provider connect. Ends on Account (Activity tab: the token balances, cached 30 s, are read
 * only once the test funded the account). Resolves with the solana address.
 */
export async function loginOnSolana(page: Page): Promise<string> {
  await page.goto(DAPP_PROMPT);
  await emailLogin(page, freshEmail('solana'));
  await showAccount(page);
  await widget(page).getByRole('tab', { name: 'Activity' }).click();
  await switchTo(page, 'Solana Local');
  await closeModal(page);
  await page.getByRole('button', { name: 'Connect Solana' }).click();
  await expect(dapp(page, 'dapp-solana-account')).not.toHaveText('Not connected');
  const address = (await dapp(page, 'dapp-solana-account').textContent())!.trim();
  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(address));
  return address;
}

import { expect, test } from './support/test';
import { approveInSecureFrame, emailLogin, freshEmail, rejectInSecureFrame, secureFrame } from './support/emailLogin';
import { lamportsOf, randomSolanaAddress, solanaRpc } from './support/solana';
import { DAPP_PROMPT, closeModal, dapp, modal, shortAddress, showAccount, widget } from './support/widget';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import type { Page } from '@playwright/test';

// The secure frame keeps its device keys in IndexedDB as a third-party frame: storage partitioning on.
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

/** Picks a network in the Account view's Switch network list and waits for Account on it. */
async function switchTo(page: Page, name: string): Promise<void> {
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name, exact: true }).click();
  await expect(modal(page, 'Account')).toBeVisible();
  await expect(widget(page).getByTestId('account-network')).toHaveText(name);
}

/** Waits until `address` holds `lamports` at the confirmed commitment. */
async function expectLamports(address: string, lamports: number): Promise<void> {
  await expect.poll(() => lamportsOf(address), { timeout: 20_000 }).toBe(lamports);
}

test('embedded wallet on Solana: switch without another wallet, balance, signMessage, Send SOL, a rejection is 4001', async ({
  page,
}) => {
  await page.goto(DAPP_PROMPT);
  await emailLogin(page, freshEmail('solana'));

  // Spec §2: the embedded wallet has an account on both namespaces, so the widget switches to
  // Solana Local without SwitchActiveChain. (On the Activity tab: the token balances, cached
  // 30 s, are read only once the account is funded, below.)
  await showAccount(page);
  await widget(page).getByRole('tab', { name: 'Activity' }).click();
  await switchTo(page, 'Solana Local');
  await expect(widget(page).getByTestId('account-balance')).toHaveText('0.000 SOL');
  await closeModal(page);
  await page.getByRole('button', { name: 'Connect Solana' }).click();
  await expect(dapp(page, 'dapp-solana-account')).not.toHaveText('Not connected');
  const address = (await dapp(page, 'dapp-solana-account').textContent())!.trim();
  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(address));

  // Funded from the local faucet; back and forth, the balance is read again (floored to 3 decimals).
  await solanaRpc('requestAirdrop', [address, 2_000_000_000]);
  await expectLamports(address, 2_000_000_000);
  await switchTo(page, 'Anvil A');
  await expect(widget(page).getByTestId('account-balance')).toHaveText('0.000 ETH');
  await switchTo(page, 'Solana Local');
  await expect(widget(page).getByTestId('account-balance')).toHaveText('2.000 SOL');
  await closeModal(page);

  // signMessage: C's approval names the dapp, the network and the text; the dapp verifies ed25519.
  await page.getByRole('button', { name: 'Sign Solana message' }).click();
  await expect(secureFrame(page).getByTestId('approval-message')).toHaveText(
    'Sign in to the Airlock demo dapp on Solana.',
  );
  await approveInSecureFrame(page);
  await expect(dapp(page, 'dapp-solana-signature')).toHaveText('valid');

  // Send SOL through the same Send view page wallets use: C shows the transfer in plain words.
  const receiver = randomSolanaAddress();
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Send' }).click();
  const send = modal(page, 'Send');
  const sol = send.locator('option', { hasText: /^SOL \(/ });
  await send.getByLabel('Token').selectOption((await sol.getAttribute('value'))!);
  await send.getByLabel('Amount').fill('0.5');
  await send.getByLabel('Receiver address').fill(receiver);
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(secureFrame(page).getByTestId('approval-title')).toHaveText('Sign SOL');
  await expect(secureFrame(page).getByText(receiver)).toBeVisible();
  await expect(secureFrame(page).getByText('0.5 SOL')).toBeVisible();
  await approveInSecureFrame(page);
  await expect(modal(page, 'Account')).toBeVisible();
  await expectLamports(receiver, 500_000_000);
  // 2 SOL - 0.5 SOL - the fee.
  await expect(widget(page).getByTestId('account-balance')).toHaveText('1.499 SOL');
  await closeModal(page);

  // A rejected approval: 4001 for the dapp, and nothing signed.
  await page.getByRole('button', { name: 'Sign Solana message' }).click();
  await rejectInSecureFrame(page);
  await expect(dapp(page, 'dapp-solana-error')).toHaveText(/^4001: /);
  await expect(modal(page, 'Approve Transaction')).toBeHidden();
});

import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { pickOption } from './support/picker';
import { DEV_ACCOUNT_0 } from '../scripts/ports.mjs';
import { encodeBase58, lamportsOf, randomSolanaAddress, solanaRpc } from './support/solana';
import {
  WC_SOLANA_ACCOUNT,
  approveSolanaRequest,
  connectSolanaOverWalletConnect,
  expectTransferred,
  switchToSolanaLocal,
} from './support/solanaWalletConnect';
import { expect, test } from './support/test';
import { answerRequest, connectWithWalletConnect } from './support/walletconnect';
import { DAPP_PROMPT, closeModal, dapp, modal, shortAddress, showAccount, widget } from './support/widget';

test('a WalletConnect session with eip155 and solana accounts: switch to Solana Local, sign, switch back', async ({
  page,
  context,
}) => {
  await page.goto(DAPP_PROMPT);
  const { wallet } = await connectWithWalletConnect(page, context);
  expect(await dapp(page, 'dapp-account').textContent()).toBe(DEV_ACCOUNT_0);

  // The session has a solana account: the switch needs no other wallet (no SwitchActiveChain).
  await switchToSolanaLocal(page);
  await showAccount(page);
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(WC_SOLANA_ACCOUNT));
  await expect(widget(page).getByTestId('account-network')).toHaveText('Solana Local');

  await closeModal(page);
  await page.getByRole('button', { name: 'Sign Solana message' }).click();
  await answerRequest(wallet, 'Approve');
  await expect(dapp(page, 'dapp-solana-signature')).toHaveText('valid');

  await page.bringToFront();
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Switch network' }).click();
  await widget(page).getByRole('button', { name: 'Anvil A', exact: true }).click();
  await expect(modal(page, 'Account')).toBeVisible();
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(DEV_ACCOUNT_0));
  await expect(dapp(page, 'dapp-account')).toHaveText(DEV_ACCOUNT_0);
});

test('Send SOL from the widget over a WalletConnect solana session: the Dev Wallet signs, confirmed on the local chain', async ({
  page,
  context,
}) => {
  const wallet = await connectSolanaOverWalletConnect(page, context);
  await showAccount(page);
  const before = await lamportsOf(WC_SOLANA_ACCOUNT);

  const receiver = randomSolanaAddress();
  await widget(page).getByRole('button', { name: 'Send' }).click();
  const send = modal(page, 'Send');
  await pickOption(send, 'Token', 'SOL');
  await send.getByLabel('Amount').fill('0.5');
  await send.getByLabel('Receiver address').fill(receiver);
  await send.getByRole('button', { name: 'Review' }).click();
  await send.getByRole('button', { name: 'Send' }).click();
  // The widget has the wallet sign (solana_signTransaction) and sends it itself.
  await approveSolanaRequest(wallet, 'Sign transaction', `0.5 SOL to ${receiver}`);
  await page.bringToFront();
  await expect(modal(page, 'Account')).toBeVisible({ timeout: 30_000 });
  await expectTransferred(WC_SOLANA_ACCOUNT, before, receiver, 500_000_000);
});

test("the dapp's signAndSendTransaction over WalletConnect: the Dev Wallet signs and sends it, confirmed on chain", async ({
  page,
  context,
}) => {
  const wallet = await connectSolanaOverWalletConnect(page, context);
  await closeModal(page);

  // An unsigned transfer of 0.25 SOL from the session's solana account, built as a dapp would.
  const receiver = randomSolanaAddress();
  const before = await lamportsOf(WC_SOLANA_ACCOUNT);
  const { value } = await solanaRpc<{ value: { blockhash: string } }>('getLatestBlockhash', [
    { commitment: 'confirmed' },
  ]);
  const from = new PublicKey(WC_SOLANA_ACCOUNT);
  const unsigned = new Transaction({ feePayer: from, recentBlockhash: value.blockhash })
    .add(SystemProgram.transfer({ fromPubkey: from, toPubkey: new PublicKey(receiver), lamports: 250_000_000 }))
    .serialize({ requireAllSignatures: false, verifySignatures: false });

  // Through the page's Wallet Standard: the `Airlock` wallet the host SDK registers (`solana:signAndSendTransaction`).
  const sent = page.evaluate(
    async (bytes) => {
      type Feature = {
        signAndSendTransaction(input: {
          account: unknown;
          chain: string;
          transaction: Uint8Array;
        }): Promise<{ signature: Uint8Array }[]>;
      };
      type StandardWallet = { name: string; accounts: unknown[]; features: Record<string, unknown> };
      const airlock = await new Promise<StandardWallet>((resolve) =>
        dispatchEvent(
          new CustomEvent('wallet-standard:app-ready', {
            detail: {
              register: (...wallets: StandardWallet[]) => {
                const found = wallets.find((w) => w.name === 'Airlock');
                if (found) resolve(found);
                return () => {};
              },
            },
          }),
        ),
      );
      const feature = airlock.features['solana:signAndSendTransaction'] as Feature;
      const [output] = await feature.signAndSendTransaction({
        account: airlock.accounts[0],
        chain: 'solana:localnet',
        transaction: Uint8Array.from(bytes),
      });
      return [...output!.signature];
    },
    [...unsigned],
  );
  await approveSolanaRequest(wallet, 'Send transaction', `0.25 SOL to ${receiver}`);
  const signature = encodeBase58(Uint8Array.from(await sent));

  // The wallet answered once confirmed: the chain has it, and the receiver holds the SOL.
  const statuses = await solanaRpc<{ value: ({ confirmationStatus: string } | null)[] }>('getSignatureStatuses', [
    [signature],
  ]);
  expect(statuses.value[0]?.confirmationStatus).toMatch(/^(confirmed|finalized)$/);
  await expectTransferred(WC_SOLANA_ACCOUNT, before, receiver, 250_000_000);
});

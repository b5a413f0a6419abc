import { deriveDevKeypairs } from '@airlock/solana-rpc';
import { pickOption } from './support/picker';
import {
  createAssociatedTokenAccountInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { Connection, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { SOLANA_DEV_MINT, SOLANA_DEV_SEED } from '../scripts/ports.mjs';
import { expect, test, urls } from './support/test';
import { approveInSecureFrame, rejectInSecureFrame, secureFrame } from './support/emailLogin';
import { expectLamports, loginOnSolana, switchTo } from './support/embeddedSolana';
import { randomSolanaAddress, solanaRpc } from './support/solana';
import { closeModal, dapp, modal, shortAddress, showAccount, widget } from './support/widget';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';

// The secure frame keeps its device keys in IndexedDB as a third-party frame: storage partitioning on.
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

test('embedded wallet on Solana: switch without another wallet, balance, signMessage, Send SOL, a rejection is 4001', async ({
  page,
}) => {
  // An email login, an airdrop, two switches, a signature, a transfer, a reload and a rejection:
  // past 60 s on a slow machine.
  test.slow();
  const address = await loginOnSolana(page);
  await expect(widget(page).getByTestId('account-balance')).toHaveText('0.000 SOL');

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
  await pickOption(send, 'Token', 'SOL');
  await send.getByLabel('Amount').fill('0.5');
  await send.getByLabel('Receiver address').fill(receiver);
  await send.getByRole('button', { name: 'Review' }).click();
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(secureFrame(page).getByTestId('approval-title')).toHaveText('Sign a SOL transfer');
  // The network by its name (the deployment's), not its 32-character id.
  await expect(secureFrame(page).getByTestId('approval-network')).toHaveText('Solana Local');
  await expect(secureFrame(page).getByText(receiver)).toBeVisible();
  await expect(secureFrame(page).getByText('0.5 SOL')).toBeVisible();
  await approveInSecureFrame(page);
  await expect(modal(page, 'Account')).toBeVisible();
  await expectLamports(receiver, 500_000_000);
  // 2 SOL - 0.5 SOL - the fee.
  await expect(widget(page).getByTestId('account-balance')).toHaveText('1.499 SOL');
  await closeModal(page);

  // A reload restores the session on Solana Local without a code.
  await page.reload();
  await expect(dapp(page, 'dapp-solana-account')).toHaveText(address);
  await showAccount(page);
  await expect(widget(page).getByTestId('account-network')).toHaveText('Solana Local');
  await expect(widget(page).getByTestId('account-address')).toHaveText(shortAddress(address));
  await closeModal(page);

  // A rejected approval: 4001 for the dapp, and nothing signed.
  await page.getByRole('button', { name: 'Sign Solana message' }).click();
  await rejectInSecureFrame(page);
  await expect(dapp(page, 'dapp-solana-error')).toHaveText(/^4001: /);
  await expect(modal(page, 'Approve Transaction')).toBeHidden();
});

test('Receive and Send an SPL token from the embedded wallet: C shows mint, amount, receiver; the receiver’s token account is created', async ({
  page,
}) => {
  const address = await loginOnSolana(page);
  // Receive: the solana address as a QR code, on Solana Local.
  await widget(page).getByRole('button', { name: 'Receive' }).click();
  const receive = modal(page, 'Receive');
  await expect(receive.getByRole('img', { name: 'QR code of the address' })).toBeVisible();
  await expect(receive.getByTestId('receive-address')).toHaveText(address);
  await expect(receive.getByTestId('receive-network')).toHaveText('Solana Local');
  await showAccount(page);

  // Dev account 9 gives the embedded wallet 1 SOL (fees, rent) and 10 DEV.
  const [giver] = deriveDevKeypairs(SOLANA_DEV_SEED, 10).slice(9);
  const connection = new Connection(urls.solanaRpc, 'confirmed');
  const owner = new PublicKey(address);
  const mint = new PublicKey(SOLANA_DEV_MINT);
  const target = getAssociatedTokenAddressSync(mint, owner);
  await sendAndConfirmTransaction(
    connection,
    new Transaction().add(
      SystemProgram.transfer({ fromPubkey: giver!.publicKey, toPubkey: owner, lamports: 1_000_000_000 }),
      createAssociatedTokenAccountInstruction(giver!.publicKey, target, owner, mint),
      createTransferCheckedInstruction(
        getAssociatedTokenAddressSync(mint, giver!.publicKey),
        mint,
        target,
        giver!.publicKey,
        10_000_000n,
        6,
      ),
    ),
    [giver!],
  );

  const receiver = randomSolanaAddress();
  await widget(page).getByRole('button', { name: 'Send' }).click();
  const send = modal(page, 'Send');
  await pickOption(send, 'Token', 'DEV');
  await send.getByLabel('Amount').fill('2.5');
  await send.getByLabel('Receiver address').fill(receiver);
  await send.getByRole('button', { name: 'Review' }).click();
  await send.getByRole('button', { name: 'Send' }).click();
  const approval = secureFrame(page);
  await expect(approval.getByTestId('approval-title')).toHaveText('Sign a token transfer');
  await expect(approval.getByText(receiver)).toBeVisible();
  await expect(approval.getByText(SOLANA_DEV_MINT)).toBeVisible();
  await expect(approval.getByText('2.5', { exact: true })).toBeVisible();
  await expect(approval.getByText('Creates the receiver’s token account (you pay its rent)')).toBeVisible();
  await approveInSecureFrame(page);
  await expect(modal(page, 'Account')).toBeVisible();
  const accounts = await solanaRpc<{
    value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[];
  }>('getTokenAccountsByOwner', [
    receiver,
    { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' },
    { encoding: 'jsonParsed' },
  ]);
  expect(accounts.value.map((a) => a.account.data.parsed.info.tokenAmount.amount)).toEqual(['2500000']);
});

import { AUTO, PAYMENT, connectDevBitcoinWallet, esplora, freshAddress } from './support/bitcoin';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import { expect, test, urls } from './support/test';
import { modal, showAccount, widget } from './support/widget';

// Chromium as people run it: third-party storage partitioned (as e2e/bitcoin.spec.ts).
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

/**
 * Send BTC from the Account view, through the Dev Bitcoin Wallet on the stack's regtest stand-in: the
 * receiver checked for the network, a fee rate from the API (or a custom one), a review, and what the
 * stand-in's UTXO set shows afterwards — the payment and the fee exactly as reviewed; Max spends every
 * confirmed coin with no change output.
 */

test('Send BTC from the Account view: the receiver checked for the network, a fee rate from the API, a review, the stand-in’s UTXO set shows the payment and the fee as chosen', async ({
  page,
}) => {
  await page.goto(AUTO);
  await connectDevBitcoinWallet(page);
  await showAccount(page);
  const frame = widget(page);
  await expect(frame.getByTestId('account-balance')).toHaveAttribute('data-state', 'ready');
  await expect(frame.getByTestId('account-balance')).toHaveText(/ BTC$/);
  const balanceBefore = await frame.getByTestId('account-balance').textContent();
  await frame.getByRole('button', { name: 'Send' }).click();
  const send = modal(page, 'Send');
  // The fee rates the API reads from the stand-in's table (6 blocks 2, 3 blocks 3, 1 block 4.2 → 5 sat/vB).
  const speeds = send.getByTestId('bip122-fee-speed');
  await expect(speeds.getByRole('radio')).toHaveCount(4); // Standard, Fast, Instant and Custom
  await expect(speeds).toContainText('Standard');
  await expect(speeds).toContainText('2 sat/vB');
  await expect(speeds).toContainText('5 sat/vB');
  await send.getByLabel('Amount (BTC)').fill('0.00123456');
  // A mainnet address on regtest is refused before anything is built.
  await send.getByLabel('Receiver address').fill('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
  await send.getByRole('button', { name: 'Review' }).click();
  await expect(send.getByTestId('send-error')).toHaveText('Invalid address for this Bitcoin network');
  const receiver = freshAddress();
  await send.getByLabel('Receiver address').fill(receiver);
  await speeds.getByRole('radio', { name: /Instant/ }).check();
  await send.getByRole('button', { name: 'Review' }).click();
  await expect(send.getByTestId('review-network')).toHaveText('Bitcoin Regtest');
  await expect(send.getByTestId('review-amount')).toHaveText(/^0\.00123456 BTC/);
  await expect(send.getByTestId('review-fee')).toHaveText(/^0\.00000\d+ BTC \(5 sat\/vB\)/);
  const feeSats = Math.round(
    Number(/^([\d.]+) BTC/.exec((await send.getByTestId('review-fee').textContent())!)![1]) * 1e8,
  );
  await expect(send.getByTestId('review-total')).toHaveText(
    new RegExp(`^${((123_456 + feeSats) / 1e8).toFixed(8).replace(/0+$/, '').replace('.', '\\.')} BTC`),
  );
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(modal(page, 'Account')).toBeVisible();

  // The stand-in: one coin of exactly the amount at the receiver, paid by the payment address at the rate chosen.
  const [coin, ...more] = await esplora<{ txid: string; value: number }[]>(`/address/${receiver}/utxo`);
  expect(more).toEqual([]);
  expect(coin!.value).toBe(123_456);
  const tx = await esplora<{ fee: number; weight: number; vin: { prevout: { scriptpubkey_address: string } }[] }>(
    `/tx/${coin!.txid}`,
  );
  expect(tx.fee).toBe(feeSats);
  expect(tx.vin.every((input) => input.prevout.scriptpubkey_address === PAYMENT)).toBe(true);
  const vsize = Math.ceil(tx.weight / 4);
  expect(tx.fee).toBeGreaterThanOrEqual(5 * vsize);
  expect(tx.fee).toBeLessThan(6 * vsize);
  // The Account view reads the new balance (the amount and the fee gone, mined or not).
  await expect(frame.getByTestId('account-balance')).not.toHaveText(balanceBefore ?? '');
});

test('Send BTC with Max at a custom fee rate: every confirmed coin to the receiver, no change output, the fee exactly the review’s at 2.5 sat/vB', async ({
  page,
}) => {
  await page.goto(AUTO);
  await connectDevBitcoinWallet(page);
  await showAccount(page);
  const frame = widget(page);
  await expect(frame.getByTestId('account-balance')).toHaveText(/ BTC$/);
  await frame.getByRole('button', { name: 'Send' }).click();
  const send = modal(page, 'Send');
  const receiver = freshAddress();
  await send.getByLabel('Receiver address').fill(receiver);
  await send.getByTestId('bip122-send-max').click();
  await expect(send.getByTestId('bip122-send-max')).toHaveAttribute('aria-pressed', 'true');
  // A custom rate: at least 1 sat/vB, at most one decimal, else a clear error and nothing built.
  for (const bad of ['0.5', '1.25', 'fast']) {
    await send.getByLabel('Custom fee rate (sat/vB)').fill(bad);
    await send.getByRole('button', { name: 'Review' }).click();
    await expect(send.getByTestId('send-error')).toHaveText(
      'Enter a fee rate of at least 1 sat/vB, with at most one decimal',
    );
  }
  await send.getByLabel('Custom fee rate (sat/vB)').fill('2.5');
  await expect(send.getByTestId('bip122-fee-custom-choice')).toBeChecked();
  await send.getByRole('button', { name: 'Review' }).click();
  await expect(send.getByTestId('review-fee')).toHaveText(/^0\.0000\d+ BTC \(2\.5 sat\/vB\)/);
  const sats = async (id: string) =>
    Math.round(Number(/^([\d.]+) BTC/.exec((await send.getByTestId(id).textContent())!)![1]) * 1e8);
  const [amount, fee, total] = [await sats('review-amount'), await sats('review-fee'), await sats('review-total')];
  expect(amount + fee).toBe(total);
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(modal(page, 'Account')).toBeVisible();

  // The stand-in: one coin of exactly the reviewed amount at the receiver; the transaction has that one
  // output (no change), spends only the payment address's coins, and pays the review's fee at 2.5 sat/vB.
  const [coin, ...more] = await esplora<{ txid: string; value: number }[]>(`/address/${receiver}/utxo`);
  expect(more).toEqual([]);
  expect(coin!.value).toBe(amount);
  const tx = await esplora<{
    fee: number;
    weight: number;
    vout: unknown[];
    vin: { prevout: { scriptpubkey_address: string; value: number } }[];
  }>(`/tx/${coin!.txid}`);
  expect(tx.vout).toHaveLength(1);
  expect(tx.fee).toBe(fee);
  expect(tx.vin.reduce((sum, input) => sum + input.prevout.value, 0)).toBe(total);
  expect(tx.vin.every((input) => input.prevout.scriptpubkey_address === PAYMENT)).toBe(true);
  const vsize = Math.ceil(tx.weight / 4);
  expect(tx.fee * 10).toBeGreaterThanOrEqual(25 * vsize);
  expect(tx.fee * 10).toBeLessThan(35 * vsize);
  // Give the dev account its coins back (the stand-in's faucet) for the tests after this one.
  const funded = await fetch(`${urls.bitcoinEsplora}/regtest/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address: PAYMENT, amount: 100_000_000 }),
  });
  expect(funded.ok).toBe(true);
  await fetch(`${urls.bitcoinEsplora}/regtest/mine`, { method: 'POST' });
});

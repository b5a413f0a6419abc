import { expect, test } from './support/test';
import { DAPP_AUTO_APPROVE, closeModal, connectDevWallet, dapp, showAccount, widgetBalance } from './support/widget';

test('eth_sendTransaction is mined and the balance in the widget drops', async ({ page }) => {
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await showAccount(page);
  const before = await widgetBalance(page);
  await closeModal(page);

  await page.getByRole('button', { name: 'Send 0.01 ETH' }).click();
  await expect(dapp(page, 'dapp-tx')).toHaveText('success');

  // 0.01 ETH plus gas left the account: the floored 3-decimal balance is lower.
  await showAccount(page);
  await expect.poll(() => widgetBalance(page)).toBeLessThanOrEqual(before - 0.01);
});

test('EIP-5792 passes through to a page wallet that has it, and a method it lacks is a clear 4200', async ({
  page,
}) => {
  await page.goto(DAPP_AUTO_APPROVE);
  const address = await connectDevWallet(page);
  await closeModal(page);
  // The dapp's own provider (the widget's EIP-1193 provider) → host → the page's Dev Wallet.
  const call = (method: string, params: unknown[]) =>
    page.evaluate(
      ([m, p]) =>
        (
          window as unknown as {
            __airlockDemoWidget: { getProvider(ns: 'eip155'): { request(a: unknown): Promise<unknown> } };
          }
        ).__airlockDemoWidget
          .getProvider('eip155')
          .request({ method: m, params: p })
          .then(
            (value) => ({ value }),
            (e: { code?: number; message?: string }) => ({ code: e.code, message: e.message }),
          ),
      [method, params] as const,
    );
  expect(await call('wallet_getCapabilities', [address])).toMatchObject({
    value: { '0x7a69': { atomic: { status: 'unsupported' } } },
  });
  const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const sent = (await call('wallet_sendCalls', [
    {
      version: '2.0.0',
      chainId: '0x7a69',
      atomicRequired: false,
      calls: [
        { to: recipient, value: '0x1' },
        { to: recipient, value: '0x2' },
      ],
    },
  ])) as { value: { id: string } };
  expect(sent.value.id).toMatch(/^0x[0-9a-f]{64}$/);
  await expect
    .poll(
      async () =>
        ((await call('wallet_getCallsStatus', [sent.value.id])) as { value: { status: number } }).value.status,
    )
    .toBe(200);
  expect(await call('wallet_showCallsStatus', [sent.value.id])).toEqual({
    code: 4200,
    message: 'Dev Wallet does not support wallet_showCallsStatus (EIP-5792)',
  });
});

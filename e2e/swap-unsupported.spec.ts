import { type Anvil, startAnvil } from '@airlock/testing';
import { expect, test } from './support/test';
import { DAPP_AUTO_APPROVE, connectDevWallet, dapp, showAccount, widget } from './support/widget';

const CHAIN_C = 31339;
let anvil: Anvil | undefined;
let rpcC = '';

// A third chain the dapp configures but the provider API does not serve: no swaps, no gas price
// there. Anvil binds its own port (no window for a parallel file's anvil to take it).
test.beforeAll(async () => {
  anvil = await startAnvil(CHAIN_C);
  rpcC = anvil.rpcUrl;
});
test.afterAll(async () => {
  await anvil?.stop();
});

test("a network without swaps says 'Network not supported for Swaps' and 'Network not supported for Gas Price'", async ({
  page,
}) => {
  // The dapp's own configuration gains Anvil C (what a dapp may choose: its networks).
  await page.route('**/demo-config.js', async (route) => {
    const body = await (await route.fetch()).text();
    const config = JSON.parse(body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1));
    config.networks.push({
      ...config.networks[0],
      id: CHAIN_C,
      name: 'Anvil C',
      caipNetworkId: `eip155:${CHAIN_C}`,
      rpcUrls: { default: { http: [rpcC] } },
    });
    await route.fulfill({
      contentType: 'text/javascript',
      body: `window.AIRLOCK_DEMO_CONFIG = ${JSON.stringify(config)};`,
    });
  });
  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await page.getByRole('combobox', { name: 'Network' }).selectOption(`eip155:${CHAIN_C}`);
  await expect(dapp(page, 'dapp-chain')).toHaveText(String(CHAIN_C));
  await showAccount(page);
  await expect(widget(page).getByTestId('account-network')).toHaveText('Anvil C');
  await widget(page).getByRole('button', { name: 'Swap', exact: true }).click();
  const swap = widget(page).getByRole('dialog', { name: 'Swap' });
  await expect(swap.getByTestId('swap-unsupported')).toHaveText('Network not supported for Swaps');
  await expect(swap.getByTestId('swap-gas-error')).toHaveText('Network not supported for Gas Price');
});

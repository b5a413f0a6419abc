import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { expect, test } from './support/test';
import { DAPP_AUTO_APPROVE, connectDevWallet, dapp, showAccount, widget } from './support/widget';

const CHAIN_C = 31339;
let anvil: ChildProcess | undefined;
let rpcC = '';

/** A free TCP port on 127.0.0.1. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

// A third chain the dapp configures but the provider API does not serve: no swaps, no gas price there.
test.beforeAll(async () => {
  const root = join(import.meta.dirname, '..');
  const binary = join(root, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');
  const port = await freePort();
  rpcC = `http://127.0.0.1:${port}`;
  anvil = spawn(existsSync(binary) ? binary : join(root, 'node_modules/.bin/anvil'), [
    '--port',
    String(port),
    '--chain-id',
    String(CHAIN_C),
    '--host',
    '127.0.0.1',
    '--silent',
  ]);
  await expect
    .poll(
      () =>
        fetch(rpcC, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
        }).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
});
test.afterAll(() => void anvil?.kill());

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

import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, test, urls } from './support/test';
import { ADDRESS, modal, widget } from './support/widget';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The wagmi dapp (packages/wagmi/src/e2e.fixture.ts) bundled for the page /fixtures/wagmi.html.
test.beforeAll(async () => {
  await build({
    entryPoints: [here('../packages/wagmi/src/e2e.fixture.ts')],
    outfile: here('fixtures/dist/wagmi.js'),
    bundle: true,
    format: 'esm',
    target: 'es2022',
    conditions: ['airlock-source'],
    logLevel: 'warning',
  });
});

const PAGE = `${urls.dapp}/fixtures/wagmi.html`;

test('a @wagmi/core dapp connects, signs, sends, switches chain, reconnects after a reload and disconnects through the Airlock connector', async ({
  page,
}) => {
  const text = (id: string) => page.getByTestId(id);
  const click = (name: string) => page.locator(`button[name="${name}"]`).click();

  await page.goto(PAGE);
  await expect(text('wagmi-status')).toHaveText('disconnected');
  await click('connect');
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
  await expect(text('wagmi-status')).toHaveText('connected');
  await expect(text('wagmi-account')).toHaveText(ADDRESS);
  const address = (await text('wagmi-account').textContent())!;
  await expect(text('wagmi-chain')).toHaveText('31337');
  await expect(text('wagmi-connector')).toHaveText('Airlock (airlock)');

  await click('sign');
  await expect(text('wagmi-signature')).toHaveText('valid');
  await click('send');
  await expect(text('wagmi-tx')).toHaveText('success');

  await click('switch');
  await expect(text('wagmi-chain')).toHaveText('31338');
  await expect(text('wagmi-error')).toHaveText('');

  // Reload: wagmi's reconnect() restores the connection through isAuthorized, without the modal.
  await page.reload();
  await expect(text('wagmi-reconnected')).toHaveText('1 restored');
  await expect(text('wagmi-status')).toHaveText('connected');
  await expect(text('wagmi-account')).toHaveText(address);
  // The chain is the widget's after its restore (the page's Dev Wallet starts again on chain A).
  await expect(text('widget-chain')).toHaveText(/^\d+$/);
  await expect(text('wagmi-chain')).toHaveText((await text('widget-chain').textContent())!);
  await expect(widget(page).getByRole('dialog')).toBeHidden();
  await click('switch');
  await expect(text('wagmi-chain')).toHaveText('31338');

  await expect(text('wagmi-connector')).toHaveText('Airlock (airlock)');
  await click('disconnect');
  await expect(text('wagmi-status')).toHaveText('disconnected');
  await expect(text('wagmi-account')).toHaveText('Not connected');

  // After a disconnect a reload stays disconnected.
  await page.reload();
  await expect(text('wagmi-reconnected')).toHaveText('0 restored');
  await expect(text('wagmi-status')).toHaveText('disconnected');
  await expect(text('wagmi-error')).toHaveText('');
});

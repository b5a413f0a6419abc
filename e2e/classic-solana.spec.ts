import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { demoConfig } from '../scripts/ports.mjs';
import { SOLANA_ACCOUNT } from './support/solana';
import { expect, test, urls } from './support/test';
import { widget } from './support/widget';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const DEV_SOLANA_WALLET = here('fixtures/dist/classic-solana-dev-wallet.js');

// The demo's Dev Solana Wallet (Wallet Standard, approving everything) as one classic script,
// added to the page before its scripts run, as a browser extension would be.
test.beforeAll(async () => {
  await build({
    stdin: {
      contents: `import { installDevSolanaWallet } from './index.ts';
void installDevSolanaWallet({ networks: ${JSON.stringify(demoConfig('e2e').networks)}, autoApprove: true });`,
      resolveDir: here('../apps/demo-dapp/src/devSolanaWallet'),
      loader: 'ts',
    },
    outfile: DEV_SOLANA_WALLET,
    bundle: true,
    format: 'iife',
    target: 'es2022',
    conditions: ['airlock-source'],
    loader: { '.css': 'empty' },
    logLevel: 'warning',
  });
});

test('a page loading the classic scripts /airlock.js and /airlock-solana.js connects a Solana wallet through window.Airlock.solana()', async ({
  page,
}) => {
  await page.addInitScript({ path: DEV_SOLANA_WALLET });
  await page.goto(`${urls.dapp}/fixtures/classic-solana.html`);
  expect(await page.evaluate(() => typeof (window as { Airlock?: { solana?: unknown } }).Airlock?.solana)).toBe(
    'function',
  );

  // The provider's connect() opens the modal, which lists the page's Wallet Standard wallet.
  await page.getByRole('button', { name: 'Connect Solana' }).click();
  await widget(page).getByRole('button', { name: 'Dev Solana Wallet' }).click();
  await expect(page.getByTestId('classic-solana-account')).toHaveText(SOLANA_ACCOUNT);
});

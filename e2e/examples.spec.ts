import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { EXAMPLES, EXAMPLES_STAMP, examplesConfig } from '../scripts/examples.mjs';
import { demoConfig } from '../scripts/ports.mjs';
import { expect, test, urls } from './support/test';
import { ADDRESS, modal, widget } from './support/widget';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const DEV_WALLET = here('fixtures/dist/examples-dev-wallet.js');

// The examples (examples/*) as built from the packed packages by scripts/examples.mjs: `npm test`
// builds them in its pack step for these ports (the first shard's: scripts/e2e-shards.mjs keeps this
// spec there); when they are missing or were built for other ports, build them here (packing, one
// install and the builds: up to 10 min on a loaded machine). The demo's Dev Wallet (EIP-6963,
// approving everything) is added to each page before its scripts run, as a browser extension would be.
test.beforeAll(async () => {
  const stamp = existsSync(EXAMPLES_STAMP) ? readFileSync(EXAMPLES_STAMP, 'utf8') : '';
  if (stamp !== `${JSON.stringify(examplesConfig(), null, 2)}\n`) {
    test.setTimeout(600_000);
    const r = spawnSync(process.execPath, [here('../scripts/examples.mjs')], { encoding: 'utf8', timeout: 580_000 });
    if (r.status !== 0) throw new Error(`scripts/examples.mjs failed:\n${r.stdout}${r.stderr}`);
  }
  await build({
    stdin: {
      contents: `import { announceDevWallet } from './announce.ts';
import { autoApprove } from './approval.ts';
import { createDevWalletProvider } from './provider.ts';
announceDevWallet(createDevWalletProvider({ networks: ${JSON.stringify(demoConfig('e2e').networks)}, approve: autoApprove }), window);`,
      resolveDir: here('../apps/demo-dapp/src/devWallet'),
      loader: 'ts',
    },
    outfile: DEV_WALLET,
    bundle: true,
    format: 'iife',
    target: 'es2022',
    conditions: ['airlock-source'],
    logLevel: 'warning',
  });
});

for (const name of EXAMPLES) {
  test(`examples/${name}: the built example connects the Dev Wallet through the widget and signs a message it verifies`, async ({
    page,
  }) => {
    await page.addInitScript({ path: DEV_WALLET });
    await page.goto(`${urls.dapp}/fixtures/dist/examples/${name}/`);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(modal(page, 'Connect Wallet')).toBeVisible();
    await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
    await expect(page.getByTestId('account')).toHaveText(ADDRESS);

    await page.getByRole('button', { name: 'Sign message' }).click();
    await expect(page.getByTestId('signature')).toHaveText('valid');
    await expect(page.getByTestId('error')).toHaveText('');
  });
}

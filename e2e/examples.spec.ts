import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Verifier } from 'bip322-js';
import { build } from 'esbuild';
import { EIP155_EXAMPLES, EXAMPLES_STAMP, examplesConfig } from '../scripts/examples.mjs';
import { demoConfig } from '../scripts/ports.mjs';
import { expect, test, urls } from './support/test';
import { ADDRESS, modal, widget } from './support/widget';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const DEV_WALLET = here('fixtures/dist/examples-dev-wallet.js');
const DEV_BITCOIN_WALLET = here('fixtures/dist/examples-dev-bitcoin-wallet.js');
/** Regtest dev account 0's payment address, the Dev Bitcoin Wallet's (apps/bitcoin-esplora/README.md). */
const BITCOIN_PAYMENT = 'bcrt1qt3snut5dqmen4ja6msewes2vym9qmg3kqpswjr';
/** The message of examples/bitcoin/src/main.ts. */
const BITCOIN_MESSAGE = 'Hello from the Airlock Bitcoin example';
const DEV_KEPLR = here('fixtures/dist/examples-dev-keplr.js');
const DEV_POLKADOT = here('fixtures/dist/examples-dev-polkadot.js');

// The examples (examples/*) as built from the packed packages by scripts/examples.mjs: `npm test`
// builds them in its pack step for these ports (the first shard's: scripts/e2e-shards.mjs keeps this
// spec there); when they are missing or were built for other ports, build them here (packing, one
// install and the builds: up to 10 min on a loaded machine). The demo's Dev Wallet (EIP-6963,
// approving everything) is added to each page before its scripts run, as a browser extension would be;
// the Bitcoin example gets the demo's Dev Bitcoin Wallet (Wallet Standard, regtest, approving everything);
// the CosmJS and Polkadot examples, the demo's Dev Keplr Wallet and Dev Polkadot extension.
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
  await build({
    stdin: {
      contents: `import { autoApprove } from '../devWallet/approval.ts';
import { registerWalletStandard } from '../devWallet/session.ts';
import { devBitcoinKeys } from './keys.ts';
import { createDevBitcoinWallet } from './wallet.ts';
registerWalletStandard(createDevBitcoinWallet({ keys: devBitcoinKeys(0), esploraUrl: ${JSON.stringify(examplesConfig().esploraUrl)}, approve: autoApprove }));`,
      resolveDir: here('../apps/demo-dapp/src/devBitcoinWallet'),
      loader: 'ts',
    },
    outfile: DEV_BITCOIN_WALLET,
    bundle: true,
    format: 'iife',
    target: 'es2022',
    conditions: ['airlock-source'],
    logLevel: 'warning',
  });
  // The Cosmos and Polkadot page wallets of the demo, approving everything.
  for (const [outfile, contents] of [
    [
      DEV_KEPLR,
      `import { installDevKeplrWallet } from './devKeplrWallet/index.ts';
installDevKeplrWallet({ cosmosLcdUrl: 'stand-in', autoApprove: true });`,
    ],
    [
      DEV_POLKADOT,
      `import { installDevPolkadotExtension } from './devPolkadotExtension/index.ts';
void installDevPolkadotExtension({ substrateRpcUrl: 'stand-in', autoApprove: true });`,
    ],
  ] as const)
    await build({
      stdin: { contents, resolveDir: here('../apps/demo-dapp/src'), loader: 'ts' },
      outfile,
      bundle: true,
      format: 'iife',
      target: 'es2022',
      conditions: ['airlock-source'],
      define: { global: 'globalThis' },
      logLevel: 'warning',
    });
});

for (const name of EIP155_EXAMPLES) {
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

test('examples/bitcoin: the built example connects the Dev Bitcoin Wallet through the widget and shows a BIP-322 and a legacy ECDSA signature, both verified by bip322-js', async ({
  page,
}) => {
  await page.addInitScript({ path: DEV_BITCOIN_WALLET });
  await page.goto(`${urls.dapp}/fixtures/dist/examples/bitcoin/`);
  await expect(page.getByTestId('message')).toHaveText(BITCOIN_MESSAGE);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Dev Bitcoin Wallet' }).click();
  await expect(page.getByTestId('account')).toHaveText(BITCOIN_PAYMENT);

  await page.getByRole('button', { name: 'Sign message', exact: true }).click();
  await expect(page.getByTestId('signature')).not.toBeEmpty();
  await expect(page.getByTestId('error')).toHaveText('');
  const signature = (await page.getByTestId('signature').textContent())!;
  expect(Verifier.verifySignature(BITCOIN_PAYMENT, BITCOIN_MESSAGE, signature)).toBe(true);
  expect(Verifier.verifySignature(BITCOIN_PAYMENT, `${BITCOIN_MESSAGE}!`, signature)).toBe(false);

  // The legacy ECDSA signature (BIP-137, 65 bytes, the p2wpkh header), checked strictly.
  await page.getByRole('button', { name: 'Sign message (ECDSA)' }).click();
  await expect(page.getByTestId('protocol')).toHaveText('ECDSA');
  await expect(page.getByTestId('signature')).not.toBeEmpty();
  await expect(page.getByTestId('error')).toHaveText('');
  const legacy = (await page.getByTestId('signature').textContent())!;
  expect(Buffer.from(legacy, 'base64')).toHaveLength(65);
  expect(Verifier.verifySignature(BITCOIN_PAYMENT, BITCOIN_MESSAGE, legacy, true)).toBe(true);
  expect(Verifier.verifySignature(BITCOIN_PAYMENT, `${BITCOIN_MESSAGE}!`, legacy, true)).toBe(false);
});

test('examples/cosmjs: CosmJS’s SigningStargateClient signs a bank send with the widget’s offline signer (the Dev Keplr Wallet) and the stand-in applies it', async ({
  page,
}) => {
  await page.addInitScript({ path: DEV_KEPLR });
  await page.goto(`${urls.dapp}/fixtures/dist/examples/cosmjs/`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Keplr', exact: true }).click();
  await expect(page.getByTestId('account')).toHaveText('cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7');

  await page.getByRole('button', { name: 'Send 0.001 STAKE' }).click();
  await expect(page.getByTestId('tx')).toHaveText(/^applied [0-9A-F]{64}$/);
  await expect(page.getByTestId('error')).toHaveText('');
  // The stand-in has it: the transaction by its hash, code 0.
  const hash = (await page.getByTestId('tx').textContent())!.split(' ')[1];
  const tx = (await (await fetch(`${urls.cosmosLcd}/cosmos/tx/v1beta1/txs/${hash}`)).json()) as {
    tx_response?: { code: number };
  };
  expect(tx.tx_response?.code).toBe(0);
});

test('examples/polkadot: the injected-extension-shaped provider’s signer (the Dev Polkadot extension) signs raw bytes the page verifies', async ({
  page,
}) => {
  await page.addInitScript({ path: DEV_POLKADOT });
  await page.goto(`${urls.dapp}/fixtures/dist/examples/polkadot/`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Dev Polkadot Extension', exact: true }).click();
  await expect(page.getByTestId('account')).toHaveText('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY');

  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByTestId('signature')).toHaveText('valid');
  await expect(page.getByTestId('error')).toHaveText('');
});

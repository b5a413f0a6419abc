import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, test, urls } from './support/test';
import { ADDRESS, modal, widget } from './support/widget';

/**
 * EIP-6963 self-announcement: a dapp that finds wallets with mipd's `createStore()` (what
 * wagmi's EIP-6963 discovery uses) on a page that created the widget sees Airlock once, with its
 * rdns, and its provider is the widget's: asking it for accounts opens the modal. Inside the
 * widget the page's Dev Wallet is listed, Airlock itself never.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
let mipd = '';
test.beforeAll(async () => {
  const out = await build({
    stdin: { contents: "import { createStore } from 'mipd'; window.mipdStore = createStore();", resolveDir: root },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    logLevel: 'warning',
  });
  mipd = out.outputFiles[0]!.text;
});

type Detail = {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: { request(a: object): Promise<unknown> };
};
type Store = { getProviders(): readonly Detail[]; findProvider(a: { rdns: string }): Detail | undefined };
declare global {
  interface Window {
    mipdStore: Store;
  }
}

test('mipd finds Airlock once by its rdns; its provider opens the modal; the widget lists the Dev Wallet, not itself', async ({
  page,
}) => {
  await page.goto(`${urls.dapp}/?autoApprove=1`);
  await expect(page.locator('iframe[title="Airlock wallet widget"]')).toBeAttached();
  // The dapp's wallet library starts after the widget: it asks, the widget answers.
  await page.addScriptTag({ content: mipd });

  const infos = () => page.evaluate(() => window.mipdStore.getProviders().map((d) => d.info));
  await expect.poll(async () => (await infos()).filter((i) => i.rdns === 'xyz.airlock')).toHaveLength(1);
  const airlock = (await infos()).find((i) => i.rdns === 'xyz.airlock')!;
  expect(airlock.name).toBe('Airlock');
  expect(airlock.icon).toMatch(/^data:image\//);
  expect((await infos()).map((i) => i.rdns)).toContain('dev.airlock.wallet');

  // Asking Airlock's announced provider for accounts opens the widget's modal.
  const accounts = page.evaluate(() =>
    window.mipdStore.findProvider({ rdns: 'xyz.airlock' })!.provider.request({ method: 'eth_requestAccounts' }),
  );
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'Dev Wallet' })).toBeVisible();
  await expect(widget(page).getByRole('button', { name: /airlock/i })).toHaveCount(0);

  // The visitor picks the Dev Wallet: the dapp's request resolves with its account.
  await widget(page).getByRole('button', { name: 'Dev Wallet' }).click();
  expect(await accounts).toEqual([expect.stringMatching(ADDRESS)]);
});

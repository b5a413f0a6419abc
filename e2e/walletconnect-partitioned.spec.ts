import { DEV_ACCOUNT_0 } from '../scripts/ports.mjs';
import { expect, test, urls } from './support/test';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import { answerRequest, connectWithWalletConnect, readPairingUri } from './support/walletconnect';
import { DAPP_PROMPT, dapp, widget } from './support/widget';

// Chromium as people run it: third-party storage PARTITIONED (Playwright's default flags
// turn partitioning off, which denies the cross-site frame its storage).
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

test('with partitioned storage the WalletConnect session lives in the frame, scoped to the dapp origin, and survives a reload', async ({
  page,
  context,
}) => {
  await page.goto(DAPP_PROMPT);
  await readPairingUri(page);
  await expect(widget(page).getByTestId('storage-notice')).toHaveCount(0);
  await page.reload();
  const { wallet, address } = await connectWithWalletConnect(page, context);
  expect(address).toBe(DEV_ACCOUNT_0);
  const frame = page.frames().find((f) => f.url().startsWith(urls.frame))!;
  const keys = await frame.evaluate(() => Object.keys(localStorage));
  expect(keys.some((k) => k.startsWith(`airlock:v1:${urls.dapp}:wc:`))).toBe(true);
  // Everything else the frame stores is scoped to the dapp origin, except the project's allowed-origins
  // list (written only from the deployment's API, the same for every page that embeds the frame).
  const unscoped = keys.filter(
    (k) => !k.startsWith(`airlock:v1:${urls.dapp}:`) && !k.startsWith('airlock:v1:allowedOrigins:'),
  );
  expect(unscoped).toEqual([]);
  const dappStorage = await page.evaluate(() => JSON.stringify(localStorage));
  expect(dappStorage).not.toMatch(/keychain|symKey|client_ed25519_seed|wc@2/);

  await page.reload();
  await expect(dapp(page, 'dapp-account')).toHaveText(address);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await answerRequest(wallet, 'Approve');
  await expect(dapp(page, 'dapp-signature')).toHaveText('valid');
});

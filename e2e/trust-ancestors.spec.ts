import { expect, test, urls } from './support/test';

// Every entry of location.ancestorOrigins must be allowed (docs/threat-model.md): a page on a
// refused origin that frames an ALLOWED dapp page gets nothing from the widget nested in it.

test('a refused page framing an allowed dapp: the nested widget refuses with 4900', async ({ page }) => {
  await page.goto(`${urls.foreign}/fixtures/frames-dapp.html?src=${encodeURIComponent(`${urls.dapp}/`)}`);
  const dapp = page.frameLocator('iframe[title="framed dapp"]');
  await dapp.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(dapp.getByTestId('dapp-error')).toHaveText(/^4900: /, { timeout: 5_000 });
  await expect(dapp.getByTestId('dapp-account')).toHaveText('Not connected');
  await expect(
    dapp.frameLocator('iframe[title="Airlock wallet widget"]').getByRole('alert', { includeHidden: true }),
  ).toContainText('Invalid App Configuration');
});

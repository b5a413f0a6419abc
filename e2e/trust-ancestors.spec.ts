import { expect, test, urls } from './support/test';

// Every entry of location.ancestorOrigins must be allowed (docs/threat-model.md): a page on a
// refused origin that frames an ALLOWED dapp page gets nothing from the widget nested in it.
// The framed page is the classic-script fixture on the allowed dapp origin (the demo's in-page
// Dev Wallet needs localStorage, which a cross-site iframe is denied here).

test('a refused page framing an allowed dapp: the nested widget refuses with 4900', async ({ page }) => {
  await page.goto(
    `${urls.foreign}/fixtures/frames-dapp.html?src=${encodeURIComponent(`${urls.dapp}/fixtures/classic.html`)}`,
  );
  const dapp = page.frameLocator('iframe[title="framed dapp"]');
  const chain = dapp.getByTestId('classic-chain');
  await expect(chain).toHaveText(/^4900: /, { timeout: 15_000 });
  await expect(chain).toContainText(urls.foreign);
  await expect(
    dapp.frameLocator('iframe[title="Airlock wallet widget"]').getByRole('alert', { includeHidden: true }),
  ).toContainText('Invalid App Configuration');
});

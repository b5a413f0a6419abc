import { expect, test, urls } from './support/test';
import { startAttackerApi } from './support/trust';
import { widget } from './support/widget';

// The frame trusts only its own deployment (docs/threat-model.md, "Trust inputs"): a page on
// a refused origin that hands the widget its own provider API, whose /projects/v1/origins
// answers ["*"], is still refused, and learns it at once instead of after the 20 s handshake
// timeout. The bound (15 s, under the 20 s handshake timeout) leaves room for a loaded CI machine:
// the time itself is reported by the bench.

test('a refused page passing its own apiUrl gets 4900 naming its origin, for calls and open()', async ({ page }) => {
  const api = await startAttackerApi();
  try {
    await page.goto(
      `${urls.foreign}/fixtures/own-api.html?api=${encodeURIComponent(api.url)}&relay=ws%3A%2F%2F127.0.0.1%3A1`,
    );
    const chain = page.getByTestId('attack-chain');
    await expect(chain).toHaveText(/^4900: /, { timeout: 15_000 });
    await expect(chain).toContainText(urls.foreign);
    test
      .info()
      .annotations.push({ type: 'refusal ms (eth_chainId)', description: String(await chain.getAttribute('data-ms')) });

    await page.getByRole('button', { name: 'Open widget' }).click();
    const opened = page.getByTestId('attack-open');
    await expect(opened).toHaveText(/^4900: /, { timeout: 15_000 });
    await expect(opened).toContainText(urls.foreign);

    // The frame never asked the page's API, and shows the spec §8 alert (hidden: never connected).
    expect(api.hits()).toBe(0);
    await expect(widget(page).getByRole('alert', { includeHidden: true })).toContainText('Invalid App Configuration');
  } finally {
    await api.close();
  }
});

test('an allowed page passing its own apiUrl still gets the deployment API, not its own', async ({ page }) => {
  const api = await startAttackerApi();
  try {
    await page.goto(`${urls.dapp}/fixtures/own-api.html?api=${encodeURIComponent(api.url)}`);
    await expect(page.getByTestId('attack-chain')).toHaveText('"0x7a69"');
    expect(api.hits()).toBe(0);
  } finally {
    await api.close();
  }
});

import { expect, test, urls } from './support/test';
import { DAPP_AUTO_APPROVE, connectDevWallet, showAccount, widget } from './support/widget';

const onramp = async (action: 'stop' | 'start') => {
  const response = await fetch(`${urls.dapp}/__e2e/onramp/${action}`, { method: 'POST' });
  if (response.status !== 204) throw new Error(`onramp ${action}: ${response.status} ${await response.text()}`);
};

test.afterEach(() => onramp('start'));

test('with the card providers down: the sample options and the mock quote (spec §8), shown as such', async ({
  page,
}) => {
  await onramp('stop');
  // The API's fallbacks: built-in sample options, and the mock quote when quoting fails.
  const api = (path: string, init?: RequestInit) =>
    fetch(`${urls.api}${path}${path.includes('?') ? '&' : '?'}projectId=airlock-dev`, {
      ...init,
      headers: { 'content-type': 'application/json', origin: urls.frame },
    }).then((r) => r.json());
  const options = await api('/v1/onramp/options');
  expect(options.providers).toEqual([]);
  expect(options.purchaseCurrencies.map((c: { id: string }) => c.id)).toEqual(['USDC']);
  const quote = await api('/v1/onramp/quote', {
    method: 'POST',
    body: JSON.stringify({ purchaseCurrency: 'DEV', paymentCurrency: 'USD', amount: 50, network: 'eip155:31337' }),
  });
  expect(quote.quoteId).toBe('mocked-quote-id');

  await page.goto(DAPP_AUTO_APPROVE);
  await connectDevWallet(page);
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Buy', exact: true }).click();
  const buy = widget(page).getByRole('dialog', { name: 'Buy crypto' });
  await expect(buy.getByTestId('onramp-fallback')).toHaveText(
    'The card providers did not answer: these are sample options, buying is unavailable',
  );
  await expect(buy.getByTestId('onramp-not-offered')).toContainText('USDC on Ethereum, Polygon');
  await expect(buy.getByRole('button', { name: 'Buy', exact: true })).toBeDisabled();
});

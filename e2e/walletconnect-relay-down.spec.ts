import { expect, test, urls } from './support/test';
import { DAPP_PROMPT, modal, widget } from './support/widget';

test('an unreachable WalletConnect relay ends in an error with Try again, which pairs once the relay is back', async ({
  page,
}) => {
  // While `down`, every WebSocket to the relay is closed at once: the relay is unreachable.
  let down = true;
  const relay = new RegExp(`^${urls.relayUrl.replace(/[.]/g, '\\.')}`);
  await page.routeWebSocket(relay, (ws) => (down ? ws.close() : ws.connectToServer()));
  await page.goto(DAPP_PROMPT);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'WalletConnect' }).click();
  await expect(widget(page).getByText('Loading QR code')).toBeVisible();

  // The frame gives up after its pairing timeout (10 s) and says what failed.
  await expect(widget(page).getByText('Could not reach the WalletConnect relay', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await expect(widget(page).getByRole('button', { name: 'Try again' })).toBeVisible();

  // The relay is back: Try again shows the QR code.
  down = false;
  await widget(page).getByRole('button', { name: 'Try again' }).click();
  await expect(widget(page).getByRole('img', { name: /QR code/ })).toBeVisible({ timeout: 30_000 });
});

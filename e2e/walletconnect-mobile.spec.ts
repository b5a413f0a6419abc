import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { expect, test } from './support/test';
import { DAPP_PROMPT, modal, widget } from './support/widget';

/**
 * WalletConnect views: on a phone the listing's wallets open directly (their mobile link
 * with the `wc:` URI appended) above the QR code; the QR code carries the WalletConnect
 * logo in its centre and still decodes to the pairing URI (error correction level H).
 */

/**
 * Decodes the QR code shown in `qr` from a screenshot of it (the pixels a camera would see),
 * with jsQR: its text, and whether its version is the one of error correction level H for
 * that text (a lower level would fit the same text in a smaller version).
 */
async function decodeQr(page: Page, qr: Locator): Promise<{ text: string; levelH: boolean } | null> {
  const png = (await qr.screenshot()).toString('base64');
  const scratch = await page.context().newPage();
  try {
    const { width, height, data } = await scratch.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
      return { width: pixels.width, height: pixels.height, data: Array.from(pixels.data) };
    }, png);
    const found = jsQR(new Uint8ClampedArray(data), width, height);
    if (!found) return null;
    const levelH = found.version === QRCode.create(found.data, { errorCorrectionLevel: 'H' }).version;
    return { text: found.data, levelH };
  } finally {
    await scratch.close();
  }
}

/** Opens the plain WalletConnect entry and resolves with the pairing URI. */
async function openWalletConnect(page: Page): Promise<string> {
  await page.goto(DAPP_PROMPT);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'WalletConnect' }).click();
  await expect(widget(page).getByTestId('wc-uri')).toHaveText(/^wc:/);
  return (await widget(page).getByTestId('wc-uri').textContent())!;
}

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('lists the wallets to open directly with the pairing URI, and the QR code for another device', async ({
    page,
  }) => {
    const uri = await openWalletConnect(page);
    const list = widget(page).getByRole('navigation', { name: 'Open a wallet on this phone' });
    await expect(list).toBeVisible();
    const harbor = list.getByRole('link', { name: 'Harbor Wallet' });
    // The listing's native link (harbor://) with wc?uri=<the encoded wc: URI>.
    await expect(harbor).toHaveAttribute('href', `harbor://wc?uri=${encodeURIComponent(uri)}`);
    // Only wallets with a mobile link are offered.
    await expect(list.getByRole('link', { name: 'Dev Wallet' })).toHaveCount(0);
    await expect(widget(page).getByText('Or scan this QR code from another device')).toBeVisible();
    const qr = widget(page).locator('.airlock-qr');
    await expect(qr.getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible();
    expect(await decodeQr(page, qr)).toEqual({ text: uri, levelH: true });
  });
});

test('the desktop QR code has the WalletConnect logo in its centre and still decodes to the pairing URI', async ({
  page,
}) => {
  const uri = await openWalletConnect(page);
  const qr = widget(page).locator('.airlock-qr');
  await expect(qr.getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible();
  const logo = qr.locator('.airlock-qr-logo');
  await expect(logo).toBeVisible();
  const [box, code] = [
    await logo.boundingBox(),
    await qr.getByRole('img', { name: 'WalletConnect QR code' }).boundingBox(),
  ];
  expect(Math.abs(box!.x + box!.width / 2 - (code!.x + code!.width / 2))).toBeLessThan(1);
  expect(Math.abs(box!.y + box!.height / 2 - (code!.y + code!.height / 2))).toBeLessThan(1);
  expect(await decodeQr(page, qr)).toEqual({ text: uri, levelH: true });
  // No phone list on a desktop.
  await expect(widget(page).getByRole('navigation', { name: 'Open a wallet on this phone' })).toHaveCount(0);
});

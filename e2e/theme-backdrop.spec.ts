import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { DAPP_AUTO_APPROVE, modal } from './support/widget';

/** The colour [r, g, b] of the page's pixel at (x, y) as the visitor sees it (a screenshot). */
async function pixel(page: Page, x: number, y: number): Promise<number[]> {
  const png = await page.screenshot({ clip: { x, y, width: 1, height: 1 } });
  return page.evaluate(async (base64) => {
    const blob = await (await fetch(`data:image/png;base64,${base64}`)).blob();
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(1, 1);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
  }, png.toString('base64'));
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`with the OS in ${colorScheme} mode the backdrop dims the dapp page instead of hiding it`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto(DAPP_AUTO_APPROVE);
    // A red patch on the dapp page, under the widget's backdrop.
    await page.evaluate(() => {
      const patch = document.createElement('div');
      patch.style.cssText = 'position:fixed;left:0;top:0;width:40px;height:40px;background:rgb(255,0,0);z-index:10';
      document.body.append(patch);
    });
    expect(await pixel(page, 10, 10)).toEqual([255, 0, 0]);

    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(modal(page, 'Connect Wallet')).toBeVisible();
    // The backdrop is a translucent black: the patch shows through, darker (not an opaque canvas).
    const [r, g, b] = await pixel(page, 10, 10);
    expect(r).toBeGreaterThan(100);
    expect(r).toBeLessThan(200);
    expect(Math.max(g!, b!)).toBeLessThan(30);
  });
}

import type { Page, Request } from '@playwright/test';
import { expect, test, urls } from './support/test';
import { signIn } from './support/siwx';
import { connectDevWallet, widget } from './support/widget';

/**
 * Analytics (spec §7, on by the §1 local defaults): the frame asks the provider API's
 * `/getAnalyticsConfig` once, then POSTs `/e` for the modal opening, the connection and the
 * sign-in's outcome (spec §4 'tracks success'), to the real API of the stack.
 */

/** The analytics calls the frame makes from now on: `GET /getAnalyticsConfig` and each event name of `POST /e`. */
function recordAnalytics(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/getAnalyticsConfig') seen.push('config');
    if (url.pathname === '/e' && request.method() === 'POST') {
      const body = request.postDataJSON() as { props: { event: string; address?: string; network?: string } };
      seen.push([body.props.event, body.props.address ?? body.props.network].filter(Boolean).join(' '));
    }
  });
  return seen;
}

test('the modal, the connection and the sign-in are tracked after one /getAnalyticsConfig', async ({ page }) => {
  const seen = recordAnalytics(page);
  await page.goto(`${urls.dapp}/?autoApprove=1&siwx=1`);
  const address = await connectDevWallet(page);
  await expect.poll(() => seen).toEqual(expect.arrayContaining(['config', 'MODAL_OPEN', `CONNECT_SUCCESS ${address}`]));
  await signIn(page);
  await expect.poll(() => seen.filter((e) => e.startsWith('SIWX_'))).toEqual(['SIWX_AUTH_SUCCESS eip155:31337']);
  await expect.poll(() => seen).toContain('MODAL_CLOSE');
  expect(seen.filter((e) => e === 'config')).toEqual(['config']);
  await expect(widget(page).getByRole('dialog')).toBeHidden();
});

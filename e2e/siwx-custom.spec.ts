import { expect, test, urls } from './support/test';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import { connectDevWallet, dapp, modal, widget } from './support/widget';

test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

/**
 * Custom sign-in mode (docs/siwx.md): the demo's own server is the relying party
 * (`siwx.custom`: `GET /api/siwx/custom/nonce`, `POST /api/siwx/custom/verify`, scripts/stack.mjs,
 * verifying with `@airlock/siwx`). The provider API is not asked; the frame sends the dapp's
 * server only the message and its signature.
 */

test('the dapp server issues the nonce and verifies; the frame sends it only the message and signature', async ({
  page,
}) => {
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/siwx/')) apiCalls.push(r.url());
  });
  await page.goto(`${urls.dapp}/?autoApprove=1&siwx=1&siwxCustom=1`);
  await connectDevWallet(page);
  await expect(modal(page, 'Sign In')).toBeVisible();
  const nonce = page.waitForResponse((r) => r.url().endsWith('/api/siwx/custom/nonce'));
  const verify = page.waitForRequest((r) => r.url().endsWith('/api/siwx/custom/verify') && r.method() === 'POST');
  await widget(page).getByRole('button', { name: 'Sign', exact: true }).click();
  const issued = ((await (await nonce).json()) as { nonce: string }).nonce;
  const sent = await verify;
  await expect(widget(page).getByRole('dialog')).toBeHidden();
  await expect(dapp(page, 'dapp-siwx')).toHaveText('signed in');

  const body = sent.postDataJSON() as Record<string, string>;
  expect(Object.keys(body).sort()).toEqual(['message', 'signature']);
  expect(body.message).toContain(`Nonce: ${issued}`);
  expect(body.message).toContain(`\nURI: ${urls.dapp}\n`);
  const headers = await sent.allHeaders();
  expect(headers.cookie).toBeUndefined();
  expect(headers.authorization).toBeUndefined();
  expect(headers.referer).toBeUndefined();
  expect(apiCalls).toEqual([]);

  // The dapp server used the nonce up: the same message and signature again is refused.
  const replay = await fetch(`${urls.dapp}/api/siwx/custom/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(urls.frameUrl).origin },
    body: JSON.stringify(body),
  });
  expect(replay.status).toBe(401);
  expect(await replay.json()).toEqual({ reason: 'Unknown or used nonce' });
});

test('the dapp server refuses: Error signing message, and the session stays absent', async ({ page }) => {
  await page.goto(`${urls.dapp}/?autoApprove=1&siwx=1&siwxCustom=1`);
  await connectDevWallet(page);
  await page.context().route('**/api/siwx/custom/verify', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: '{"reason":"no"}',
      headers: { 'access-control-allow-origin': '*' },
    }),
  );
  await widget(page).getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(widget(page).getByRole('alert')).toHaveText('Error signing message');
  await expect(dapp(page, 'dapp-siwx')).toHaveText('none');
});

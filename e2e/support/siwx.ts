import type { Page } from '@playwright/test';
import { expect, urls } from './test';
import { dapp, widget } from './widget';

/**
 * Steps of the sign-in specs (docs/siwx.md) on the demo dapp loaded with `?siwx=1`: whatever the
 * wallet (Dev Wallet, Dev Solana Wallet), the widget's Sign In view, the provider API's
 * `/v1/siwx/verify` and the demo server's session check are the same.
 */

/** The dapp's host: the `domain` every sign-in message must name. */
export const DAPP_HOST = new URL(urls.dapp).host;

/** The CAIP-122 message and signature the frame posted to the API's `/v1/siwx/verify`. */
export type SignedMessage = { message: string; signature: string };

/**
 * Presses Sign in the open Sign In view, waits for the modal to close and the dapp to say
 * 'signed in', and returns what the frame sent to the API's verify.
 */
export async function signIn(page: Page): Promise<SignedMessage> {
  const verify = page.waitForRequest((r) => r.url().includes('/v1/siwx/verify'));
  await widget(page).getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(widget(page).getByRole('dialog')).toBeHidden();
  await expect(dapp(page, 'dapp-siwx')).toHaveText('signed in');
  return (await verify).postDataJSON() as SignedMessage;
}

/** The demo server's verdict on the current session token ('valid', 'invalid: …', 'revoked'). */
export async function serverSays(page: Page): Promise<string> {
  await dapp(page, 'dapp-siwx-server').evaluate((e) => (e.textContent = ''));
  await page.getByRole('button', { name: 'Verify session on server' }).click();
  await expect(dapp(page, 'dapp-siwx-server')).not.toHaveText('');
  return (await dapp(page, 'dapp-siwx-server').textContent())!;
}

/** Reloads the page: the session is still there (no Sign In view) and the server still takes it. */
export async function expectSessionAfterReload(page: Page): Promise<void> {
  await page.reload();
  await expect(dapp(page, 'dapp-siwx')).toHaveText('signed in');
  await expect(widget(page).getByRole('dialog')).toBeHidden();
  expect(await serverSays(page)).toBe('valid');
}

/** The dapp's Revoke session: the server then refuses the token. */
export async function revokeSession(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Revoke session' }).click();
  await expect(dapp(page, 'dapp-siwx-server')).toHaveText('revoked');
  expect(await serverSays(page)).toBe('invalid: Revoked');
}

/**
 * The page asked for `domain=evil.example` (`&siwxDomain=evil.example`): the signed message still
 * names the verified parent origin, and the dapp's session has its host.
 * @param chainName 'Ethereum' or 'Solana', as in the message's first line
 */
export async function expectSignedForDapp(page: Page, sent: SignedMessage, chainName: string): Promise<void> {
  expect(sent.message.split('\n')[0]).toBe(`${DAPP_HOST} wants you to sign in with your ${chainName} account:`);
  expect(sent.message).toContain(`\nURI: ${urls.dapp}\n`);
  expect(sent.message).not.toContain('evil.example');
  await expect(dapp(page, 'dapp-siwx-domain')).toHaveText(DAPP_HOST);
}

/** The same signed message sent to the API again is refused: its nonce is used up. */
export async function expectReplayRefused(sent: SignedMessage): Promise<void> {
  const replay = await fetch(`${urls.api}/v1/siwx/verify?projectId=airlock-dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(sent),
    signal: AbortSignal.timeout(10_000),
  });
  expect(replay.status).toBe(401);
  expect(await replay.json()).toEqual({ message: 'Invalid or expired nonce' });
}

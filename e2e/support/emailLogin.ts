import type { BrowserContext, FrameLocator, Locator, Page } from '@playwright/test';
import { rpc } from '../../scripts/stack.mjs';
import { expect, urls } from './test';
import { ADDRESS, dapp, modal, widget } from './widget';

/**
 * Helpers of the embedded-wallet specs (e2e/embedded-*.spec.ts of the widget frame): the email login as a
 * visitor does it, with the code read from the local mail catcher's JSON inbox
 * (`GET <mailWeb>/api/messages?to=`, apps/mail-catcher), and the secure frame's own
 * approval inside the widget frame.
 */

/** A fresh address per test, so logins and cool-downs of different tests never meet. */
export function freshEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
}

/** One message of the mail catcher's JSON inbox (the fields the specs use). */
export type InboxMessage = {
  id: number;
  to: string[];
  subject: string;
  code: string | null;
  links: string[];
  receivedAt: number;
};

/** The messages to `email`, newest first. */
export async function inbox(email: string): Promise<InboxMessage[]> {
  const response = await fetch(`${urls.mailWeb}/api/messages?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`mail catcher: ${response.status}`);
  const body = (await response.json()) as InboxMessage[] | { messages: InboxMessage[] };
  return Array.isArray(body) ? body : body.messages;
}

/** Waits for a message to `email` newer than `afterId` with a 6-digit code; returns the code and the message id. */
export async function waitForCode(email: string, afterId = 0): Promise<{ code: string; id: number }> {
  let found: InboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await inbox(email)).find((m) => m.id > afterId && m.code);
        return found?.code ?? null;
      },
      { timeout: 20_000 },
    )
    .toMatch(/^\d{6}$/);
  return { code: found!.code!, id: found!.id };
}

/**
 * Moves the API's embedded-wallet clock forward (`POST /v1/test/clock`, on only in the e2e stack:
 * `AIRLOCK_API_TEST_CLOCK=1`, docs/embedded-wallet.md "Test clock"). It never moves back, which the
 * later specs do not notice: codes, sessions and cool-downs are all measured on that one clock.
 */
export async function advanceApiClock(ms: number): Promise<void> {
  const response = await fetch(`${urls.api}/v1/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`test clock: ${response.status} ${await response.text()}`);
}

/** The newest message id to `email` (0 when none). */
export async function lastMessageId(email: string): Promise<number> {
  return (await inbox(email))[0]?.id ?? 0;
}

/** The secure frame (origin C) inside the widget frame. */
export function secureFrame(page: Page): FrameLocator {
  return widget(page).frameLocator('iframe[data-testid="secure-frame"]');
}

/** Opens Connect from the dapp and types `email` in the widget's email field. */
export async function startEmailLogin(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByPlaceholder('Email').fill(email);
  await widget(page).getByRole('button', { name: 'Continue' }).click();
  await expect(modal(page, 'Confirm Email')).toBeVisible();
}

/** Types a code into the six boxes with the keyboard (the last digit submits). */
export async function typeCode(page: Page, code: string): Promise<void> {
  await widget(page).getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

/** Logs in by email from a fresh page: Connect → email → the mailed code. Resolves with the address the dapp shows. */
export async function emailLogin(page: Page, email: string): Promise<`0x${string}`> {
  await startEmailLogin(page, email);
  const { code } = await waitForCode(email);
  await typeCode(page, code);
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS, { timeout: 30_000 });
  return (await dapp(page, 'dapp-account').textContent())!.trim() as `0x${string}`;
}

/** The widget's approval dialog, titled by what is asked (a transaction, a message or typed data signature). */
export const approvalDialog = (page: Page) =>
  widget(page).getByRole('dialog', { name: /^(Approve Transaction|Sign Message|Sign Typed Data)$/ });

/**
 * Approves as a visitor does: "Review in secure window" in the secure frame (enabled once its
 * card has been visible for 500 ms), then Approve in that window (a popup on the secure
 * frame's origin, enabled after 500 ms of focus), which closes itself.
 */
export async function approveInSecureFrame(page: Page): Promise<void> {
  await expect(approvalDialog(page)).toBeVisible();
  await approveInWindow(page.context(), secureFrame(page).getByTestId('review'));
}

/**
 * Clicks `review` (the secure frame's "Review in secure window"), checks the window it opens is on
 * the secure frame's origin, and approves there (or rejects, `decision`); resolves when it closed.
 * @returns the approval window (closed by then)
 */
export async function approveInWindow(
  context: BrowserContext,
  review: Locator,
  decision: 'approve' | 'reject' = 'approve',
): Promise<Page> {
  await expect(review).toBeEnabled({ timeout: 10_000 });
  const [popup] = await Promise.all([context.waitForEvent('page'), review.click()]);
  expect(new URL(popup.url()).origin).toBe(urls.secureFrame);
  const button = popup.getByTestId(decision);
  await expect(button).toBeEnabled({ timeout: 10_000 });
  const closed = popup.waitForEvent('close');
  await button.click();
  await closed;
  return popup;
}

/** Clicks the secure frame's own Reject. */
export async function rejectInSecureFrame(page: Page): Promise<void> {
  await expect(approvalDialog(page)).toBeVisible();
  await secureFrame(page).getByRole('button', { name: 'Reject' }).click();
}

/** Gives `address` 1 ETH on chain A (anvil_setBalance; the chain snapshot of each test undoes it). */
export async function fund(address: string): Promise<void> {
  await rpc(urls.rpcA, 'anvil_setBalance', [address, '0xde0b6b3a7640000']);
}

import type { Frame, Page } from '@playwright/test';
import { expect, urls } from './test.ts';

/**
 * Helpers of the embedded-wallet specs: the harness that plays the widget frame
 * (e2e/support/embedded-harness.html, served on the frame origin in e2e mode) and
 * the mail catcher's JSON inbox.
 */

/** The harness URL on the widget frame origin. */
export const HARNESS_URL = `${urls.frame}/__e2e/embedded-harness.html`;

/** A fresh address for one test. */
export const freshEmail = (tag: string) =>
  `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Where the harness runs: the page itself (top-level) or its frame inside a dapp page. */
export type Harness = { frame: Frame; secure: () => Frame };

/**
 * Opens the harness top-level (`dapp` undefined: the dapp origin is the frame origin), or
 * inside `dapp`'s /fixtures/embedded-dapp.html, and waits for the secure frame's READY.
 */
export async function openHarness(page: Page, dapp?: string): Promise<Harness> {
  if (dapp) await page.goto(`${dapp}/fixtures/embedded-dapp.html?harness=${encodeURIComponent(HARNESS_URL)}`);
  else await page.goto(HARNESS_URL);
  const frame = dapp ? await waitForFrame(page, (f) => f.url().startsWith(HARNESS_URL)) : page.mainFrame();
  await frame.waitForFunction(() => (window as any).harness?.ready);
  await frame.evaluate(() => (window as any).harness.ready);
  return { frame, secure: () => page.frames().find((f) => f.url().startsWith(urls.secureFrame))! };
}

async function waitForFrame(page: Page, match: (frame: Frame) => boolean): Promise<Frame> {
  await expect.poll(() => page.frames().some(match)).toBe(true);
  return page.frames().find(match)!;
}

/** Calls a secure frame method through the harness (penpal, as the widget frame does); returns the Result. */
export function call(harness: Harness, name: string, ...args: unknown[]): Promise<any> {
  return harness.frame.evaluate(([n, a]) => (window as any).harness.call(n, ...(a as unknown[])), [
    name,
    args,
  ] as const);
}

/** Starts a call without waiting for it (`settle(key)` reads its Result). */
export function start(harness: Harness, key: string, name: string, ...args: unknown[]): Promise<void> {
  return harness.frame.evaluate(([k, n, a]) => (window as any).harness.start(k, n, ...(a as unknown[])), [
    key,
    name,
    args,
  ] as const);
}

/** The Result of a call started with {@link start}. */
export function settle(harness: Harness, key: string): Promise<any> {
  return harness.frame.evaluate((k) => (window as any).harness.settle(k), key);
}

/** Sends SYNC_DAPP_DATA with the harness's dapp origin for the dev project. */
export function syncDapp(harness: Harness): Promise<any> {
  return harness.frame.evaluate(() =>
    (window as any).harness.call('syncDappData', {
      projectId: 'airlock-dev',
      dappOrigin: (window as any).harness.dappOrigin,
      sdkVersion: 'e2e',
      sdkType: 'harness',
    }),
  );
}

type Mail = { id: number; to: string[]; subject: string; code: string | null; links: string[]; receivedAt: number };

/** The newest mail to `to` after mail id `after` that matches, read from the mail catcher's JSON inbox. */
export async function newestMail(to: string, after = 0, match: (m: Mail) => boolean = () => true): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const list = (await (await fetch(`${urls.mailWeb}/api/messages?to=${encodeURIComponent(to)}`)).json()) as Mail[];
      found = list.find((m) => m.id > after && match(m));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** The id of the newest mail to `to` (0 when none). */
export async function lastMailId(to: string): Promise<number> {
  const list = (await (await fetch(`${urls.mailWeb}/api/messages?to=${encodeURIComponent(to)}`)).json()) as Mail[];
  return list[0]?.id ?? 0;
}

/** Logs `email` in through the harness with the mailed code (a new account, or a device that gets a code). */
export async function loginWithCode(harness: Harness, email: string): Promise<any> {
  const before = await lastMailId(email);
  const started = await call(harness, 'connectEmail', { email });
  expect(started).toEqual({ ok: true, value: { action: 'VERIFY_OTP' } });
  const { code } = await newestMail(email, before);
  const user = await call(harness, 'connectOtp', { otp: code });
  expect(user.ok).toBe(true);
  return user.value;
}

/**
 * Logs `email` in on a device the account does not know yet: VERIFY_DEVICE, the mailed link
 * opened in `linkPage` and approved, then CONNECT_DEVICE. A device the account knows answers CONNECT.
 */
export async function loginOnNewDevice(harness: Harness, email: string, linkPage: Page): Promise<any> {
  const before = await lastMailId(email);
  const started = await call(harness, 'connectEmail', { email });
  expect(started.ok).toBe(true);
  if (started.value.action === 'CONNECT')
    return (await call(harness, 'getUser', { caipNetworkId: 'eip155:31337' })).value;
  expect(started.value.action).toBe('VERIFY_DEVICE');
  const mail = await newestMail(email, before, (m) => m.links.some((l) => l.includes('/device/approve')));
  const waiting = harness.frame.evaluate(() => (window as any).harness.call('connectDevice'));
  await linkPage.goto(mail.links.find((l) => l.includes('/device/approve'))!);
  await linkPage.getByRole('button', { name: 'Approve' }).click();
  await expect(linkPage.locator('#decision')).toHaveText('Device approved');
  const user = await waiting;
  expect(user.ok).toBe(true);
  return user.value;
}

import { createPublicClient, http, parseEther, stringToHex, verifyMessage } from 'viem';
import { rpc } from '../scripts/stack.mjs';
import { expect, test, urls } from './support/test.ts';
import { approveInWindow } from './support/emailLogin.ts';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust.ts';
import {
  call,
  freshEmail,
  loginOnNewDevice,
  loginWithCode,
  newestMail,
  openHarness,
  settle,
  start,
  syncDapp,
  type Harness,
} from './support/embedded.ts';

/**
 * The embedded wallet's secure frame (origin C) in Chromium, driven by a harness
 * that plays the widget frame (origin B): email login with the code read from the
 * real mail catcher, keys that survive a reload, signing with the secure frame's
 * own approval screen and its approval window (a popup on its own origin, where Approve
 * lives), and the clickjacking gate (IntersectionObserver v2) of the in-frame card.
 */

// Chromium as people run it: third-party storage partitioned by top-level site (Playwright turns it off by
// default, which blocks the secure frame's IndexedDB; it then keeps everything in memory until a reload).
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

const CHAIN = 'eip155:31337';
const rpcRequest = (method: string, params: unknown, id = `req-${Math.random().toString(36).slice(2, 12)}`) => ({
  id,
  method,
  params,
  chainNamespace: 'eip155',
  caipNetworkId: CHAIN,
  rpcUrl: urls.rpcA,
});
const addressOf = (user: any) => (user.accounts[0].caipAddress as string).split(':')[2] as `0x${string}`;

async function ready(page: import('@playwright/test').Page, dapp?: string): Promise<Harness> {
  const harness = await openHarness(page, dapp);
  expect(await syncDapp(harness)).toEqual({ ok: true, value: null });
  return harness;
}

test('logs in by email with the mailed code, signs a message the dapp verifies, and is restored after a reload without a code', async ({
  page,
}) => {
  const email = freshEmail('ana');
  let harness = await ready(page);
  const user = await loginWithCode(harness, email);
  expect(user).toMatchObject({ email, preferredAccountType: 'eoa', smartAccountDeployed: false });
  expect(user.accounts.map((a: any) => a.caipAddress.split(':')[0])).toEqual(['eip155', 'solana']);
  const address = addressOf((await call(harness, 'getUser', { caipNetworkId: CHAIN })).value);

  const message = 'Sign in to the e2e dapp';
  await start(harness, 'sign', 'rpcRequest', rpcRequest('personal_sign', [stringToHex(message), address]));
  const approval = harness.secure().getByTestId('approval');
  await expect(approval.getByTestId('approval-message')).toHaveText(message);
  await expect(approval.getByTestId('approval-origin')).toHaveText(urls.frame);
  await expect(approval.getByTestId('approval-network')).toContainText('31337');
  // Approve exists only in the secure window (a popup on the secure frame's origin).
  await expect(approval.getByTestId('approve')).toHaveCount(0);
  await approveInWindow(page.context(), approval.getByTestId('review'));
  const signed = await settle(harness, 'sign');
  expect(signed.ok).toBe(true);
  expect(await verifyMessage({ address, message, signature: signed.value })).toBe(true);

  await page.reload();
  harness = await ready(page);
  expect(await call(harness, 'isConnected')).toEqual({ ok: true, value: { isConnected: true } });
  const restored = await call(harness, 'getUser', { caipNetworkId: CHAIN });
  expect(restored.ok).toBe(true);
  expect(restored.value.accounts).toEqual((await call(harness, 'getUser', { caipNetworkId: CHAIN })).value.accounts);
  expect(addressOf(restored.value)).toBe(address);

  expect(await call(harness, 'signOut')).toEqual({ ok: true, value: null });
  expect(await call(harness, 'isConnected')).toEqual({ ok: true, value: { isConnected: false } });
  expect((await call(harness, 'getUser', { caipNetworkId: CHAIN })).error.code).toBe(4100);
});

test('a covered or transparent approval keeps its Review button disabled; uncovered, it approves in the secure window and the ETH transfer is mined', async ({
  page,
}) => {
  const harness = await ready(page);
  const user = await loginWithCode(harness, freshEmail('cy'));
  const address = addressOf(user);
  await rpc(urls.rpcA, 'anvil_setBalance', [address, `0x${parseEther('2').toString(16)}`]);
  const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

  // Covered before the approval appears (pointer-events: none, so a click would pass through).
  await harness.frame.evaluate(() => (window as any).harness.cover(true));
  await start(
    harness,
    'send',
    'rpcRequest',
    rpcRequest('eth_sendTransaction', [{ from: address, to, value: `0x${parseEther('0.5').toString(16)}` }]),
  );
  const approval = harness.secure().getByTestId('approval');
  await expect(approval).toContainText('0.5 ETH');
  await expect(approval).toContainText(to);
  await expect(approval).toHaveAttribute('data-gate', 'hidden');
  await expect(approval.getByTestId('review')).toBeDisabled();
  // A click through the cover lands on the disabled button: no window opens.
  const box = (await harness.frame.locator('#secure').boundingBox())!;
  const button = (await approval.getByTestId('review').boundingBox())!;
  await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
  expect(box.height).toBeGreaterThan(0);
  await expect(approval.getByTestId('review')).toBeDisabled();
  expect(page.context().pages()).toHaveLength(1);

  // Transparent: the same.
  await harness.frame.evaluate(() => {
    (window as any).harness.cover(false);
    document.getElementById('secure')!.style.opacity = '0.5';
  });
  await expect(approval).toHaveAttribute('data-gate', 'hidden');
  await expect(approval.getByTestId('review')).toBeDisabled();

  // Plainly visible: enabled after 500 ms; the secure window approves and the transaction is sent.
  await harness.frame.evaluate(() => (document.getElementById('secure')!.style.opacity = '1'));
  await approveInWindow(page.context(), approval.getByTestId('review'));
  const sent = await settle(harness, 'send');
  expect(sent.ok).toBe(true);
  const client = createPublicClient({ transport: http(urls.rpcA) });
  const receipt = await client.waitForTransactionReceipt({ hash: sent.value, timeout: 15_000 });
  expect(receipt.status).toBe('success');
  expect(receipt.from.toLowerCase()).toBe(address.toLowerCase());
  // The frame is hidden again once nothing is pending.
  await expect
    .poll(() => harness.frame.evaluate(() => (window as any).harness.layouts.at(-1)))
    .toEqual({ visible: false });
});

test('rejects with 4001, aborts with 4001, and refuses unknown methods with 4200', async ({ page }) => {
  const harness = await ready(page);
  const address = addressOf(await loginWithCode(harness, freshEmail('di')));
  await start(harness, 'reject', 'rpcRequest', rpcRequest('personal_sign', [stringToHex('no'), address]));
  await harness.secure().getByTestId('reject').click();
  expect((await settle(harness, 'reject')).error).toEqual({ code: 4001, message: 'User rejected the request' });

  await start(
    harness,
    'abort',
    'rpcRequest',
    rpcRequest('personal_sign', [stringToHex('later'), address], 'abort-me-123'),
  );
  await expect(harness.secure().getByTestId('approval')).toBeVisible();
  expect(await call(harness, 'rpcAbort', { id: 'abort-me-123' })).toEqual({ ok: true, value: null });
  expect((await settle(harness, 'abort')).error).toEqual({ code: 4001, message: 'Request was aborted' });

  expect((await call(harness, 'rpcRequest', rpcRequest('eth_sign', [address, '0x00']))).error.code).toBe(4200);
  expect((await call(harness, 'rpcRequest', rpcRequest('eth_chainId', []))).value).toBe('0x7a69');
  expect((await call(harness, 'rpcRequest', rpcRequest('eth_accounts', []))).value).toEqual([address]);
});

test.describe('without IntersectionObserver v2', () => {
  test('the approval continues in a popup on the secure frame origin, which approves and rejects', async ({
    page,
    context,
  }) => {
    await context.addInitScript(() => {
      delete (IntersectionObserverEntry.prototype as any).isVisible;
    });
    const harness = await ready(page);
    const address = addressOf(await loginWithCode(harness, freshEmail('eve')));

    for (const decision of ['approve', 'reject'] as const) {
      const message = `popup ${decision}`;
      await start(harness, decision, 'rpcRequest', rpcRequest('personal_sign', [stringToHex(message), address]));
      const approval = harness.secure().getByTestId('approval');
      await expect(approval.getByTestId('approve')).toHaveCount(0);
      // No gate to wait for: the button only opens the window, where Approve waits for 500 ms of focus.
      await expect(approval).toHaveAttribute('data-gate', 'none');
      const [popup] = await Promise.all([context.waitForEvent('page'), approval.getByTestId('review').click()]);
      expect(new URL(popup.url()).origin).toBe(urls.secureFrame);
      await expect(popup.getByTestId('approval-message')).toHaveText(message);
      await expect(popup.getByTestId('approval-origin')).toHaveText(urls.frame);
      await expect(popup.getByTestId(decision)).toBeEnabled();
      const closed = popup.waitForEvent('close');
      await popup.getByTestId(decision).click();
      await closed;
      const result = await settle(harness, decision);
      if (decision === 'approve') expect(await verifyMessage({ address, message, signature: result.value })).toBe(true);
      else expect(result.error.code).toBe(4001);
    }
  });
});

test('the same email gets the same addresses in a second browser context and on a second dapp site', async ({
  page,
  browser,
}) => {
  const email = freshEmail('fay');
  const first = await ready(page);
  const user = await loginWithCode(first, email);

  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const linkPage = await other.newPage();
    const second = await ready(otherPage);
    const again = await loginOnNewDevice(second, email, linkPage);
    expect(again.accounts).toEqual(user.accounts);
  } finally {
    await other.close();
  }

  // The dapp on another site (localhost) embeds the widget, which embeds the secure frame.
  const dappPage = await page.context().newPage();
  const onDapp = await ready(dappPage, urls.dapp);
  expect(await onDapp.frame.evaluate(() => (window as any).harness.dappOrigin)).toBe(urls.dapp);
  const third = await loginOnNewDevice(onDapp, email, await page.context().newPage());
  expect(third.accounts).toEqual(user.accounts);
});

test('the widget frame never receives key material: nothing in its messages or storage, nor the dapp page', async ({
  page,
}) => {
  const harness = await ready(page, urls.dapp);
  const user = await loginWithCode(harness, freshEmail('gus'));
  const address = addressOf(user);
  await start(harness, 'sign', 'rpcRequest', rpcRequest('personal_sign', [stringToHex('hello'), address]));
  await approveInWindow(page.context(), harness.secure().getByTestId('review'));
  expect((await settle(harness, 'sign')).ok).toBe(true);

  // The device share, opened inside the secure frame with its own non-extractable key (the test can; no page can).
  const share = await harness.secure().evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('airlock-secure-frame');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const get = (key: string) =>
      new Promise<any>((resolve) => {
        const r = db.transaction('kv').objectStore('kv').get(key);
        r.onsuccess = () => resolve(r.result);
      });
    const device = await get('device');
    const record = await get('share');
    const bytes = new Uint8Array(
      await crypto.subtle.decrypt({ name: 'AES-GCM', iv: record.share.iv }, device.wrapKey, record.share.data),
    );
    return {
      hex: Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''),
      base64: btoa(String.fromCharCode(...bytes)),
    };
  });
  expect(share.hex.length).toBeGreaterThanOrEqual(34);

  const widgetSide = await harness.frame.evaluate(async () => ({
    messages: (window as any).harness.messages.join('\n'),
    storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    databases: JSON.stringify(await indexedDB.databases()),
  }));
  const dappSide = await page.evaluate(
    async () => JSON.stringify({ ...localStorage }) + JSON.stringify(await indexedDB.databases()),
  );
  expect(widgetSide.messages).toContain(address);
  for (const text of [widgetSide.messages, widgetSide.storage, widgetSide.databases, dappSide]) {
    expect(text).not.toContain(share.hex);
    expect(text).not.toContain(share.base64);
    expect(text).not.toMatch(/authShare|recoveryShare|privateKey|mnemonic|refreshToken|accessToken/i);
  }
});

test('refuses a dapp origin the project does not allow, and stays unusable there', async ({ page }) => {
  const harness = await openHarness(page, urls.foreign);
  const refused = await syncDapp(harness);
  expect(refused.error).toMatchObject({ code: 4900, message: 'Invalid App Configuration' });
  expect((await call(harness, 'connectEmail', { email: freshEmail('hal') })).error.code).toBe(4900);
  // A dapp origin that lies about the top-level page is refused too (ancestorOrigins disagree).
  const lying = await harness.frame.evaluate(() =>
    (window as any).harness.call('syncDappData', {
      projectId: 'airlock-dev',
      dappOrigin: 'http://localhost:1',
      sdkVersion: 'e2e',
      sdkType: 'harness',
    }),
  );
  expect(lying.error.code).toBe(4900);
});

test("the cool-down answers 'Please try again after N seconds', and an API down mid-login gives a clear error and loses nothing", async ({
  page,
}) => {
  const harness = await ready(page);
  const email = freshEmail('ida');
  expect((await call(harness, 'connectEmail', { email })).value).toEqual({ action: 'VERIFY_OTP' });
  const again = await call(harness, 'connectEmail', { email });
  expect(again.error.code).toBe(429);
  expect(again.error.message).toMatch(/^Please try again after (29|30) seconds$/);

  // The API stops after the code was mailed: the code entry fails with a clear message…
  const { code } = await newestMail(email);
  await fetch(`${urls.dapp}/__e2e/api/stop`, { method: 'POST' });
  try {
    const down = await call(harness, 'connectOtp', { otp: code });
    expect(down.error).toEqual({
      code: -32603,
      message: 'Could not reach the wallet server. Please try again',
      // The message key the widget frame shows it by (in the visitor's language).
      data: { messageKey: 'error.LoginUnreachable' },
    });
  } finally {
    await fetch(`${urls.dapp}/__e2e/api/start`, { method: 'POST' });
  }
  // …and once it is back, the same code still signs in.
  const user = await call(harness, 'connectOtp', { otp: code });
  expect(user.ok).toBe(true);
  expect(user.value.email).toBe(email);
});

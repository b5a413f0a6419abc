import { stringToHex, verifyMessage } from 'viem';
import {
  approveInSecureFrame,
  approveInWindow,
  emailLogin,
  freshEmail as freshVisitor,
  secureFrame,
} from './support/emailLogin.ts';
import { call, freshEmail, loginWithCode, openHarness, settle, start, syncDapp } from './support/embedded.ts';
import { expect, test, urls } from './support/test.ts';
import { PARTITIONED_STORAGE_LAUNCH, callFrameMethod, capturePenpalPorts } from './support/trust.ts';
import { DAPP_PROMPT, dapp, modal, widget } from './support/widget.ts';

/**
 * What the visitor sees is what they sign (docs/threat-model.md "Embedded wallet"): the page
 * can mask or scale the widget's iframe, which IntersectionObserver v2 does not see, so
 * Approve lives in a window of the secure frame's own origin; the secure frame keeps its text
 * readable whatever theme the page picks; and two requests at once queue, one after the other.
 */

test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

const CHAIN = 'eip155:31337';
const addressOf = (user: { accounts: { caipAddress: string }[] }) =>
  user.accounts[0]!.caipAddress.split(':')[2] as `0x${string}`;

/** The page's CSS tricks on the iframe that holds the widget (and so the secure frame). */
const ATTACKS = {
  // Only the bottom of the frame (the buttons) shows; the request above is masked out.
  'mask-image':
    '-webkit-mask-image: linear-gradient(transparent 0 80%, black 80%); mask-image: linear-gradient(transparent 0 80%, black 80%);',
  // Everything shows, at 4 px text.
  'zoom: 0.3': 'zoom: 0.3;',
} as const;

for (const [name, css] of Object.entries(ATTACKS)) {
  test(`a page that sets ${name} on the widget iframe and clicks where Approve is gets no signature`, async ({
    page,
    context,
  }) => {
    // The harness (the widget frame's stand-in) inside a dapp page on another site: the page owns the iframe.
    const harness = await openHarness(page, urls.dapp);
    expect(await syncDapp(harness)).toEqual({ ok: true, value: null });
    const address = addressOf(await loginWithCode(harness, freshEmail('mask')));
    const id = `attack-${Math.random().toString(36).slice(2, 12)}`;
    await start(harness, 'sign', 'rpcRequest', {
      id,
      method: 'personal_sign',
      params: [stringToHex('Transfer all my funds'), address],
      chainNamespace: 'eip155',
      caipNetworkId: CHAIN,
      rpcUrl: urls.rpcA,
    });
    const approval = harness.secure().getByTestId('approval');
    await expect(approval.getByTestId('approval-message')).toHaveText('Transfer all my funds');

    // The page masks or scales its iframe, and draws its own words behind it, where the masked-out
    // request was (under the iframe: a layer over it would count as a cover).
    await page.evaluate((style) => {
      const iframe = document.getElementById('widget')!;
      iframe.setAttribute('style', `width: 460px; height: 900px; border: 0; position: relative; z-index: 1; ${style}`);
      const lure = document.createElement('p');
      lure.textContent = 'Approve to claim your reward';
      lure.style.cssText = 'position: absolute; z-index: 0; top: 120px; left: 40px; margin: 0; font: 24px sans-serif;';
      document.body.append(lure);
    }, css);
    // IntersectionObserver v2 does not count masks or proportional scaling: the card reads as visible.
    await expect(approval).toHaveAttribute('data-gate', 'visible');
    const primary = approval.locator('.buttons .primary');
    await expect(primary).toBeEnabled();
    const opened = context.waitForEvent('page', { timeout: 10_000 }).catch(() => null);
    // One real mouse click where the card's primary button is (Approve, before the approval window),
    // placed from the three documents' own rectangles and the iframe's scale.
    const outer = await page.locator('#widget').evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left, y: r.top, scale: r.width / 460 };
    });
    const inner = await harness.frame.locator('#secure').evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left, y: r.top };
    });
    const button = await primary.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
    await page.mouse.click(outer.x + outer.scale * (inner.x + button.x), outer.y + outer.scale * (inner.y + button.y));

    // The request is still waiting for the visitor: aborted now, the dapp gets 4001, not a signature.
    expect(await call(harness, 'rpcAbort', { id })).toEqual({ ok: true, value: null });
    const result = await settle(harness, 'sign');
    expect(result.ok).toBe(false);
    expect(result.error.code).toBe(4001);

    // The click opened the approval window: a top-level window on the secure origin that the page's CSS
    // cannot reach, showing the request at full size; it closes when the request ends.
    const popup = await opened;
    expect(popup).not.toBeNull();
    expect(new URL(popup!.url()).origin).toBe(urls.secureFrame);
    await expect.poll(() => popup!.isClosed()).toBe(true);
  });
}

test("the approval keeps its text readable: colorMix '#141414' at strength 100 is refused on the light theme", async ({
  page,
}) => {
  await capturePenpalPorts(page);
  await page.goto(`${DAPP_PROMPT}?themeMode=light`);
  await emailLogin(page, freshVisitor('contrast'));
  expect(
    await callFrameMethod(page, 'setTheme', [
      { themeMode: 'light', themeVariables: { colorMix: '#141414', colorMixStrength: 100 } },
    ]),
  ).toEqual({ ok: true, value: null });
  await page.getByRole('button', { name: 'Sign message' }).click();
  const frame = secureFrame(page);
  await expect(frame.getByTestId('approval-message')).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('data-theme-refused', 'mix');
  // The contrast of each text against the page's background, as WCAG computes it, from the computed colours.
  const ratios = await frame.getByTestId('approval').evaluate((card) => {
    const rgb = (css: string) => {
      const srgb = /^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)/.exec(css);
      if (srgb) return srgb.slice(1, 4).map((c) => Number(c) * 255);
      return /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)/.exec(css)!.slice(1, 4).map(Number);
    };
    const luminance = (css: string) => {
      const [r, g, b] = rgb(css).map((c) => {
        const v = c / 255;
        return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const bg = luminance(getComputedStyle(card.ownerDocument.body).backgroundColor);
    const ratio = (element: Element) => {
      const fg = luminance(getComputedStyle(element).color);
      return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    };
    const requestedBy = [...card.querySelectorAll('dt')].find((dt) => dt.textContent === 'Requested by')!;
    return {
      message: ratio(card.querySelector('[data-testid="approval-message"]')!),
      requestedBy: ratio(requestedBy),
      origin: ratio(card.querySelector('[data-testid="approval-origin"]')!),
    };
  });
  for (const value of Object.values(ratios)) expect(value).toBeGreaterThanOrEqual(4.5);
  await approveInSecureFrame(page);
  await expect(dapp(page, 'dapp-signature')).toHaveText('valid');
});

test('two requests at once queue: "Request 1 of 2", then the second after the first, both approved in order', async ({
  page,
}) => {
  await page.goto(DAPP_PROMPT);
  const address = await emailLogin(page, freshVisitor('queue'));
  await page.evaluate((from) => {
    const provider = (
      window as unknown as {
        __airlockDemoWidget: { getProvider(ns: 'eip155'): { request(a: unknown): Promise<unknown> } };
      }
    ).__airlockDemoWidget.getProvider('eip155');
    const sign = (text: string) =>
      provider.request({
        method: 'personal_sign',
        params: [`0x${[...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('')}`, from],
      });
    (window as unknown as { queued: Promise<unknown[]> }).queued = Promise.all([sign('first'), sign('second')]);
  }, address);
  const frame = secureFrame(page);
  await expect(modal(page, 'Sign Message')).toBeVisible();
  await expect(frame.getByTestId('approval-position')).toHaveText('Request 1 of 2');
  await expect(frame.getByTestId('approval-message')).toHaveText('first');
  await approveInWindow(page.context(), frame.getByTestId('review'));
  await expect(frame.getByTestId('approval-message')).toHaveText('second');
  await expect(frame.getByTestId('approval-position')).toHaveCount(0);
  await approveInWindow(page.context(), frame.getByTestId('review'));
  const [first, second] = (await page.evaluate(() => (window as unknown as { queued: Promise<string[]> }).queued)) as [
    `0x${string}`,
    `0x${string}`,
  ];
  expect(await verifyMessage({ address, message: 'first', signature: first })).toBe(true);
  expect(await verifyMessage({ address, message: 'second', signature: second })).toBe(true);
  await expect(widget(page).getByRole('dialog')).toBeHidden();
});

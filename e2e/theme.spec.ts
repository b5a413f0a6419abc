import type { Frame, Locator, Page } from '@playwright/test';
import { approveInSecureFrame, emailLogin, freshEmail, secureFrame } from './support/emailLogin';
import { expect, test, urls } from './support/test';
import { PARTITIONED_STORAGE_LAUNCH, callFrameMethod, capturePenpalPorts } from './support/trust';
import { DAPP_PROMPT, dapp, widget } from './support/widget';

/**
 * Theming (docs/theming.md): the theme from createWidget at boot, `setTheme` live (sent on
 * the host's own penpal channel, as the host SDK's theme methods do), the OS colour scheme
 * when no mode is given, and the same theme on the secure frame's approval screen. With
 * `AIRLOCK_SCREENSHOTS` set (`npm run screenshots`), one screenshot per theme.
 */

// The secure frame keeps its device keys in IndexedDB: third-party storage needs partitioning on
// (a launch option, so for the whole file).
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

const SHOTS = process.env.AIRLOCK_SCREENSHOTS;
const PAGE = `${urls.dapp}/fixtures/theme.html`;
const YELLOW = '#ffeb3b';
const CUSTOM = { accent: YELLOW, borderRadius: 4, fontFamily: 'Georgia, serif' };

/** The theme fixture page with `theme` given to createWidget. */
const themePage = (theme: object) => `${PAGE}?theme=${encodeURIComponent(JSON.stringify(theme))}`;

/** A computed CSS colour (`rgb()`, `rgba()` or `color(srgb …)`) as [r, g, b] 0–255, rounded. */
function rgbOf(css: string): number[] {
  const srgb = /^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)/.exec(css);
  if (srgb) return srgb.slice(1, 4).map((c) => Math.round(Number(c) * 255));
  const rgb = /^rgba?\((\d+(?:\.\d+)?),? (\d+(?:\.\d+)?),? (\d+(?:\.\d+)?)/.exec(css);
  if (rgb) return rgb.slice(1, 4).map((c) => Math.round(Number(c)));
  throw new Error(`not a colour: ${css}`);
}

/** The computed style properties of an element. */
async function styleOf(locator: Locator, ...names: string[]): Promise<Record<string, string>> {
  return locator.evaluate(
    (element, names) => Object.fromEntries(names.map((n) => [n, getComputedStyle(element).getPropertyValue(n)])),
    names,
  );
}

/** The widget's modal, its primary button (the email form's submit) and an input (the email field). */
function parts(page: Page) {
  const frame = widget(page);
  return {
    modal: frame.getByRole('dialog'),
    button: frame.locator('form.airlock-email-form button[type="submit"]'),
    input: frame.locator('#airlock-email'),
  };
}

/** Opens the modal from the fixture page's button. */
async function open(page: Page): Promise<void> {
  await page.locator('#open').click();
  await expect(parts(page).input).toBeVisible();
}

/** Calls the frame's `setTheme(theme)` over the host's penpal channel; resolves with the frame's Result. */
const setTheme = (page: Page, theme: unknown): Promise<unknown> => callFrameMethod(page, 'setTheme', [theme]);

/** The widget frame (to mark its window: a reload would lose the mark). */
function widgetFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(urls.frame));
  if (!frame) throw new Error('no widget frame');
  return frame;
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.screenshot({ path: `${SHOTS}/theme-${name}.png` });
}

test('createWidget themeMode dark with accent, radius and font: the modal, a primary button and an input follow', async ({
  page,
}) => {
  await page.goto(themePage({ themeMode: 'dark', themeVariables: CUSTOM }));
  await open(page);
  const { modal, button, input } = parts(page);
  const m = await styleOf(modal, 'background-color', 'border-top-left-radius', 'font-family');
  expect(rgbOf(m['background-color']!)).toEqual([27, 27, 31]); // the dark surface
  expect(m['border-top-left-radius']).toBe('4px');
  expect(m['font-family']).toBe('Georgia, serif');
  const b = await styleOf(button, 'background-color', 'color', 'border-top-left-radius', 'font-family');
  expect(rgbOf(b['background-color']!)).toEqual([255, 235, 59]);
  // A light accent gets black text (WCAG AA), not the default white.
  expect(rgbOf(b.color!)).toEqual([0, 0, 0]);
  expect(b['border-top-left-radius']).toBe('3px');
  expect(b['font-family']).toBe('Georgia, serif');
  const i = await styleOf(input, 'border-top-left-radius', 'font-family', 'color');
  expect(i['border-top-left-radius']).toBe('2.5px');
  expect(i['font-family']).toBe('Georgia, serif');
  expect(rgbOf(i.color!)).toEqual([242, 242, 242]); // dark-mode text
  await shot(page, 'custom-accent');
});

test('setTheme changes mode, accent, colour mix and radius at once, without a reload', async ({ page }) => {
  await capturePenpalPorts(page);
  await page.goto(themePage({ themeMode: 'dark', themeVariables: CUSTOM }));
  await open(page);
  await widgetFrame(page).evaluate(() => Object.assign(window, { __themeMark: 'same page' }));
  const { modal, button, input } = parts(page);

  expect(
    await setTheme(page, {
      themeMode: 'light',
      themeVariables: { accent: '#3b5bfd', colorMix: '#ff0000', colorMixStrength: 50, borderRadius: 20 },
    }),
  ).toEqual({ ok: true, value: null });
  // White mixed half with red; the blue accent gets white text; radius scale from 20 px.
  await expect
    .poll(async () => rgbOf((await styleOf(modal, 'background-color'))['background-color']!))
    .toEqual([255, 128, 128]);
  expect(await styleOf(modal, 'border-top-left-radius')).toEqual({ 'border-top-left-radius': '20px' });
  const b = await styleOf(button, 'background-color', 'color', 'border-top-left-radius', 'font-family');
  expect(rgbOf(b['background-color']!)).toEqual([59, 91, 253]);
  expect(rgbOf(b.color!)).toEqual([255, 255, 255]);
  expect(b['border-top-left-radius']).toBe('15px');
  // The variables were replaced, not merged: the font is the default again.
  expect(b['font-family']).not.toContain('Georgia');
  expect((await styleOf(input, 'border-top-left-radius'))['border-top-left-radius']).toBe('12.5px');
  await expect(input).toBeVisible(); // the modal stayed open
  expect(await widgetFrame(page).evaluate(() => (window as unknown as { __themeMark?: string }).__themeMark)).toBe(
    'same page',
  );

  // A refused value answers -32602 and changes nothing.
  expect(await setTheme(page, { themeVariables: { accent: 'banana' } })).toMatchObject({
    ok: false,
    error: { code: -32602 },
  });
  expect(await setTheme(page, { themeVariables: { accent: 'red;color:red' } })).toMatchObject({
    ok: false,
    error: { code: -32602 },
  });
  expect(rgbOf((await styleOf(button, 'background-color'))['background-color']!)).toEqual([59, 91, 253]);
});

test('without a themeMode the widget follows the OS colour scheme, live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(themePage({}));
  await open(page);
  const { modal } = parts(page);
  expect(rgbOf((await styleOf(modal, 'background-color'))['background-color']!)).toEqual([255, 255, 255]);
  await shot(page, 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect
    .poll(async () => rgbOf((await styleOf(modal, 'background-color'))['background-color']!))
    .toEqual([27, 27, 31]);
  await shot(page, 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect
    .poll(async () => rgbOf((await styleOf(modal, 'background-color'))['background-color']!))
    .toEqual([255, 255, 255]);
});

test('a themeMode given by the dapp wins over the OS colour scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(themePage({ themeMode: 'light' }));
  await open(page);
  expect(rgbOf((await styleOf(parts(page).modal, 'background-color'))['background-color']!)).toEqual([255, 255, 255]);
});

test.describe('secure frame', () => {
  test('the approval screen in the secure frame takes the theme, and a setTheme while it shows', async ({ page }) => {
    await capturePenpalPorts(page);
    await page.goto(`${DAPP_PROMPT}?themeMode=dark&accent=${encodeURIComponent(YELLOW)}`);
    await emailLogin(page, freshEmail('theme'));
    await page.getByRole('button', { name: 'Sign message' }).click();
    // The frame's primary button ("Review in secure window", Approve lives in that window) wears the accent.
    const approve = secureFrame(page).getByTestId('review');
    await expect(approve).toBeVisible();
    const card = secureFrame(page).getByTestId('approval');
    expect(rgbOf((await styleOf(approve, 'background-color'))['background-color']!)).toEqual([255, 235, 59]);
    expect(rgbOf((await styleOf(approve, 'color')).color!)).toEqual([0, 0, 0]);
    // The approval's page matches the modal around it.
    const modalBg = (await styleOf(widget(page).getByRole('dialog'), 'background-color'))['background-color']!;
    const cardBg = await card.evaluate((element) => getComputedStyle(element.ownerDocument.body).backgroundColor);
    expect(rgbOf(cardBg)).toEqual(rgbOf(modalBg));
    // The network's mark beside its name, decorative, loaded from the secure frame's own origin (its build's
    // asset, never a URL of the page or the widget frame): Anvil A wears Ethereum's mark with its badge.
    const mark = card.getByTestId('network-mark');
    await expect(mark).toHaveAttribute('alt', '');
    await expect.poll(() => mark.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const src = await mark.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(new URL(src).origin).toBe(urls.secureFrame);
    expect(new URL(src).pathname).toMatch(/^\/assets\/ethereum-[\w-]+\.svg$/);
    await expect(card.getByTestId('network-badge')).toHaveAttribute('data-badge', 'A');
    await shot(page, 'secure-frame-dark');

    expect(
      await setTheme(page, { themeMode: 'light', themeVariables: { accent: '#8b0000', borderRadius: 0 } }),
    ).toEqual({
      ok: true,
      value: null,
    });
    await expect
      .poll(async () => rgbOf((await styleOf(approve, 'background-color'))['background-color']!))
      .toEqual([139, 0, 0]);
    expect(rgbOf((await styleOf(approve, 'color')).color!)).toEqual([255, 255, 255]);
    expect((await styleOf(approve, 'border-top-left-radius'))['border-top-left-radius']).toBe('0px');
    await shot(page, 'secure-frame');
    await approveInSecureFrame(page);
    await expect(dapp(page, 'dapp-signature')).toHaveText('valid');
  });
});

test("the demo page's theme picker sets the mode and the accent", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(DAPP_PROMPT);
  await page.getByLabel('Mode').selectOption('dark');
  await expect(page.getByLabel('Mode')).toHaveValue('dark'); // kept across the reload, where there is one
  await page.getByLabel('Accent').fill('#ffeb3b');
  await expect(page.getByLabel('Accent')).toHaveValue('#ffeb3b');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const button = widget(page).locator('form.airlock-email-form button[type="submit"]');
  await expect(button).toBeVisible();
  await expect
    .poll(async () => rgbOf((await styleOf(widget(page).getByRole('dialog'), 'background-color'))['background-color']!))
    .toEqual([27, 27, 31]);
  await expect
    .poll(async () => rgbOf((await styleOf(button, 'background-color'))['background-color']!))
    .toEqual([255, 235, 59]);
});

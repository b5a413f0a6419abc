import { expect, test, urls } from './support/test';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import { ADDRESS, DAPP_PROMPT, clickWhenSettled, dapp, modal, showAccount, widget } from './support/widget';
import { secureFrame } from './support/emailLogin';
import {
  clickSocial,
  completeInPopup,
  freshLogin,
  interceptCallback,
  signInSteps,
  recordPopups,
  secureFrameOf,
  socialLogin,
  widgetState,
} from './support/social';

// The secure frame keeps its device keys in IndexedDB: third-party storage as browsers ship it (partitioned).
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

/** Display names of the provider buttons. */
const NAMES = { google: 'Google', github: 'GitHub' } as const;

for (const provider of ['google', 'github'] as const) {
  test(`${provider}: the popup (600x800, opened by a click in the secure frame) signs in at the local provider; connected with socialProvider, the same address after a reload and on another device`, async ({
    page,
    browser,
  }) => {
    // A login, a reload and a second login in a fresh browser: 55 s of its 60 s on a slow machine.
    test.slow();
    const login = freshLogin(provider);
    await recordPopups(page);
    await page.goto(DAPP_PROMPT);
    const popup = await clickSocial(page, NAMES[provider]);
    // The popup was opened by the secure frame (C), on C's origin, 600x800 (spec §2).
    const opened = await secureFrameOf(page).evaluate(
      () => (window as unknown as { __opened: { url: string; features: string }[] }).__opened,
    );
    expect(opened).toHaveLength(1);
    expect(new URL(opened[0]!.url).origin).toBe(urls.secureFrame);
    expect(opened[0]!.features).toMatch(/width=600,height=800/);
    expect(await page.evaluate(() => (window as unknown as { __opened: unknown[] }).__opened.length)).toBe(0);
    await completeInPopup(popup, login);
    await expect(dapp(page, 'dapp-account')).toHaveText(/^0x[0-9a-fA-F]{40}$/, { timeout: 30_000 });
    const address = (await dapp(page, 'dapp-account').textContent())!.trim();
    await expect.poll(() => widgetState(page)).toMatchObject({ status: 'connected', socialProvider: provider });

    // Reload: the session comes back, same address and provider.
    await page.reload();
    await expect(dapp(page, 'dapp-account')).toHaveText(address);
    await expect.poll(async () => (await widgetState(page))?.socialProvider).toBe(provider);

    // Another browser (another device key) on the second dapp origin: the same person gets the same wallet.
    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await other.goto(`${urls.dappAlt}/`);
      expect(await socialLogin(other, NAMES[provider], login)).toBe(address);
      await expect.poll(() => widgetState(other)).toMatchObject({ socialProvider: provider });
    } finally {
      await context.close();
    }
  });
}

test("closing the popup ends the login with 'Popup closed', Try again (the provider's button in the secure frame) opens a new popup", async ({
  page,
}) => {
  await page.goto(DAPP_PROMPT);
  const popup = await clickSocial(page, 'Google');
  await popup.waitForURL(/\/interaction\//);
  await popup.close();
  await expect(widget(page).getByTestId('social-error')).toHaveText('Popup closed');
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  // Try again, as a rejection offers: Google's button, a click in the secure frame that may open the popup.
  await expect(widget(page).getByRole('region', { name: 'Try again' })).toBeVisible();
  const again = page.waitForEvent('popup');
  // The error region just grew the modal: the secure frame's button moves with it until it settles.
  await clickWhenSettled(secureFrame(page).getByRole('button', { name: 'Google', exact: true }));
  await expect(modal(page, 'Continue in the popup')).toBeVisible();
  await (await again).close();
  await expect(widget(page).getByTestId('social-error')).toHaveText('Popup closed');
  // Back to Connect: the buttons are there again.
  await widget(page).getByRole('button', { name: 'Back to Connect' }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
});

test('a redirect with an altered state is refused; nothing connects', async ({ page }) => {
  await page.goto(DAPP_PROMPT);
  const popup = await clickSocial(page, 'Google');
  await interceptCallback(popup, (callback) => {
    callback.searchParams.set('state', 'altered-state-altered-state-altered');
    return callback;
  });
  await signInSteps(popup, freshLogin('mallory'));
  await expect(popup.getByTestId('social-callback-message')).toContainText('state mismatch');
  await expect(modal(page, 'Continue in the popup')).toBeVisible();
  await popup.close();
  await expect(widget(page).getByTestId('social-error')).toHaveText('Popup closed');
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
});

test("a code replayed into another frame's login (another device key) is refused", async ({ page, browser }) => {
  // Two logins in two browser contexts with the popups of each: more than the default 60 s on a loaded machine.
  test.slow();
  // The victim signs in; its redirect (code + state) is captured and never reaches the API.
  await page.goto(DAPP_PROMPT);
  const victimPopup = await clickSocial(page, 'Google');
  let stolen: URL | undefined;
  await interceptCallback(victimPopup, (callback) => {
    stolen = callback;
    return null;
  });
  await signInSteps(victimPopup, freshLogin('victim'));
  await expect.poll(() => stolen?.searchParams.get('code') ?? null).not.toBeNull();
  // Close the popup only once the page that replaced the redirect has loaded: closed while that
  // navigation was still committing, `close()` hung for 118 s in 2 of 8 runs here.
  await expect(victimPopup.getByText('captured')).toBeVisible();
  await victimPopup.close();

  // The attacker's frame (another browser, another device key) sends the victim's code with its own state.
  const context = await browser.newContext();
  try {
    const attacker = await context.newPage();
    await attacker.goto(DAPP_PROMPT);
    const popup = await clickSocial(attacker, 'Google');
    await interceptCallback(popup, (callback) => {
      callback.searchParams.set('code', stolen!.searchParams.get('code')!);
      return callback;
    });
    await signInSteps(popup, freshLogin('attacker'));
    await expect(widget(attacker).getByTestId('social-error')).toHaveText('The provider did not confirm the sign-in');
    await expect(dapp(attacker, 'dapp-account')).toHaveText('Not connected');
  } finally {
    await context.close();
  }
});

test("with the provider down the login answers 'Failed to initiate social connection'", async ({ page }) => {
  await page.goto(DAPP_PROMPT);
  await fetch(`${urls.oidc}/_control/down`, { method: 'POST' });
  try {
    await clickSocial(page, 'Google');
    await expect(widget(page).getByTestId('social-error')).toHaveText('Failed to initiate social connection');
    await expect(dapp(page, 'dapp-account')).toHaveText('Not connected');
  } finally {
    await fetch(`${urls.oidc}/_control/up`, { method: 'POST' });
  }
});

test('apple, x, discord and facebook sign in through the local provider too, each its own wallet', async ({
  browser,
}) => {
  // Four full logins in fresh browsers, one after the other.
  test.slow();
  const login = freshLogin('each');
  const addresses = new Set<string>();
  for (const [provider, name] of [
    ['apple', 'Apple'],
    ['x', 'X'],
    ['discord', 'Discord'],
    ['facebook', 'Facebook'],
  ] as const) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(DAPP_PROMPT);
      addresses.add(await socialLogin(page, name, login));
      await expect.poll(() => widgetState(page)).toMatchObject({ status: 'connected', socialProvider: provider });
    } finally {
      await context.close();
    }
  }
  // The same login at four providers: four wallets (no linking across providers).
  expect(addresses.size).toBe(4);
});

test('apple answers by form_post: the popup posts code, state and, on the first login, the name to the API', async ({
  page,
}) => {
  const login = freshLogin('pip');
  await page.goto(DAPP_PROMPT);
  const popup = await clickSocial(page, 'Apple');
  const posted = popup.waitForRequest(
    (r) => r.method() === 'POST' && r.url() === `${urls.api}/embedded/v1/social/callback`,
    { timeout: 30_000 },
  );
  await completeInPopup(popup, login);
  const form = new URLSearchParams((await posted).postData() ?? '');
  expect(form.get('code')).toBeTruthy();
  expect(form.get('state')).toBeTruthy();
  expect(JSON.parse(form.get('user')!)).toMatchObject({ name: { firstName: login, lastName: 'Appleseed' } });
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS, { timeout: 30_000 });
  await expect.poll(() => widgetState(page)).toMatchObject({ status: 'connected', socialProvider: 'apple' });
  // The name came only in that form (Apple's ID token has none): the account shows it.
  await showAccount(page);
  await expect(widget(page).getByTestId('account-username')).toHaveText(`@${login} Appleseed`);
});

for (const themeMode of ['light', 'dark'] as const) {
  test(`the provider buttons: the first with its logo beside its name, the others logo tiles named by the provider, in one row (${themeMode})`, async ({
    page,
  }, testInfo) => {
    await page.goto(`${DAPP_PROMPT}?themeMode=${themeMode}`);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(modal(page, 'Connect Wallet')).toBeVisible();
    const frame = secureFrame(page);
    for (const [provider, name] of [
      ['google', 'Google'],
      ['x', 'X'],
      ['discord', 'Discord'],
      ['github', 'GitHub'],
      ['apple', 'Apple'],
      ['facebook', 'Facebook'],
    ] as const) {
      // The accessible name stays the provider's name; the logo is decorative.
      const button = frame.getByRole('button', { name, exact: true });
      await expect(button).toBeVisible();
      const logo = button.locator(`svg[data-provider-logo="${provider}"]`);
      await expect(logo).toBeVisible();
      await expect(logo).toHaveAttribute('aria-hidden', 'true');
      const box = (await logo.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(14);
      if (provider === 'google') {
        // The first provider: its name in full beside the logo (not cut).
        const label = button.locator('.social-name');
        await expect(label).toHaveText(name);
        expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      } else {
        // The others: a tile of the logo, its name the title the pointer shows.
        await expect(button.locator('.social-name')).toHaveCount(0);
        await expect(button).toHaveAttribute('title', name);
      }
    }
    // One row: every button on the first one's line.
    const tops = await frame
      .locator('.socials button')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    // Black brand logos (GitHub, Apple, X) are drawn in the theme's text colour, so they read on dark too.
    const fill = await frame
      .locator('svg[data-provider-logo="github"] path')
      .evaluate((el) => getComputedStyle(el).fill);
    const text = await frame
      .getByRole('button', { name: 'GitHub', exact: true })
      .evaluate((el) => getComputedStyle(el).color);
    expect(fill).toBe(text);
    await widget(page)
      .getByRole('dialog')
      .screenshot({ path: testInfo.outputPath(`connect-${themeMode}.png`) });
  });
}

import type { Frame, Page } from '@playwright/test';
import { expect, urls } from './test';
import { ADDRESS, clickWhenSettled, dapp, modal, widget } from './widget';
import { secureFrame } from './emailLogin';

/**
 * Helpers of the social login spec (e2e/social-login.spec.ts): the provider buttons
 * are drawn by the secure frame (origin C) over Connect's socials slot; the popup is
 * the local OpenID provider's sign-in and consent pages (apps/oidc-provider).
 */

/** Records every `window.open` of every frame of the page (URL and features) in `window.__opened`. */
export async function recordPopups(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    const opened: { url: string; features: string }[] = [];
    Object.assign(window, { __opened: opened });
    window.open = (url?: string | URL, target?: string, features?: string) => {
      opened.push({ url: String(url), features: String(features) });
      return open(url, target, features);
    };
  });
}

/** The secure frame's Frame of the page (origin C). */
export function secureFrameOf(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(urls.secureFrame));
  if (!frame) throw new Error('no secure frame on the page');
  return frame;
}

/** Opens Connect and clicks `provider`'s button in the secure frame; resolves with the popup. */
export async function clickSocial(page: Page, provider: string): Promise<Page> {
  if (!(await modal(page, 'Connect Wallet').isVisible())) {
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(modal(page, 'Connect Wallet')).toBeVisible();
  }
  const button = secureFrame(page).getByRole('button', { name: provider, exact: true });
  await expect(button).toBeVisible();
  const popup = page.waitForEvent('popup');
  // The secure frame's buttons follow the modal's height as Connect fills in (the wallet list): a
  // click computed while they move lands beside the button.
  await clickWhenSettled(button);
  await expect(modal(page, 'Continue in the popup')).toBeVisible();
  return popup;
}

/**
 * Signs in as `login` in the provider's popup (the login form and the consent page when
 * they show; a remembered session skips them) until the popup closes.
 */
export async function completeInPopup(popup: Page, login: string): Promise<void> {
  await expect(async () => {
    if (popup.isClosed()) return;
    try {
      const field = popup.getByPlaceholder('Enter any login');
      if (await field.isVisible()) {
        await field.fill(login);
        await popup.getByPlaceholder('and password').fill('local');
        await popup.getByRole('button', { name: 'Sign-in' }).click();
      }
      const consent = popup.getByRole('button', { name: 'Continue' });
      if (await consent.isVisible()) await consent.click();
    } catch {
      // The popup closed in between.
    }
    expect(popup.isClosed()).toBe(true);
  }).toPass({ timeout: 30_000 });
}

/** Types `login` on the provider's sign-in page and consents (no wait for the popup to close). */
export async function signInSteps(popup: Page, login: string): Promise<void> {
  await popup.getByPlaceholder('Enter any login').fill(login);
  await popup.getByPlaceholder('and password').fill('local');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Lets a test see and change the provider's redirect to the API's callback: the popup's
 * navigations to the provider are fetched here with their redirects followed by hand
 * (a browser does not route redirect hops); when the chain ends at the callback,
 * `alter` gets its URL and answers the URL the popup goes to instead, or null to stop
 * there (a blank page).
 */
export async function interceptCallback(popup: Page, alter: (callback: URL) => URL | null): Promise<void> {
  const callback = `${urls.api}/embedded/v1/social/callback`;
  await popup.route(`${urls.oidc}/**`, async (route) => {
    if (!route.request().isNavigationRequest()) return route.continue();
    let response = await route.fetch({ maxRedirects: 0 });
    let location = response.headers().location;
    let base = route.request().url();
    while (location && new URL(location, base).href.startsWith(urls.oidc)) {
      base = new URL(location, base).href;
      response = await popup.context().request.get(base, { maxRedirects: 0 });
      location = response.headers().location;
    }
    if (!location) return route.fulfill({ response });
    const target = new URL(location, base);
    if (!target.href.startsWith(callback)) return route.fulfill({ status: 303, headers: { location: target.href } });
    const next = alter(target);
    if (!next) return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>captured</p>' });
    return route.fulfill({ status: 303, headers: { location: next.href } });
  });
}

/** A full social login from the dapp page: Connect → provider → popup → connected. Resolves with the dapp's address. */
export async function socialLogin(page: Page, provider: string, login: string): Promise<string> {
  const popup = await clickSocial(page, provider);
  await completeInPopup(popup, login);
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS, { timeout: 30_000 });
  await expect(widget(page).getByRole('dialog')).toBeHidden();
  return (await dapp(page, 'dapp-account').textContent())!.trim();
}

/** The widget state the dapp sees (`widget.getState()` of the demo dapp). */
export async function widgetState(page: Page): Promise<Record<string, unknown> | undefined> {
  return page.evaluate(
    () =>
      (
        window as unknown as { __airlockDemoWidget?: { getState(): Record<string, unknown> | undefined } }
      ).__airlockDemoWidget?.getState() ?? undefined,
  );
}

/** A fresh login name per test, so accounts of different tests never meet. */
export function freshLogin(tag: string): string {
  return `${tag}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

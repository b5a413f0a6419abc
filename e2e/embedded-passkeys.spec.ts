import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, urls } from './support/test';
import {
  advanceApiClock,
  emailLogin,
  freshEmail,
  inbox,
  lastMessageId,
  secureFrame,
  typeCode,
  waitForCode,
} from './support/emailLogin';
import { ADDRESS, DAPP_PROMPT, clickWhenSettled, dapp, modal, showAccount, widget } from './support/widget';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';

// Passkeys of the embedded wallet (docs/embedded-wallet.md "Passkeys") with Chromium's virtual
// authenticator (DevTools Protocol WebAuthn domain): WebAuthn on the secure frame's own origin,
// in the frame where every ancestor delegates the permission (the widget frame's iframe of the
// secure frame does; the host script's iframe does not yet, see the docs), else in the secure
// frame's window. The secure frame keeps its keys in partitioned storage.
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

/** A virtual platform authenticator (resident keys, user verification) for `page`; its CDP session. */
async function authenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * A dapp page whose widget iframe delegates WebAuthn (`allow` … publickey-credentials-get/-create),
 * as the host script's would with it: the ceremonies run inside the secure frame, no window.
 */
async function delegateWebAuthn(target: Page | BrowserContext) {
  await target.addInitScript(() => {
    const allow = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'allow')!;
    Object.defineProperty(HTMLIFrameElement.prototype, 'allow', {
      ...allow,
      set(value: string) {
        const passkeys = this.title === 'Airlock wallet widget' && !value.includes('publickey');
        allow.set!.call(this, passkeys ? `${value}; publickey-credentials-get; publickey-credentials-create` : value);
      },
    });
  });
}

/** Signs out from Account. */
async function signOut(page: Page) {
  await showAccount(page);
  await widget(page).getByRole('button', { name: 'Disconnect' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected', { timeout: 10_000 });
}

test('register after an email login, sign out, log in with the passkey alone; a replayed assertion is refused; a second device falls back to email; removed, it no longer signs in', async ({
  page,
  browser,
}) => {
  // An email login, a passkey registration, three passkey logins and a second browser.
  test.setTimeout(240_000);
  const { cdp, authenticatorId } = await authenticator(page.context(), page);
  await delegateWebAuthn(page);
  const windows: string[] = [];
  page.context().on('page', (opened) => windows.push(opened.url()));
  const email = freshEmail('passkey');
  await page.goto(DAPP_PROMPT);
  const address = await emailLogin(page, email);

  // Account → the secure frame's passkey manager → Add a passkey (in the frame: the permission is delegated).
  await showAccount(page);
  await clickWhenSettled(secureFrame(page).getByTestId('passkey-add'));
  await expect(secureFrame(page).getByTestId('passkey-item')).toHaveCount(1, { timeout: 15_000 });
  const stored = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  expect(stored.map((c) => c.rpId)).toEqual([new URL(urls.secureFrame).hostname]);

  // Sign out, then the passkey alone: no email typed, no mail, the same address.
  await widget(page).getByRole('button', { name: 'Disconnect' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected', { timeout: 10_000 });
  const mails = (await inbox(email)).length;
  let replay: string | undefined;
  await page.route(`${urls.api}/embedded/v1/passkey/login/verify`, async (route) => {
    replay ??= route.request().postData() ?? undefined;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  const login = secureFrame(page).getByTestId('passkey-login');
  await expect(login).toBeVisible();
  await clickWhenSettled(login);
  await expect(dapp(page, 'dapp-account')).toHaveText(address, { timeout: 30_000 });
  expect((await inbox(email)).length).toBe(mails);
  expect(windows).toEqual([]);

  // A replayed assertion: the next login's request carries the first answer (its spent challenge).
  await signOut(page);
  await page.unroute(`${urls.api}/embedded/v1/passkey/login/verify`);
  await page.route(`${urls.api}/embedded/v1/passkey/login/verify`, (route) => route.continue({ postData: replay }));
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await clickWhenSettled(secureFrame(page).getByTestId('passkey-login'));
  await expect(widget(page).getByTestId('social-error')).toHaveText(/expired or was already used/, {
    timeout: 15_000,
  });
  await expect(dapp(page, 'dapp-account')).not.toHaveText(address);

  // A second device (another browser profile) without the passkey: nothing to use, then email.
  const other = await browser.newContext();
  await delegateWebAuthn(other);
  const second = await other.newPage();
  await authenticator(other, second);
  await second.goto(DAPP_PROMPT);
  await second.getByRole('button', { name: 'Connect', exact: true }).click();
  await clickWhenSettled(secureFrame(second).getByTestId('passkey-login'));
  await expect(widget(second).getByTestId('social-error')).toBeVisible({ timeout: 15_000 });
  await widget(second).getByRole('button', { name: 'Back to Connect' }).click();
  await widget(second).getByPlaceholder('Email').fill(email);
  await widget(second).getByRole('button', { name: 'Continue' }).click();
  // A known wallet on an unknown device: the approval link is mailed (docs/embedded-wallet.md "The login rule").
  await expect.poll(async () => (await inbox(email)).length, { timeout: 20_000 }).toBeGreaterThan(mails);
  await other.close();

  // Back on the first device by email (it signed out: a mailed code, after the 30 s between two
  // mails to one address), remove the passkey in Account: it no longer signs in.
  await page.unroute(`${urls.api}/embedded/v1/passkey/login/verify`);
  await advanceApiClock(31_000);
  const before = await lastMessageId(email);
  await widget(page).getByRole('button', { name: 'Back to Connect' }).click();
  await widget(page).getByPlaceholder('Email').fill(email);
  await widget(page).getByRole('button', { name: 'Continue' }).click();
  await expect(modal(page, 'Confirm Email')).toBeVisible();
  await typeCode(page, (await waitForCode(email, before)).code);
  await expect(dapp(page, 'dapp-account')).toHaveText(address, { timeout: 30_000 });
  await showAccount(page);
  await expect(secureFrame(page).getByTestId('passkey-item')).toHaveCount(1, { timeout: 15_000 });
  await secureFrame(page)
    .getByRole('button', { name: /^Remove / })
    .click();
  await expect(secureFrame(page).getByTestId('passkey-item')).toHaveCount(0);
  await widget(page).getByRole('button', { name: 'Disconnect' }).click();
  await expect(dapp(page, 'dapp-account')).toHaveText('Not connected', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await clickWhenSettled(secureFrame(page).getByTestId('passkey-login'));
  await expect(widget(page).getByTestId('social-error')).toHaveText('This passkey is not registered with this wallet', {
    timeout: 15_000,
  });
});

test('the passkey window: where WebAuthn is not delegated to the widget, sign-up and login continue on the secure frame’s origin', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // The widget's iframe does not delegate WebAuthn (today's host script; the init script keeps it
  // so should the host delegate one day): the secure frame inside it may not run a ceremony.
  await page.addInitScript(() => {
    const allow = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'allow')!;
    Object.defineProperty(HTMLIFrameElement.prototype, 'allow', {
      ...allow,
      set(value: string) {
        allow.set!.call(this, value.replace(/;?\s*publickey-credentials-[a-z]+/g, ''));
      },
    });
  });
  await page.goto(DAPP_PROMPT);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();

  // Create a passkey: the window opens on the secure frame's origin; the credential is made there.
  const [signupWindow] = await Promise.all([
    context.waitForEvent('page'),
    secureFrame(page).getByTestId('passkey-signup').click(),
  ]);
  expect(new URL(signupWindow.url()).origin).toBe(urls.secureFrame);
  const made = await authenticator(context, signupWindow);
  const added = new Promise<unknown>((resolve) =>
    made.cdp.on('WebAuthn.credentialAdded', (event) => resolve(event.credential)),
  );
  await signupWindow.getByTestId('passkey-continue').click();
  const credential = await added;
  await expect(dapp(page, 'dapp-account')).toHaveText(ADDRESS, { timeout: 30_000 });
  const address = (await dapp(page, 'dapp-account').textContent())!.trim();

  // Sign out; log in again in the window with the same passkey (copied to its authenticator).
  await signOut(page);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const [loginWindow] = await Promise.all([
    context.waitForEvent('page'),
    secureFrame(page).getByTestId('passkey-login').click(),
  ]);
  const used = await authenticator(context, loginWindow);
  await used.cdp.send('WebAuthn.addCredential', {
    authenticatorId: used.authenticatorId,
    credential: credential as never,
  });
  await loginWindow.getByTestId('passkey-continue').click();
  await expect(dapp(page, 'dapp-account')).toHaveText(address, { timeout: 30_000 });
});

import type { BrowserContext, Page } from '@playwright/test';
import { DEV_ACCOUNT_0 } from '../scripts/ports.mjs';
import { stringToHex, verifyMessage } from 'viem';
import { ACCOUNT_1 } from './support/api';
import { PARTITIONED_STORAGE_LAUNCH } from './support/trust';
import { answerRequest, openDevWallet, pairAndApprove } from './support/walletconnect';
import { approveInSecureFrame, freshEmail, typeCode, waitForCode } from './support/emailLogin';
import { expect, test, urls } from './support/test';
import { closeModal, modal, widget } from './support/widget';

// Multi-wallet (spec §1, §6) as a dapp on the classic host script sees it (e2e/fixtures/connections.html):
// getConnections / switchConnection / deleteConnection / subscribeConnections and the ProfileWallets view,
// with the `multiWallet` feature on (the project's remote configuration turned on through a route, and
// the page's local feature) and off (the default); with it on, a page wallet, a WalletConnect wallet (the
// Dev Wallet over the local relay) and the email wallet (the mail catcher's code) connected at once.

const PAGE = `${urls.dapp}/fixtures/connections.html`;
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const FIXTURE_UUID = '0b7c1d7e-8f3a-4c2b-9d4e-6a1f2e3d4c5b';

type Connection = {
  connectorId: string;
  name: string;
  chainNamespace: string;
  caipNetworkId: string;
  accounts: { caipAddress: string; address: string; type: string }[];
  active: boolean;
};
type ConnectionsEvent = { type: 'connections'; chainNamespace: string; connections: Connection[] };
type PageWidget = {
  getConnections(ns: string): Promise<Connection[]>;
  switchConnection(c: { connectorId: string; address: string }): Promise<null>;
  deleteConnection(c: { connectorId: string }): Promise<null>;
  open(): Promise<unknown>;
};

/** The project's remote features as the API sends them, with `multiWallet` set to `on`. */
async function remoteMultiWallet(page: Page, on: boolean): Promise<void> {
  await page.context().route(`${urls.api}/appkit/v1/config**`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { features?: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, features: { ...body.features, multiWallet: on } } });
  });
}

/** Calls a method of the page's widget and returns its answer, or `{ error: { code, message } }`. */
function call(page: Page, method: keyof PageWidget, arg: unknown): Promise<unknown> {
  return page.evaluate(
    ([m, a]) =>
      (
        (window as unknown as { __widget: Record<string, (x: unknown) => Promise<unknown>> }).__widget[m]!(
          a,
        ) as Promise<unknown>
      ).then(
        (value) => value,
        (e: { code: number; message: string }) => ({ error: { code: e.code, message: e.message } }),
      ),
    [method, arg] as const,
  );
}

/** The `connections` events the page received so far. */
const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __connectionsEvents: ConnectionsEvent[] }).__connectionsEvents);

async function connectFixtureWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Fixture Wallet' }).click();
  await expect(page.getByTestId('connections-status')).toHaveText('connected');
}

const ALERT = 'Multi-Wallet Not Enabled';

// The secure frame keeps the email wallet's device keys in IndexedDB, which Chromium gives it only
// with storage partitioning on (as browsers ship it): the email session then survives a reload.
test.use({ launchOptions: PARTITIONED_STORAGE_LAUNCH });

test('multiWallet on: the connection shows in getConnections, subscribeConnections and ProfileWallets; deleteConnection disconnects', async ({
  page,
}) => {
  await remoteMultiWallet(page, true);
  await page.goto(`${PAGE}?multiWallet=1`);
  await expect(page.getByTestId('connections-status')).toHaveText('disconnected');
  expect(await call(page, 'getConnections', 'eip155')).toEqual([]);

  await connectFixtureWallet(page);
  const connection = {
    connectorId: FIXTURE_UUID,
    name: 'Fixture Wallet',
    chainNamespace: 'eip155',
    caipNetworkId: 'eip155:31337',
    accounts: [{ caipAddress: `eip155:31337:${ACCOUNT_0}`, address: ACCOUNT_0, type: 'eoa' }],
    active: true,
  };
  // subscribeConnections fired on the connect, for eip155 only.
  await expect
    .poll(() => events(page))
    .toEqual([{ type: 'connections', chainNamespace: 'eip155', connections: [expect.objectContaining(connection)] }]);
  expect(await call(page, 'getConnections', 'eip155')).toEqual([expect.objectContaining(connection)]);
  expect(await call(page, 'getConnections', 'solana')).toEqual([]);
  // Switching to the active connection's own account changes nothing; an unknown connector is a clear 4100.
  expect(await call(page, 'switchConnection', { connectorId: FIXTURE_UUID, address: ACCOUNT_0 })).toBeNull();
  expect(await call(page, 'switchConnection', { connectorId: 'walletConnect', address: ACCOUNT_0 })).toEqual({
    error: { code: 4100, message: 'No connector found for connection: walletConnect' },
  });
  expect(await events(page)).toHaveLength(1);

  // Account → Wallets: the one connection, active, with its address and account type.
  await page.evaluate(() => void (window as unknown as { __widget: PageWidget }).__widget.open());
  await expect(modal(page, 'Account')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Wallets' }).click();
  await expect(modal(page, 'Wallets')).toBeVisible();
  const row = widget(page).getByTestId('profile-wallet');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Fixture Wallet');
  await expect(row).toContainText('Active');
  await expect(widget(page).getByTestId('profile-wallet-address')).toHaveText('0xf3…b92266 · EOA');
  await expect(widget(page).getByRole('button', { name: 'Connect another wallet' })).toBeVisible();
  await expect(widget(page).getByText(ALERT)).toHaveCount(0);
  await closeModal(page);

  // deleteConnection disconnects it; subscribeConnections hears the empty list.
  expect(await call(page, 'deleteConnection', { connectorId: FIXTURE_UUID })).toBeNull();
  await expect(page.getByTestId('connections-status')).toHaveText('disconnected');
  await expect
    .poll(async () => (await events(page)).at(-1))
    .toEqual({ type: 'connections', chainNamespace: 'eip155', connections: [] });
  expect(await call(page, 'getConnections', 'eip155')).toEqual([]);

  // Connected again from ProfileWallets' way in, then disconnected there.
  await connectFixtureWallet(page);
  await expect.poll(async () => (await events(page)).length).toBe(3);
  await page.evaluate(() => void (window as unknown as { __widget: PageWidget }).__widget.open());
  await widget(page).getByRole('button', { name: 'Wallets' }).click();
  await widget(page).getByRole('button', { name: 'Disconnect Fixture Wallet' }).click();
  await expect(page.getByTestId('connections-status')).toHaveText('disconnected');
  await expect.poll(async () => (await events(page)).at(-1)?.connections).toEqual([]);
});

test("multiWallet off: each call answers empty, changes nothing and shows 'Multi-Wallet Not Enabled'", async ({
  page,
}) => {
  await remoteMultiWallet(page, false);
  await page.goto(PAGE);
  await connectFixtureWallet(page);

  expect(await call(page, 'getConnections', 'eip155')).toEqual([]);
  expect(await call(page, 'switchConnection', { connectorId: FIXTURE_UUID, address: ACCOUNT_0 })).toBeNull();
  expect(await call(page, 'deleteConnection', { connectorId: FIXTURE_UUID })).toBeNull();
  // Nothing was disconnected and no connections event came.
  await expect(page.getByTestId('connections-status')).toHaveText('connected');
  expect(await events(page)).toEqual([]);

  // The info alert shows in the modal; Account has no Wallets action.
  await page.evaluate(() => void (window as unknown as { __widget: PageWidget }).__widget.open());
  await expect(modal(page, 'Account')).toBeVisible();
  await expect(widget(page).getByRole('alert').filter({ hasText: ALERT })).toBeVisible();
  await expect(widget(page).getByRole('button', { name: 'Wallets' })).toHaveCount(0);
});

/** Sends `method` through the widget's eip155 provider (EIP-1193) and returns its answer, or `{ error }`. */
function providerRequest(page: Page, method: string, params: unknown[] = []): Promise<unknown> {
  return page.evaluate(
    ([m, p]) =>
      (
        window as unknown as {
          __widget: {
            getProvider(ns: string): { request(a: { method: string; params: unknown[] }): Promise<unknown> };
          };
        }
      ).__widget
        .getProvider('eip155')
        .request({ method: m, params: p })
        .then(
          (value) => value,
          (e: { code: number; message: string }) => ({ error: { code: e.code, message: e.message } }),
        ),
    [method, params] as const,
  );
}

/** Account → Wallets → 'Connect another wallet' → email login with the mailed code (the mail catcher). */
async function connectEmailWallet(page: Page, email: string): Promise<void> {
  await page.evaluate(() => void (window as unknown as { __widget: PageWidget }).__widget.open());
  await expect(modal(page, 'Account')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Wallets' }).click();
  await widget(page).getByRole('button', { name: 'Connect another wallet' }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByPlaceholder('Email').fill(email);
  await widget(page).getByRole('button', { name: 'Continue' }).click();
  await expect(modal(page, 'Confirm Email')).toBeVisible();
  const { code } = await waitForCode(email);
  await typeCode(page, code);
}

/** The eip155 connections (getConnections), once there are `count`. */
async function listed(page: Page, count: number): Promise<Connection[]> {
  await expect.poll(async () => ((await call(page, 'getConnections', 'eip155')) as Connection[]).length).toBe(count);
  return (await call(page, 'getConnections', 'eip155')) as Connection[];
}

/** Account → Wallets → 'Connect another wallet' → WalletConnect: the Dev Wallet (its own page) pairs over the local relay. */
async function connectWalletConnect(page: Page, context: BrowserContext): Promise<Page> {
  const wallet = await openDevWallet(context);
  await page.bringToFront();
  await page.evaluate(() => void (window as unknown as { __widget: PageWidget }).__widget.open());
  await expect(modal(page, 'Account')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Wallets' }).click();
  await widget(page).getByRole('button', { name: 'Connect another wallet' }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'WalletConnect' }).click();
  const uri = widget(page).getByTestId('wc-uri');
  await expect(uri).toHaveText(/^wc:/);
  await pairAndApprove(wallet, (await uri.textContent())!.trim());
  await page.bringToFront();
  return wallet;
}

/** Signs `message` with personal_sign through the widget's eip155 provider; `approve` answers where the wallet asks. */
async function personalSign(page: Page, address: string, message: string, approve: () => Promise<void>) {
  const signing = providerRequest(page, 'personal_sign', [stringToHex(message), address]);
  await approve();
  await page.bringToFront();
  return (await signing) as `0x${string}`;
}

test('three wallets at once (a page wallet, a WalletConnect wallet, the email wallet): listed, switched (the signer follows), reloaded, one deleted', async ({
  page,
  context,
}) => {
  await remoteMultiWallet(page, true);
  await page.goto(`${PAGE}?multiWallet=1`);
  await connectFixtureWallet(page);
  const devWallet = await connectWalletConnect(page, context);
  const two = await listed(page, 2);
  const wc = two.find((c) => c.connectorId !== FIXTURE_UUID)!;
  expect(wc.active).toBe(true);
  // The Dev Wallet shares anvil accounts 0 and 1; account 1 (the page wallet has 0) is the one switched to.
  expect(wc.accounts.map((a) => a.address)).toEqual([DEV_ACCOUNT_0, ACCOUNT_1]);
  await connectEmailWallet(page, freshEmail('multi-wallet'));

  // All three listed for eip155, the email wallet (the most recent) active; the others stay.
  const three = await listed(page, 3);
  const email = three.find((c) => c.connectorId !== FIXTURE_UUID && c.connectorId !== wc.connectorId)!;
  expect(three.map((c) => [c.connectorId, c.active])).toEqual([
    [email.connectorId, true],
    [wc.connectorId, false],
    [FIXTURE_UUID, false],
  ]);
  const emailAddress = email.accounts[0]!.address as `0x${string}`;
  expect(emailAddress.toLowerCase()).not.toBe(ACCOUNT_0.toLowerCase());
  expect(await providerRequest(page, 'eth_accounts')).toEqual([emailAddress]);

  // ProfileWallets shows three rows.
  await page.evaluate(() => void (window as unknown as { __widget: PageWidget }).__widget.open());
  await expect(modal(page, 'Account')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Wallets' }).click();
  await expect(widget(page).getByTestId('profile-wallet')).toHaveCount(3);
  await closeModal(page);

  // The email wallet signs through the widget's provider: viem recovers its address.
  const message = 'multi-wallet: signed by the active connection';
  const byEmail = await personalSign(page, emailAddress, message, () => approveInSecureFrame(page));
  expect(await verifyMessage({ address: emailAddress, message, signature: byEmail })).toBe(true);

  // Switched to the WalletConnect wallet's account 1: the provider's account follows and the Dev Wallet signs.
  expect(await call(page, 'switchConnection', { connectorId: wc.connectorId, address: ACCOUNT_1 })).toBeNull();
  await expect.poll(() => providerRequest(page, 'eth_accounts')).toEqual([ACCOUNT_1]);
  const byWc = await personalSign(page, ACCOUNT_1, message, () => answerRequest(devWallet, 'Approve'));
  expect(await verifyMessage({ address: ACCOUNT_1, message, signature: byWc })).toBe(true);
  expect((await listed(page, 3)).find((c) => c.active)?.connectorId).toBe(wc.connectorId);

  // Reload: all three come back, the WalletConnect wallet still the active one.
  await page.reload();
  await expect(page.getByTestId('connections-status')).toHaveText('connected');
  const restored = await listed(page, 3);
  expect(restored.find((c) => c.active)?.connectorId).toBe(wc.connectorId);
  expect(await providerRequest(page, 'eth_accounts')).toEqual([ACCOUNT_1]);

  // Deleting the page wallet keeps the two others, the WalletConnect wallet active.
  expect(await call(page, 'deleteConnection', { connectorId: FIXTURE_UUID })).toBeNull();
  const left = await listed(page, 2);
  expect(left.map((c) => [c.connectorId, c.active])).toEqual(
    expect.arrayContaining([
      [wc.connectorId, true],
      [email.connectorId, false],
    ]),
  );
  await expect(page.getByTestId('connections-status')).toHaveText('connected');
  expect(await providerRequest(page, 'eth_accounts')).toEqual([ACCOUNT_1]);

  // Back to the email wallet after the reload: it still signs.
  expect(await call(page, 'switchConnection', { connectorId: email.connectorId, address: emailAddress })).toBeNull();
  await expect.poll(() => providerRequest(page, 'eth_accounts')).toEqual([emailAddress]);
  const again = await personalSign(page, emailAddress, message, () => approveInSecureFrame(page));
  expect(await verifyMessage({ address: emailAddress, message, signature: again })).toBe(true);
});

import type { Page } from '@playwright/test';
import { expect, test, urls } from './support/test';
import { closeModal, modal, widget } from './support/widget';

// Multi-wallet (spec §1, §6) as a dapp on the classic host script sees it (e2e/fixtures/connections.html):
// getConnections / switchConnection / deleteConnection / subscribeConnections and the ProfileWallets view,
// with the `multiWallet` feature on (the project's remote configuration turned on through a route, and
// the page's local feature) and off (the default). Today the frame holds one connection at a time.

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

// Needs the connection model that holds several connections (issue 30's first part).
test.fixme('three wallets at once: a page wallet, a WalletConnect wallet and the email wallet', async () => {
  // 1. multiWallet on; connect the Dev Wallet (eip155), then Account → Wallets → 'Connect another wallet'
  //    → WalletConnect (the dev wallet app pairs), then again → email login (mail catcher code).
  // 2. getConnections('eip155') lists three, one active; ProfileWallets shows three rows.
  // 3. switchConnection to the WalletConnect account: the provider emits accountsChanged (eip155 only);
  //    the dapp's viem client signs with the new account (verifyMessage recovers it).
  // 4. deleteConnection of the page wallet: the two others stay; subscribeConnections fires once.
  // 5. Reload: all remaining connections come back silently, one `state` event per namespace, none torn.
  // 6. The same with multiWallet off: the alert shows and 'Connect another wallet' is not offered.
});

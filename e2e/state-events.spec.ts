import type { Page } from '@playwright/test';
import { expect, test, urls } from './support/test';
import { modal, widget } from './support/widget';

// What a dapp that renders from `widget.subscribe()` sees: every `state` event across
// connect, account change, network switch, disconnect and reload. Each connect must
// produce exactly one transition to `connected`, and no state may be torn.
// The page is e2e/fixtures/states.html (a recorder and a scriptable EIP-6963 wallet).

const PAGE = `${urls.dapp}/fixtures/states.html`;
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

type State = {
  open: boolean;
  status: string;
  caipNetworkId: string;
  caipAddress: string | null;
  address: string | null;
  connectedWalletInfo: unknown;
  balance: string | null;
};

/** Why a state is inconsistent, or null when it is consistent. */
function tornReason(s: State): string | null {
  if (s.status === 'connected') {
    if (!s.caipAddress || !s.address) return 'connected without an address';
    if (s.caipAddress !== `${s.caipNetworkId}:${s.address}`)
      return `address ${s.caipAddress} not on ${s.caipNetworkId}`;
    if (!s.connectedWalletInfo) return 'connected without wallet info';
    return null;
  }
  if (s.caipAddress || s.address || s.connectedWalletInfo || s.balance) return `${s.status} with an address or wallet`;
  return null;
}

const states = (page: Page) => page.evaluate(() => (window as unknown as { __airlockStates: State[] }).__airlockStates);

/** Waits until a recorded state satisfies `done`; returns the states recorded since `from`. */
async function phase(page: Page, from: number, done: (s: State) => boolean): Promise<State[]> {
  await expect.poll(async () => (await states(page)).slice(from).some(done)).toBe(true);
  return (await states(page)).slice(from);
}

/** Counts of one phase, for the assertions and the report line. */
function summary(name: string, list: State[]) {
  let previous = '';
  let intoConnected = 0;
  for (const s of list) {
    if (s.status === 'connected' && previous !== 'connected') intoConnected++;
    previous = s.status;
  }
  const torn = list.map(tornReason).filter((r): r is string => r !== null);
  console.log(
    `[state-events] ${name}: ${list.length} state events, ${intoConnected} into connected, ${torn.length} torn${torn.length ? ` (${torn.join('; ')})` : ''}`,
  );
  return { intoConnected, torn };
}

async function connectFixtureWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page, 'Connect Wallet')).toBeVisible();
  await widget(page).getByRole('button', { name: 'Fixture Wallet' }).click();
}

test('the dapp sees one connected event per connect and never a torn state', async ({ page }) => {
  await page.goto(PAGE);
  await expect(page.getByTestId('states-status')).toHaveText('disconnected');
  let mark = (await states(page)).length;

  await connectFixtureWallet(page);
  const connect = await phase(page, mark, (s) => s.status === 'connected' && !s.open && s.balance !== null);
  const c = summary('connect', connect);
  expect.soft(c.intoConnected).toBe(1);
  expect.soft(c.torn).toEqual([]);
  mark = (await states(page)).length;

  await page.evaluate(() =>
    (window as unknown as { __fixtureWallet: { useAccount(i: number): void } }).__fixtureWallet.useAccount(1),
  );
  const account = await phase(page, mark, (s) => s.address === ACCOUNT_1 && s.balance !== null);
  expect.soft(summary('account change', account).torn).toEqual([]);
  mark = (await states(page)).length;

  await page.getByRole('button', { name: 'Switch to 31338' }).click();
  const switched = await phase(page, mark, (s) => s.caipNetworkId === 'eip155:31338' && s.balance !== null);
  expect.soft(summary('switch', switched).torn).toEqual([]);
  mark = (await states(page)).length;

  await page.getByRole('button', { name: 'Disconnect' }).click();
  const disconnected = await phase(page, mark, (s) => s.status === 'disconnected');
  const d = summary('disconnect', disconnected);
  expect.soft(d.torn).toEqual([]);
  expect(disconnected.at(-1)).toMatchObject({ status: 'disconnected', address: null, caipAddress: null });

  // Connect again, then reload: the restore must also reach connected once, untorn.
  await page.evaluate(() =>
    (window as unknown as { __fixtureWallet: { useAccount(i: number): void } }).__fixtureWallet.useAccount(0),
  );
  mark = (await states(page)).length;
  await connectFixtureWallet(page);
  const again = await phase(page, mark, (s) => s.status === 'connected' && !s.open);
  expect.soft(summary('second connect', again).intoConnected).toBe(1);

  await page.reload();
  await expect(page.getByTestId('states-account')).toHaveText(ACCOUNT_0);
  const reload = await phase(page, 0, (s) => s.status === 'connected' && s.balance !== null);
  const r = summary('reload', reload);
  expect.soft(r.intoConnected).toBe(1);
  expect.soft(r.torn).toEqual([]);
});

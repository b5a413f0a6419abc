// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from './App.tsx';
import { afterPaint } from './core/afterPaint.ts';
import { recordConnection } from './actions/connection.ts';
import { openModal } from './actions/modal.ts';
import { resolveBoot } from './config/boot.ts';
import type { Frame } from './store/frame.ts';
import { FrameProvider } from './core/react.ts';
import {
  ACCOUNT_0,
  announcement,
  createTestFrame,
  fakeWallet,
  flush,
  testConfig,
  type FakeHost,
} from './testing/testFrame.ts';
import { BootAlert } from './ui/BootAlert.tsx';
import { connectionOf } from './store/connection.ts';

const alpha = announcement('Alpha Wallet', 'com.alpha', 1);
const dev = announcement('Dev Wallet', 'dev.airlock.wallet', 2);
const gamma = announcement('Gamma Wallet', 'com.gamma', 3);

let frame: Frame;

/** A started frame with these page wallets, rendered with its modal open. */
async function openWith(
  wallets: (typeof alpha)[],
  setup: (f: Frame, fake: FakeHost) => void = () => {},
  reject?: string,
): Promise<FakeHost> {
  const wallet = fakeWallet();
  if (reject) wallet.reject.add(reject);
  const created = await createTestFrame({ wallets, wallet });
  frame = created.frame;
  setup(frame, created.fake);
  render(
    <FrameProvider frame={frame}>
      <App />
    </FrameProvider>,
  );
  await act(async () => {
    openModal(frame);
    await flush();
  });
  return created.fake;
}

/** Records a connection of `wallet` on `chainId` with a balance. */
function connected(f: Frame, chainId: number, balance?: string) {
  recordConnection(
    f,
    f.connectors.injected(dev),
    { accounts: [ACCOUNT_0], chainId, name: dev.name, icon: dev.icon },
    { silent: true },
  );
  if (balance)
    f.store.setState((s) => ({
      active: { ...s.active, balanceOf: connectionOf(s).caipAddress, balance, balanceSymbol: 'ETH' },
    }));
}

describe('frame UI', () => {
  beforeEach(() => undefined);
  afterEach(() => {
    cleanup();
    frame?.destroy();
  });

  it('Connect lists the page wallets as buttons named by the wallet, recent first under Recent, the others under Installed', async () => {
    await openWith([alpha, dev, gamma], (f) =>
      f.store.setState((s) => ({ preferences: { ...s.preferences, recentWallets: ['dev.airlock.wallet'] } })),
    );
    const dialog = screen.getByRole('dialog', { name: 'Connect Wallet' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const names = within(dialog)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent)
      .filter((n) => n !== 'Close');
    // spec §1 order: WalletConnect, recent, injected, (recommended, loaded later), All wallets
    expect(names.slice(0, 4)).toEqual(['WalletConnect', 'Dev Wallet', 'Alpha Wallet', 'Gamma Wallet']);
    expect(names.slice(-2)).toEqual(['All wallets', 'What is a wallet?']);
    const first = screen.getByRole('button', { name: 'Dev Wallet' });
    const recent = screen.getByRole('region', { name: 'Recent' });
    expect(
      within(recent)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Dev Wallet']);
    const installed = screen.getByRole('region', { name: 'Installed' });
    expect(
      within(installed)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Alpha Wallet', 'Gamma Wallet']);
    expect(first.querySelector('img')?.getAttribute('src')).toBe(dev.icon);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('shows an empty state when no wallet is on the page', async () => {
    await openWith([]);
    expect(screen.getByText(/No wallet found/)).toBeTruthy();
  });

  it('Escape closes the modal and tells the host to hide the overlay', async () => {
    const fake = await openWith([dev]);
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
      await flush();
    });
    expect(frame.store.getState().modal.open).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The first `true` is the UI telling the host it is drawn (here after the open).
    expect(fake.layouts).toEqual([true, true, false]);
  });

  it('keeps the closed modal rendered, hidden and inert, and opening only reveals the same nodes', async () => {
    const created = await createTestFrame({ wallets: [dev], wallet: fakeWallet() });
    frame = created.frame;
    const { container } = render(
      <FrameProvider frame={frame}>
        <App />
      </FrameProvider>,
    );
    // Closed: rendered on the view open() would show, but out of the accessibility tree and inert.
    expect(screen.queryByRole('dialog')).toBeNull();
    const backdrop = container.querySelector('.airlock-backdrop') as HTMLElement;
    expect(backdrop.classList.contains('airlock-closed')).toBe(true);
    expect(backdrop.inert).toBe(true);
    const row = within(backdrop).getByRole('button', { name: 'Dev Wallet', hidden: true });
    // Once drawn, the host hears it (setLayout with the closed state): open() may reveal it at once.
    await act(() => new Promise<void>((r) => afterPaint(r)));
    expect(created.fake.layouts).toEqual([false]);
    await act(async () => {
      openModal(frame);
      await flush();
    });
    const dialog = screen.getByRole('dialog', { name: 'Connect Wallet' });
    expect(backdrop.classList.contains('airlock-closed')).toBe(false);
    expect(backdrop.inert).toBe(false);
    // The very same row element: opening rendered no new view.
    expect(screen.getByRole('button', { name: 'Dev Wallet' })).toBe(row);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('keeps Account rendered while closed and connected, without loading its lists until opened', async () => {
    ({ frame } = await createTestFrame({ wallets: [dev], wallet: fakeWallet() }));
    connected(frame, 31337, '1.5');
    render(
      <FrameProvider frame={frame}>
        <App />
      </FrameProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Account', hidden: true })).toBeTruthy();
    // The tabs (a lazy chunk) are mounted, hidden, and have not asked for the token list.
    await screen.findByRole('tablist', { hidden: true }, { timeout: 5_000 });
    expect(frame.store.getState().portfolio.tokensStatus).toBe('idle');
    await act(async () => {
      openModal(frame);
      await flush();
    });
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeTruthy();
    await waitFor(() => expect(frame.store.getState().portfolio.tokensStatus).not.toBe('idle'));
  });

  it('Tab from the last control wraps to the first (focus trap)', async () => {
    await openWith([dev]);
    const close = screen.getByRole('button', { name: 'Close' });
    const wallet = screen.getByRole('button', { name: 'What is a wallet?' });
    wallet.focus();
    fireEvent.keyDown(wallet, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(wallet);
  });

  it('Account shows the shortened address, floored balance, network and actions', async () => {
    await openWith([dev], (f) => connected(f, 31337, '10000.98765'));
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeTruthy();
    expect(screen.getByTestId('account-address').textContent).toBe('0xf3…b92266');
    expect(screen.getByTestId('account-balance').textContent).toBe('10000.987 ETH');
    expect(screen.getByTestId('account-network').textContent).toBe('Anvil A');
    const link = screen.getByRole('link', { name: 'View on block explorer' });
    expect(link.getAttribute('href')).toBe(`http://explorer.test/address/${ACCOUNT_0}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    fireEvent.click(screen.getByRole('button', { name: 'Switch network' }));
    expect(screen.getByRole('dialog', { name: 'Select network' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anvil A' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Anvil B' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeTruthy();
  });

  it('shows Unknown Network for a wallet chain that is not configured', async () => {
    await openWith([dev], (f) => connected(f, 5));
    expect(screen.getByTestId('account-network').textContent).toBe('Unknown Network');
    // No balance is read on a network that is not configured: none is shown (not a made-up zero).
    expect(screen.getByTestId('account-balance').textContent).toBe('');
  });

  it('a rejected connection shows Connection rejected with Try again', async () => {
    await openWith([dev], undefined, 'eth_requestAccounts');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Dev Wallet' }));
      await flush();
    });
    expect(screen.getByRole('dialog', { name: 'Dev Wallet' })).toBeTruthy();
    // The page wallet's connector loads its implementation on first use: wait for the answer.
    expect(await screen.findByText('Connection rejected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('boot alerts', () => {
  afterEach(() => cleanup());
  const search = (config: unknown) => `?config=${encodeURIComponent(JSON.stringify(config))}`;

  it('shows Invalid App Configuration for a parent origin that is not allowed', () => {
    const config = { ...testConfig(), parentOrigin: 'http://127.0.0.2:15175' };
    const boot = resolveBoot({
      search: search(config),
      ancestorOrigins: ['http://127.0.0.2:15175'],
      referrer: '',
      allowlist: ['http://localhost:*'],
    });
    expect(boot.ok).toBe(false);
    if (!boot.ok) render(<BootAlert problem={boot.problem} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Invalid App Configuration');
    expect(alert.textContent).toContain('Origin not on allowlist');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows Project ID Not Configured for a missing project id', () => {
    const boot = resolveBoot({
      search: search({ ...testConfig(), projectId: '' }),
      ancestorOrigins: [],
      referrer: '',
      allowlist: ['*'],
    });
    if (!boot.ok) render(<BootAlert problem={boot.problem} />);
    expect(screen.getByRole('alert').textContent).toContain('Project ID Not Configured');
  });
});

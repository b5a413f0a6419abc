// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshBalance } from '../actions/balance.ts';
import { recordConnection } from '../actions/connection.ts';
import type { Frame } from '../store/frame.ts';
import { findNetwork } from '../store/networks.ts';
import { FrameProvider } from '../core/react.ts';
import { announcement, createTestFrame, testConfig } from '../testing/testFrame.ts';
import { identiconDataUri } from '../ui/identicon.ts';
import { AccountHeader } from './AccountHeader.tsx';
import { connectionOf } from '../store/connection.ts';

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const wallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
let frame: Frame;

/** Renders the header of `address` on the first configured network (with `imageUrl` when given). */
async function renderHeader(address: string, imageUrl?: string) {
  const config = testConfig();
  if (imageUrl) config.networks[0]!.assets = { imageUrl };
  ({ frame } = await createTestFrame({ config, start: false }));
  recordConnection(
    frame,
    frame.connectors.injected(wallet),
    { accounts: [address], chainId: 31337, name: wallet.name, icon: wallet.icon },
    { silent: true },
  );
  const network = findNetwork(frame.config, 'eip155:31337');
  return render(
    <FrameProvider frame={frame}>
      <AccountHeader address={address} network={network} />
    </FrameProvider>,
  );
}

afterEach(() => {
  cleanup();
  frame?.destroy();
});

describe('Account header', () => {
  it('shows an identicon of the address: the same for one address, another for another', async () => {
    const first = await renderHeader(ALICE);
    const alice = screen.getByTestId('account-avatar').getAttribute('src');
    expect(screen.getByTestId('account-avatar').dataset.kind).toBe('identicon');
    expect(alice).toBe(identiconDataUri(ALICE.toLowerCase()));
    expect(decodeURIComponent(alice!)).toContain('<rect');
    first.unmount();
    frame.destroy();
    await renderHeader(BOB);
    expect(screen.getByTestId('account-avatar').getAttribute('src')).not.toBe(alice);
  });

  it('shows the profile image (spec §3 profileImage) once the identity lookup has one', async () => {
    await renderHeader(ALICE);
    act(() => {
      frame.caches.identity.set(ALICE.toLowerCase(), { name: 'alice', avatar: 'https://img.test/alice.png' });
      frame.store.setState((s) => ({ names: { ...s.names, [ALICE.toLowerCase()]: 'alice' } }));
    });
    const avatar = screen.getByTestId('account-avatar');
    expect(avatar.getAttribute('src')).toBe('https://img.test/alice.png');
    expect(avatar.dataset.kind).toBe('profile');
    // An image that fails to load falls back to the identicon.
    fireEvent.error(avatar);
    expect(screen.getByTestId('account-avatar').dataset.kind).toBe('identicon');
  });

  it('shows the shortened address, the balance and, once tokens load, the USD value of that balance (not the portfolio)', async () => {
    await renderHeader(ALICE);
    act(() =>
      frame.store.setState((s) => ({
        active: { ...s.active, balanceOf: connectionOf(s).caipAddress, balance: '1.23456', balanceSymbol: 'ETH' },
      })),
    );
    expect(screen.getByTestId('account-address').textContent).toBe('0xf3…b92266');
    expect(screen.getByTestId('account-balance').textContent).toBe('1.234 ETH');
    expect(screen.getByTestId('account-fiat').textContent).toBe('');
    const token = {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:31337',
      price: 2000,
      quantity: { decimals: '18', numeric: '1' },
    };
    act(() =>
      frame.store.setState((s) => ({
        portfolio: {
          ...s.portfolio,
          tokensStatus: 'ready',
          tokens: [
            { ...token, value: 2000 },
            {
              ...token,
              name: 'Dev',
              symbol: 'DEV',
              address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
              value: 469.5,
            },
          ],
        },
      })),
    );
    // Beside '1.234 ETH' stands what the ETH is worth; the DEV token is in the Tokens tab.
    expect(screen.getByTestId('account-fiat').textContent).toBe('$2,000.00');
  });

  it('never shows a made-up zero: a busy placeholder while the balance loads, "Balance unavailable" after a failed read, the figure once a retry succeeds', async () => {
    await renderHeader(ALICE);
    const balance = screen.getByTestId('account-balance');
    // Loading (connected, balance not read yet).
    expect(balance.dataset.state).toBe('loading');
    expect(balance.closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('true');
    expect(balance.textContent).toBe('Loading…');
    expect(balance.textContent).not.toMatch(/\d/);
    // The read fails: a short clear text (and the toast), not '0.000 ETH'.
    const chain = vi.spyOn(frame, 'chain').mockResolvedValue({
      readNativeBalance: async () => {
        throw new Error('rpc down');
      },
    } as never);
    await act(() => refreshBalance(frame));
    expect(balance.dataset.state).toBe('unavailable');
    expect(balance.textContent).toBe('Balance unavailable');
    expect(balance.closest('[aria-busy]')).toBeNull();
    expect(frame.store.getState().toast).toMatchObject({ message: 'Token Balance Unavailable', variant: 'error' });
    // The next refresh retries and shows the figure.
    chain.mockResolvedValue({ readNativeBalance: async () => '2.5' } as never);
    await act(() => refreshBalance(frame));
    expect(balance.dataset.state).toBe('ready');
    expect(balance.textContent).toBe('2.500 ETH');
  });

  it('cuts a long registered name in its middle (start and zone kept), the whole name its title and accessible text', async () => {
    await renderHeader(ALICE);
    const long = 'alice-in-wonderland-bold.reown.id';
    act(() => frame.store.setState((s) => ({ names: { ...s.names, [ALICE.toLowerCase()]: long } })));
    const name = screen.getByTestId('account-name');
    expect(name.getAttribute('title')).toBe(long);
    const shown = name.querySelector('[aria-hidden="true"]')!.textContent!;
    expect(shown).toBe('alic…bold.reown.id');
    expect(shown.length).toBeLessThanOrEqual(18);
    expect(name.querySelector('.airlock-visually-hidden')!.textContent).toBe(long);
    // A short name is shown whole.
    act(() => frame.store.setState((s) => ({ names: { ...s.names, [ALICE.toLowerCase()]: 'alice.reown.id' } })));
    expect(screen.getByTestId('account-name').textContent).toBe('alice.reown.id');
  });

  it('copies the address: the copy icon turns into a check and a toast confirms', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderHeader(ALICE);
    const button = screen.getByRole('button', { name: 'Copy address' });
    expect(button.dataset.copied).toBeUndefined();
    await act(async () => void fireEvent.click(button));
    expect(writeText).toHaveBeenCalledWith(ALICE);
    expect(button.dataset.copied).toBe('true');
    expect(frame.store.getState().toast).toMatchObject({ open: true, message: 'Address copied', variant: 'success' });
  });

  it("the network pill shows the network's mark (Anvil A: the Ethereum mark with an A badge) and opens the network list", async () => {
    const { container } = await renderHeader(ALICE, 'https://img.test/anvil.svg');
    const pill = screen.getByRole('button', { name: 'Switch network' });
    expect(screen.getByTestId('account-network').textContent).toBe('Anvil A');
    const img = container.querySelector('.airlock-network-pill img.airlock-network-icon');
    // The frame's own mark wins over the page's imageUrl for a network the frame knows.
    expect(img?.getAttribute('data-logo')).toBe('frame');
    expect(img?.getAttribute('src')).toMatch(/ethereum\.svg/);
    expect(screen.getByTestId('network-badge').dataset.badge).toBe('A');
    expect(screen.queryByTestId('network-initial')).toBeNull();
    fireEvent.click(pill);
    expect(frame.store.getState().modal.stack.at(-1)).toEqual({ view: 'Networks' });
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { recordConnection } from '../actions/connection.ts';
import { FrameProvider } from '../core/react.ts';
import type { Frame } from '../store/frame.ts';
import { ACCOUNT_0, announcement, createTestFrame, testConfig } from '../testing/testFrame.ts';
import { ProfileWallets } from './ProfileWallets.tsx';
import { connectionOf } from '../store/connection.ts';

const wallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
let frame: Frame;

afterEach(() => {
  cleanup();
  frame?.destroy();
});

/** The view on a frame with `multiWallet` on, connected to the dev wallet when `connected`. */
async function show(connected: boolean) {
  ({ frame } = await createTestFrame({
    wallets: [wallet],
    config: { ...testConfig(), features: { multiWallet: true } },
  }));
  if (connected) {
    recordConnection(
      frame,
      frame.connectors.injected(wallet),
      { accounts: [ACCOUNT_0], chainId: 31337, name: wallet.name, icon: wallet.icon },
      { silent: true },
    );
  }
  render(
    <FrameProvider frame={frame}>
      <ProfileWallets />
    </FrameProvider>,
  );
}

describe('ProfileWallets view (spec §2, multi-wallet)', () => {
  it('lists the connection under its namespace with address, account type, network and the active mark', async () => {
    await show(true);
    expect(screen.getByRole('heading', { name: 'eip155' })).toBeTruthy();
    const rows = screen.getAllByTestId('profile-wallet');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.getAttribute('aria-current')).toBe('true');
    expect(rows[0]!.textContent).toContain('Dev Wallet');
    expect(rows[0]!.textContent).toContain('Active');
    expect(screen.getByTestId('profile-wallet-address').textContent).toBe('0xf3…b92266 · EOA');
    expect(rows[0]!.textContent).toContain('Anvil A');
    // The active one has no 'Make active'.
    expect(screen.queryByRole('button', { name: 'Make active' })).toBeNull();
  });

  it('Disconnect ends the connection; Connect another wallet opens Connect', async () => {
    await show(true);
    fireEvent.click(screen.getByRole('button', { name: 'Connect another wallet' }));
    expect(frame.store.getState().modal.stack.at(-1)?.view).toBe('Connect');
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Dev Wallet' }));
    expect(connectionOf(frame.store.getState()).status).toBe('disconnected');
    expect(await screen.findByText('No wallet connected')).toBeTruthy();
  });
});

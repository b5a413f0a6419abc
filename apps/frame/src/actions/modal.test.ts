import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Frame } from '../store/frame.ts';
import { testConfig } from '../testing/fakeHost.ts';
import { ACCOUNT_0, createTestFrame, flush, type FakeHost } from '../testing/testFrame.ts';
import { recordConnection } from './connection.ts';
import { closeModal, currentRoute, goBack, initialRoute, openModal, pushRoute } from './modal.ts';

describe('spec §2 opening rules', () => {
  it('goes to Account when connected, Connect otherwise, and honours an explicit view', () => {
    expect(initialRoute(true)).toEqual({ view: 'Account' });
    expect(initialRoute(false)).toEqual({ view: 'Connect' });
    expect(initialRoute(true, 'Networks')).toEqual({ view: 'Networks' });
    expect(initialRoute(true, 'Connect')).toEqual({ view: 'Connect' });
    expect(initialRoute(false, 'Account')).toEqual({ view: 'Connect' });
    expect(initialRoute(false, 'AllWallets')).toEqual({ view: 'AllWallets' });
  });

  it('wallet-only basic mode opens AllWallets on mobile and ConnectingWalletConnectBasic otherwise (spec §2)', () => {
    expect(initialRoute(false, undefined, { mobile: true })).toEqual({ view: 'AllWallets' });
    expect(initialRoute(false, undefined, { mobile: false })).toEqual({ view: 'ConnectingWalletConnectBasic' });
    expect(initialRoute(true, undefined, { mobile: false })).toEqual({ view: 'Account' });
    expect(initialRoute(false, 'Connect', { mobile: false })).toEqual({ view: 'Connect' });
  });
});

describe('modal and view stack', () => {
  let fake: FakeHost;
  let frame: Frame;
  const views = () => frame.store.getState().modal.stack.map((r) => r.view);
  const connect = () =>
    recordConnection(
      frame,
      frame.connectors.walletConnect,
      { accounts: [ACCOUNT_0], chainId: 31337, name: 'W', icon: 'data:image/png;base64,' },
      { silent: true },
    );
  beforeEach(async () => {
    ({ frame, fake } = await createTestFrame());
  });

  it('opening while connected shows Account and asks the host to show the overlay', async () => {
    connect();
    openModal(frame);
    await flush();
    expect(frame.store.getState().modal.open).toBe(true);
    expect(views()).toEqual(['Account']);
    expect(fake.layouts).toEqual([true]);
  });

  it('back navigation pops one view and never the last', () => {
    openModal(frame, { view: 'Connect' });
    pushRoute(frame, { view: 'Networks' });
    expect(views()).toEqual(['Connect', 'Networks']);
    expect(goBack(frame)).toBe(true);
    expect(currentRoute(frame).view).toBe('Connect');
    expect(goBack(frame)).toBe(false);
    expect(views()).toEqual(['Connect']);
  });

  it('closing resets the stack to Connect, hides the overlay and settles open() with the account', async () => {
    connect();
    const closed = frame.waiters.untilClosed();
    openModal(frame);
    pushRoute(frame, { view: 'Networks' });
    closeModal(frame);
    await flush();
    expect(frame.store.getState().modal.open).toBe(false);
    expect(views()).toEqual(['Connect']);
    expect(fake.layouts).toEqual([true, false]);
    await expect(closed).resolves.toEqual({ caipAddress: `eip155:31337:${ACCOUNT_0}` });
  });
});

describe('spec §2 manual-control flag (FrameConfig.manualWCControl)', () => {
  it('opens on the basic-mode choice while disconnected, Account while connected, and keeps the features', async () => {
    const { frame } = await createTestFrame({ config: { ...testConfig(), manualWCControl: true } });
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' });
    openModal(frame);
    expect(currentRoute(frame)).toEqual({ view: 'ConnectingWalletConnectBasic' });
    closeModal(frame);
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' });
    openModal(frame);
    expect(currentRoute(frame)).toEqual({ view: 'AllWallets' });
    closeModal(frame);
    recordConnection(
      frame,
      frame.connectors.walletConnect,
      { accounts: [ACCOUNT_0], chainId: 31337, name: 'W', icon: 'data:image/png;base64,' },
      { silent: true },
    );
    openModal(frame);
    expect(currentRoute(frame)).toEqual({ view: 'Account' });
    expect(frame.config.basic).toBeUndefined();
    vi.unstubAllGlobals();
  });

  it('without it (and without basic), opening while disconnected shows Connect', async () => {
    const { frame } = await createTestFrame();
    openModal(frame);
    expect(currentRoute(frame)).toEqual({ view: 'Connect' });
  });
});

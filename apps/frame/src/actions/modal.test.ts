import { beforeEach, describe, expect, it } from 'vitest';
import { useConnectionStore } from '../stores/connection.ts';
import { useModalStore } from '../stores/modal.ts';
import { currentRoute, goBack, pushRoute, useRouterStore } from '../stores/router.ts';
import { installFakeHost, resetFrame, type FakeHost } from '../testing/fakeHost.ts';
import { closeModal, initialRoute, openModal, waitForClose } from './modal.ts';

const views = () => useRouterStore.getState().stack.map((r) => r.view);

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
  beforeEach(() => {
    resetFrame();
    fake = installFakeHost([]);
  });

  it('opening while connected shows Account and asks the host to show the overlay', () => {
    useConnectionStore.setState({ status: 'connected' });
    openModal();
    expect(useModalStore.getState().open).toBe(true);
    expect(views()).toEqual(['Account']);
    expect(fake.layouts).toEqual([true]);
  });

  it('back navigation pops one view and never the last', () => {
    openModal({ view: 'Connect' });
    pushRoute({ view: 'Networks' });
    expect(views()).toEqual(['Connect', 'Networks']);
    expect(goBack()).toBe(true);
    expect(currentRoute().view).toBe('Connect');
    expect(goBack()).toBe(false);
    expect(views()).toEqual(['Connect']);
  });

  it('closing resets the stack to Connect, hides the overlay and settles open() with the account', async () => {
    useConnectionStore.setState({ status: 'connected' });
    const closed = waitForClose();
    openModal();
    pushRoute({ view: 'Networks' });
    closeModal();
    expect(useModalStore.getState().open).toBe(false);
    expect(views()).toEqual(['Connect']);
    expect(fake.layouts).toEqual([true, false]);
    await expect(closed).resolves.toEqual({ caipAddress: null });
  });
});

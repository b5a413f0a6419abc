import { describe, expect, it } from 'vitest';
import { recordConnection } from '../actions/connection.ts';
import { recordDisconnection } from '../actions/disconnection.ts';
import { closeModal, pushRoute } from '../actions/modal.ts';
import type { Frame } from '../store/frame.ts';
import { testConfig } from '../testing/fakeHost.ts';
import { ACCOUNT_0, createTestFrame, flush } from '../testing/testFrame.ts';
import { showsAsModal } from '../views/showsAsModal.ts';

const inlineFrame = () => createTestFrame({ config: { ...testConfig(), inline: true } });
const views = (frame: Frame) => frame.store.getState().modal.stack.map((r) => r.view);
const connect = (frame: Frame, silent: boolean) =>
  recordConnection(
    frame,
    frame.connectors.walletConnect,
    { accounts: [ACCOUNT_0], chainId: 31337, name: 'W', icon: 'data:image/png;base64,' },
    { silent },
  );

describe('embedded (inline) mode, spec §2', () => {
  it('opens at once on Connect, and the host gets no overlay layout from the store', async () => {
    const { frame, fake } = await inlineFrame();
    expect(frame.store.getState().modal.open).toBe(true);
    expect(views(frame)).toEqual(['Connect']);
    expect(fake.layouts).toEqual([]);
  });

  it('closing resets to Connect while disconnected, and settles open() callers as a close', async () => {
    const { frame } = await inlineFrame();
    pushRoute(frame, { view: 'AllWallets' });
    const closed = frame.waiters.untilClosed();
    closeModal(frame);
    expect(await closed).toEqual({ caipAddress: null });
    await flush(1);
    expect(frame.store.getState().modal.open).toBe(true);
    expect(views(frame)).toEqual(['Connect']);
  });

  it('a connect from the widget shows Account, a disconnect shows Connect, closing while connected resets to Account', async () => {
    const { frame } = await inlineFrame();
    connect(frame, false); // an open modal closes on connect
    await flush(1);
    expect(frame.store.getState().modal.open).toBe(true);
    expect(views(frame)).toEqual(['Account']);

    pushRoute(frame, { view: 'Networks' });
    closeModal(frame);
    await flush(1);
    expect(views(frame)).toEqual(['Account']);

    recordDisconnection(frame);
    await flush(1);
    expect(frame.store.getState().modal.open).toBe(true);
    expect(views(frame)).toEqual(['Connect']);
  });

  it('a silent reconnect (a reload) swaps the lone Connect for Account, a deeper stack is left alone', async () => {
    const { frame } = await inlineFrame();
    connect(frame, true);
    expect(views(frame)).toEqual(['Account']);
    recordDisconnection(frame, { keepModal: true });
    expect(views(frame)).toEqual(['Connect']);
    pushRoute(frame, { view: 'AllWallets' });
    connect(frame, true);
    expect(views(frame)).toEqual(['Connect', 'AllWallets']);
  });

  it('without `inline` nothing of this runs: the modal starts closed', async () => {
    const { frame } = await createTestFrame();
    expect(frame.store.getState().modal.open).toBe(false);
  });

  it('shows only approvals as the modal overlay', () => {
    expect(showsAsModal({ view: 'ApproveTransaction', requestId: 'r' })).toBe(true);
    expect(showsAsModal({ view: 'Account' })).toBe(false);
    expect(showsAsModal({ view: 'Connect' })).toBe(false);
  });
});

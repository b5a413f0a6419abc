// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { recordConnection } from '../actions/connection.ts';
import { connectionOf } from '../store/connection.ts';
import { openModal } from '../actions/modal.ts';
import { selectNetwork } from '../actions/networkViews.ts';
import { testConfig } from '../testing/fakeHost.ts';
import type { Frame } from '../store/frame.ts';
import { FrameProvider } from '../core/react.ts';
import { ACCOUNT_0, announcement, createTestFrame } from '../testing/testFrame.ts';
import { SwitchNetworkView } from './SwitchNetworkView.tsx';

const wallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
let frame: Frame;

afterEach(() => {
  cleanup();
  frame?.destroy();
});

/** The view while a switch to chain B is pending, for a connection of connector type `type`. */
async function pendingSwitch(type: 'AUTH' | 'ANNOUNCED') {
  ({ frame } = await createTestFrame({ start: false, wallets: [wallet] }));
  recordConnection(
    frame,
    frame.connectors.injected(wallet),
    { accounts: [ACCOUNT_0], chainId: 31337, name: wallet.name, icon: wallet.icon },
    { silent: true },
  );
  frame.store.setState((s) => ({
    connections: { ...s.connections, list: s.connections.list.map((c) => ({ ...c, type })) },
    active: { ...s.active, switching: { caipNetworkId: 'eip155:31338', status: 'pending', error: null } },
  }));
  render(
    <FrameProvider frame={frame}>
      <SwitchNetworkView caipNetworkId="eip155:31338" />
    </FrameProvider>,
  );
}

describe('SwitchNetwork view (spec §2)', () => {
  it("asks a page wallet's person to approve the switch", async () => {
    await pendingSwitch('ANNOUNCED');
    expect(screen.getByText('Approve in wallet')).toBeTruthy();
  });

  it('does not ask the embedded wallet to approve: it switches without a prompt', async () => {
    await pendingSwitch('AUTH');
    expect(screen.getByText('Switching network…')).toBeTruthy();
    expect(screen.queryByText('Approve in wallet')).toBeNull();
  });
});

// Spec §2 network switching rule 'Otherwise SwitchNetwork opens' — while disconnected too — unless the
// dapp ignores the confirmation.
describe('a network picked while disconnected (spec §2)', () => {
  const views = () => frame.store.getState().modal.stack.map((r) => r.view);
  const network = () => connectionOf(frame.store.getState()).caipNetworkId;

  it('opens SwitchNetwork to confirm; the confirmation switches and goes back to the view before Networks', async () => {
    ({ frame } = await createTestFrame({ start: false }));
    openModal(frame, { view: 'Connect' });
    frame.store.setState((s) => ({ modal: { ...s.modal, stack: [{ view: 'Connect' }, { view: 'Networks' }] } }));
    await selectNetwork(frame, 'eip155:31338');
    expect(views()).toEqual(['Connect', 'Networks', 'SwitchNetwork']);
    expect(network()).toBe('eip155:31337');
    render(
      <FrameProvider frame={frame}>
        <SwitchNetworkView caipNetworkId="eip155:31338" />
      </FrameProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Anvil B' }));
    await expect.poll(network).toBe('eip155:31338');
    expect(views()).toEqual(['Connect']);
  });

  it('with ignoreSwitchConfirmation the switch is at once, with no SwitchNetwork', async () => {
    ({ frame } = await createTestFrame({ start: false, config: { ...testConfig(), ignoreSwitchConfirmation: true } }));
    openModal(frame, { view: 'Connect' });
    frame.store.setState((s) => ({ modal: { ...s.modal, stack: [{ view: 'Connect' }, { view: 'Networks' }] } }));
    await selectNetwork(frame, 'eip155:31338');
    expect(network()).toBe('eip155:31338');
    expect(views()).toEqual(['Connect']);
  });
});

// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { recordConnection } from '../actions/connection.ts';
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

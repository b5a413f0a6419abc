// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../App.tsx';
import { recordConnection } from '../actions/connection.ts';
import { announcedEntry } from '../connectors/injected/index.ts';
import { openModal } from '../actions/modal.ts';
import { applyChain } from '../actions/network.ts';
import { FrameProvider } from '../core/react.ts';
import { routeRequest } from '../handlers/request.ts';
import type { Frame } from '../store/frame.ts';
import { ACCOUNT_0, announcement, createTestFrame, flush } from '../testing/testFrame.ts';

const dev = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
let frame: Frame;

afterEach(() => {
  cleanup();
  frame?.destroy();
});

/** The App, connected to the Dev Wallet on Anvil A, with its modal open. */
async function connectedApp() {
  ({ frame } = await createTestFrame({ wallets: [dev] }));
  recordConnection(
    frame,
    frame.connectors.injected(dev),
    { accounts: [ACCOUNT_0], chainId: 31337, name: dev.name, icon: dev.icon },
    { silent: true },
  );
  render(
    <FrameProvider frame={frame}>
      <App />
    </FrameProvider>,
  );
  await act(async () => {
    openModal(frame);
    await flush();
  });
}

// Spec §2 'UnsupportedChain (the active network is unsupported)', row 2.18.
describe('UnsupportedChain (spec §2)', () => {
  it('shows when the wallet moves to a network the app does not list, and gives way to Account on a listed one', async () => {
    await connectedApp();
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeTruthy();
    await act(async () => applyChain(frame, 'eip155:999'));
    expect(screen.getByRole('dialog', { name: 'Unsupported network' })).toBeTruthy();
    // The configured networks are offered.
    expect(screen.getByRole('button', { name: 'Anvil B' })).toBeTruthy();
    await act(async () => applyChain(frame, 'eip155:31338'));
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeTruthy();
  });

  it("reads on an unlisted network answer 4901 'Chain is not supported' (spec §8, row 8.34)", async () => {
    await connectedApp();
    applyChain(frame, 'eip155:999');
    expect(await routeRequest(frame, { method: 'eth_blockNumber', chainNamespace: 'eip155' })).toEqual({
      ok: false,
      error: { code: 4901, message: 'Chain is not supported' },
    });
  });
});

// Spec §8 'Failed to connect', row 8.20.
describe("ConnectingExternal's error (spec §8)", () => {
  it("a wallet error other than a rejection says 'Failed to connect' with the wallet's message", async () => {
    await connectedApp();
    await act(async () => {
      frame.store.setState((s) => ({
        active: { ...s.active, error: { code: -32603, message: 'The extension crashed' } },
        modal: { ...s.modal, stack: [{ view: 'ConnectingExternal', wallet: announcedEntry(dev) }] },
      }));
      await flush();
    });
    expect(screen.getByText('Failed to connect')).toBeTruthy();
    expect(screen.getByText('The extension crashed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

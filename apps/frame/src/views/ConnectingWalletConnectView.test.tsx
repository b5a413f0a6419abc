// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App.tsx';
import { openModal, showRoute } from '../actions/modal.ts';
import { startPairing } from '../actions/walletConnect.ts';
import { FrameProvider } from '../core/react.ts';
import type { WalletListing } from '../listing/types.ts';
import type { Frame } from '../store/frame.ts';
import { createTestFrame, flush } from '../testing/testFrame.ts';

/**
 * Spec §2 'ConnectingWalletConnect (with a wallet)' (row 2.6): the view opened for a listing wallet
 * is that wallet's pairing: its name as the title, the QR code "for" it, and 'Open in wallet' with
 * its own link carrying the pairing URI; the plain WalletConnect entry has none of these. The pairing
 * itself (relay, session) is the WalletConnect tests' and e2e/walletconnect*.spec.ts's.
 */

vi.mock('../actions/walletConnect.ts', async (original) => ({
  ...(await original<typeof import('../actions/walletConnect.ts')>()),
  startPairing: vi.fn(async () => undefined),
  cancelPairing: vi.fn(),
}));

const URI = 'wc:15f7@2?expiryTimestamp=1&relay-protocol=irn&symKey=dc';
const harbor = {
  id: 'harbor',
  name: 'Harbor Wallet',
  image_url: null,
  desktop_link: 'harbor://',
  mobile_link: null,
  webapp_link: null,
} as unknown as WalletListing;

let frame: Frame;
afterEach(() => {
  cleanup();
  frame?.destroy();
  vi.mocked(startPairing).mockClear();
});

/** The App with the modal on ConnectingWalletConnect (for `wallet`, or the plain entry) and a pairing URI. */
async function pairing(wallet?: WalletListing) {
  ({ frame } = await createTestFrame({}));
  render(
    <FrameProvider frame={frame}>
      <App />
    </FrameProvider>,
  );
  await act(async () => {
    openModal(frame);
    showRoute(frame, { view: 'ConnectingWalletConnect', ...(wallet ? { wallet } : {}) });
    await flush();
  });
  // The view (a lazy chunk) mounted before the URI: it started the pairing itself.
  await screen.findByText('Loading QR code', {}, { timeout: 10_000 });
  await act(async () => {
    frame.store.setState({ walletConnect: { uri: URI, uriCreatedAt: Date.now(), status: 'pairing', error: null } });
    await flush();
  });
}

describe('ConnectingWalletConnect (spec §2)', () => {
  it("with a wallet: the wallet's name, its QR code and its own link carrying the pairing URI", async () => {
    await pairing(harbor);
    const dialog = await screen.findByRole('dialog', { name: 'Harbor Wallet' }, { timeout: 10_000 });
    expect(dialog).toBeTruthy();
    expect(await screen.findByText('Scan this QR code with Harbor Wallet')).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Open in wallet' });
    expect(open.getAttribute('href')).toBe(`harbor://wc?uri=${encodeURIComponent(URI)}`);
    expect(vi.mocked(startPairing)).toHaveBeenCalledWith(frame, harbor);
  });

  it('without one (the plain WalletConnect entry): no wallet name, no wallet link', async () => {
    await pairing();
    expect(await screen.findByRole('dialog', { name: 'WalletConnect' }, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('Scan this QR code with your phone')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open in wallet' })).toBeNull();
    expect(vi.mocked(startPairing)).toHaveBeenCalledWith(frame, undefined);
  });
});

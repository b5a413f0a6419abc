// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPairingExpired, PAIRING_TTL_MS } from '../connectors/walletconnect/expiry.ts';
import { basicModeView } from '../listing/platform.ts';
import type { Frame } from '../store/frame.ts';
import { FrameProvider } from '../core/react.ts';
import { createTestFrame } from '../testing/testFrame.ts';
import { WALLETCONNECT_ICON } from '../connectors/walletconnect/icon.ts';
import type { WalletListing } from '../listing/types.ts';
import { PAIRING_EXPIRED_TEXT, WalletConnectPairing } from './WalletConnectPairing.tsx';

let frame: Frame;

vi.mock('../actions/walletConnect.ts', () => ({ startPairing: vi.fn(async () => undefined), cancelPairing: vi.fn() }));

const URI = 'wc:15f7@2?expiryTimestamp=1&relay-protocol=irn&symKey=dc';

beforeEach(async () => {
  ({ frame } = await createTestFrame({ start: false }));
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  frame.destroy();
});

describe('pairing expiry (spec §4: 4 minutes, expired with 10 s or less left)', () => {
  it('counts a pairing as expired from 10 s before its 4 minutes end', () => {
    expect(isPairingExpired(0, PAIRING_TTL_MS - 10_001)).toBe(false);
    expect(isPairingExpired(0, PAIRING_TTL_MS - 10_000)).toBe(true);
  });

  it('shows the URI, then says the QR code expired and offers a new one', async () => {
    frame.store.setState({ walletConnect: { uri: URI, uriCreatedAt: Date.now(), status: 'pairing', error: null } });
    render(
      <FrameProvider frame={frame}>
        <WalletConnectPairing />
      </FrameProvider>,
    );
    expect(screen.getByTestId('wc-uri').textContent).toBe(URI);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PAIRING_TTL_MS - 11_000);
    });
    expect(screen.queryByText(PAIRING_EXPIRED_TEXT)).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.getByText(PAIRING_EXPIRED_TEXT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get a new QR code' })).toBeTruthy();
    expect(screen.queryByTestId('wc-uri')).toBeNull();
  });
});

describe("the QR code's centre", () => {
  it("shows the chosen wallet's logo, and the WalletConnect logo when that image fails", async () => {
    // The QR code is drawn after the qrcode chunk loads: real timers to wait for it.
    vi.useRealTimers();
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    const wallet = { id: 'harbor', name: 'Harbor Wallet', image_url: image } as unknown as WalletListing;
    frame.store.setState({ walletConnect: { uri: URI, uriCreatedAt: Date.now(), status: 'pairing', error: null } });
    const { container } = render(
      <FrameProvider frame={frame}>
        <WalletConnectPairing wallet={wallet} />
      </FrameProvider>,
    );
    const logo = () => container.querySelector<HTMLImageElement>('.airlock-qr-logo');
    await screen.findByRole('img', { name: 'WalletConnect QR code' }, { timeout: 5000 });
    expect(logo()!.getAttribute('src')).toBe(image);
    act(() => {
      logo()!.dispatchEvent(new Event('error'));
    });
    expect(logo()!.getAttribute('src')).toBe(WALLETCONNECT_ICON);
  });
});

describe('wallet-only basic mode opening rule (spec §2)', () => {
  it('opens AllWallets on mobile and ConnectingWalletConnectBasic otherwise', () => {
    expect(basicModeView(true)).toBe('AllWallets');
    expect(basicModeView(false)).toBe('ConnectingWalletConnectBasic');
  });
});

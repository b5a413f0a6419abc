import { useEffect, useState } from 'react';
import { Copy, ExternalLink, Globe, Monitor } from 'lucide-react';
import { cancelReason } from '@airlock/protocol';
import { ConnectError, errorText } from '../i18n/errorKeys.ts';
import { showToast } from '../actions/toast.ts';
import { cancelPairing, startPairing } from '../actions/walletConnect.ts';
import { isPairingExpired } from '../connectors/walletconnect/expiry.ts';
import { walletLink } from '../listing/paging.ts';
import type { WalletListing } from '../listing/types.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { copyText } from '../ui/copyText.ts';
import { QrCode } from '../ui/QrCode.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { isPhone, WalletConnectMobileList } from './WalletConnectMobileList.tsx';
import { useTranslation } from 'react-i18next';

/** Text shown once the pairing URI counts as expired (spec §4). */
export const PAIRING_EXPIRED_TEXT = 'QR code expired';

/** The current time in ms, re-read every second while mounted. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The pairing part of ConnectingWalletConnect / ConnectingWalletConnectBasic:
 * starts a pairing when mounted (cancels it when left), shows
 * the `wc:` URI as a QR code with 'Copy link', the wallet's 'Open in wallet'
 * link (mobile deep link on phones, else desktop link, else web app) plus its
 * desktop / web-app links, 'Connection rejected' / 'Failed to connect' with
 * 'Try again', and — 10 s before the 4 minute pairing lifetime ends (spec §4)
 * — 'QR code expired' with 'Get a new QR code'. On a phone without a chosen wallet the
 * listing's wallets come first as direct links ({@link WalletConnectMobileList}), the QR
 * code below for another device. The URI is also in a visually hidden
 * `data-testid="wc-uri"` element.
 */
/** The chosen listing wallet's image for the QR code's centre, or undefined (the WalletConnect logo) without a usable one. */
function listingLogo(wallet: WalletListing | undefined): string | undefined {
  const url = wallet?.image_url;
  return url && /^(https?:|data:image\/)/.test(url) ? url : undefined;
}

export function WalletConnectPairing({ wallet }: { wallet?: WalletListing | undefined }) {
  const { t } = useTranslation();
  const frame = useFrame();
  const { uri, uriCreatedAt, status, error } = useFrameState((s) => s.walletConnect);
  const now = useNow();

  useEffect(() => {
    if (frame.store.getState().walletConnect.status === 'idle') void startPairing(frame, wallet);
    return () => cancelPairing(frame);
  }, [frame, wallet]);

  if (status === 'error' && error) {
    const rejected = cancelReason(error) === 'rejected';
    return (
      <div className="airlock-center">
        <p className="airlock-status airlock-error-text">
          {errorText(t, rejected ? ConnectError.rejected : ConnectError.failed)}
        </p>
        {!rejected && error.message ? <p className="airlock-detail">{error.message}</p> : null}
        <button type="button" className="airlock-button" onClick={() => void startPairing(frame, wallet)}>
          {t('Try again')}
        </button>
      </div>
    );
  }
  if (!uri || status !== 'pairing') {
    return (
      <div className="airlock-center">
        <p className="airlock-status">
          <Spinner /> {t('Loading QR code')}
        </p>
      </div>
    );
  }
  if (uriCreatedAt !== null && isPairingExpired(uriCreatedAt, now)) {
    return (
      <div className="airlock-center">
        <p className="airlock-status airlock-error-text">{t(PAIRING_EXPIRED_TEXT)}</p>
        <p className="airlock-detail">{t('The connection request timed out. Get a new QR code to try again.')}</p>
        <button type="button" className="airlock-button" onClick={() => void startPairing(frame, wallet)}>
          {t('Get a new QR code')}
        </button>
      </div>
    );
  }

  const mobile = isPhone();
  const open = wallet
    ? ((mobile ? walletLink(wallet, 'mobile', uri) : walletLink(wallet, 'desktop', uri)) ??
      walletLink(wallet, 'web', uri) ??
      walletLink(wallet, 'mobile', uri))
    : null;
  const desktop = wallet ? walletLink(wallet, 'desktop', uri) : null;
  const web = wallet ? walletLink(wallet, 'web', uri) : null;
  const copy = async () => {
    const done = await copyText(uri);
    showToast(frame, done ? 'Link copied' : 'Failed to copy link', done ? 'success' : 'error');
  };
  return (
    <div className="airlock-center">
      {mobile && !wallet ? <WalletConnectMobileList uri={uri} /> : null}
      {/* The chosen wallet's logo in the code's centre (the WalletConnect logo without one). */}
      <QrCode value={uri} logo={listingLogo(wallet)} />
      <p className="airlock-status">
        {mobile && !wallet
          ? t('Or scan this QR code from another device')
          : t('Scan this QR code with {{wallet}}', { wallet: wallet ? wallet.name : t('your phone') })}
      </p>
      <span className="airlock-offscreen" data-testid="wc-uri">
        {uri}
      </span>
      <div className="airlock-link-row">
        <button type="button" className="airlock-button airlock-secondary" value={uri} onClick={() => void copy()}>
          <Copy size={16} aria-hidden="true" />
          {t('Copy link')}
        </button>
        {open ? (
          <a className="airlock-button" href={open} target="_blank" rel="noopener noreferrer">
            <ExternalLink size={16} aria-hidden="true" />
            {t('Open in wallet')}
          </a>
        ) : null}
        {desktop && desktop !== open ? (
          <a className="airlock-button airlock-secondary" href={desktop} target="_blank" rel="noopener noreferrer">
            <Monitor size={16} aria-hidden="true" />
            {t('Desktop app')}
          </a>
        ) : null}
        {web && web !== open ? (
          <a className="airlock-button airlock-secondary" href={web} target="_blank" rel="noopener noreferrer">
            <Globe size={16} aria-hidden="true" />
            {t('Web app')}
          </a>
        ) : null}
      </div>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { showToast } from '../actions/toast.ts';
import { findNetwork } from '../store/networks.ts';
import { useFrame, useFrameState } from '../core/react.ts';
import { copyText } from '../ui/copyText.ts';
import { useTranslation } from 'react-i18next';
import { connectionOf } from '../store/connection.ts';

/**
 * Receive (spec §1 'receive'): the connected address as a QR code (the
 * `qrcode` package, loaded when the view opens), the full address with a
 * Copy address button, and the network it is on.
 */
export function ReceiveView() {
  const { t } = useTranslation();
  const frame = useFrame();
  const address = useFrameState((s) => connectionOf(s).address);
  const caipNetworkId = useFrameState((s) => connectionOf(s).caipNetworkId);
  const network = findNetwork(frame.config, caipNetworkId);
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    if (!address) return;
    let live = true;
    void import('qrcode')
      .then((QRCode) => QRCode.toDataURL(address, { margin: 1, width: 200, errorCorrectionLevel: 'M' }))
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [address]);

  if (!address) return null;
  const copy = async () => {
    const done = await copyText(address);
    showToast(frame, done ? 'Address copied' : 'Failed to copy address', done ? 'success' : 'error');
  };
  return (
    <div className="airlock-center">
      {qr ? (
        <img src={qr} width={200} height={200} alt={t('QR code of the address')} data-testid="receive-qr" />
      ) : (
        <div className="airlock-qr-placeholder" />
      )}
      <p className="airlock-muted">
        {t('Send assets on')} <strong data-testid="receive-network">{network?.name ?? t('Unknown Network')}</strong>{' '}
        {t('to')}
      </p>
      <p className="airlock-address airlock-break" data-testid="receive-address" dir="ltr">
        {address}
      </p>
      <button type="button" className="airlock-button airlock-secondary" onClick={() => void copy()}>
        {t('Copy address')}
      </button>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A QR code of `value` (the `wc:` pairing URI) drawn with the `qrcode`
 * package (loaded on demand) as an SVG data URI in an `<img>`, labelled
 * 'WalletConnect QR code'. Shows nothing until drawn.
 */
export function QrCode({ value, size = 240 }: { value: string; size?: number }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    void import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }))
      .then((svg) => live && setSrc(`data:image/svg+xml,${encodeURIComponent(svg)}`))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <div className="airlock-qr" style={{ width: size, height: size }}>
      {src ? <img src={src} alt={t('WalletConnect QR code')} width={size} height={size} /> : null}
    </div>
  );
}

import { useEffect, useState } from 'react';

/**
 * A QR code of `value` (the `wc:` pairing URI) drawn with the `qrcode`
 * package (loaded on demand) as an SVG data URI in an `<img>`, labelled `label`
 * (default 'WalletConnect QR code'). Shows nothing until drawn.
 */
export function QrCode({
  value,
  size = 240,
  label = 'WalletConnect QR code',
}: {
  value: string;
  size?: number;
  /** The image's accessible name. */
  label?: string;
}) {
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
      {src ? <img src={src} alt={label} width={size} height={size} /> : null}
    </div>
  );
}

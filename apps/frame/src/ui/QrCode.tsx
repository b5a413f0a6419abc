import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WALLETCONNECT_ICON } from '../connectors/walletconnect/icon.ts';

/** The logo's share of the QR code's width: its square covers about 5 % of the code, well within level H's 30 %. */
export const QR_LOGO_SHARE = 0.22;

/** The quiet zone drawn around the code, in modules (the white padding of `.airlock-qr` adds to it). */
const QR_MARGIN = 1;

/**
 * The largest size up to `size` px at which each of `modules` modules is a whole number of
 * pixels (at least 1): a code scaled by a fraction blurs its module edges, and a decoder
 * (a camera, jsQR) may then fail to read it. `size` 240 with 75 modules → 225.
 */
export function crispSize(size: number, modules: number): number {
  return Math.max(1, Math.floor(size / modules)) * modules;
}

/**
 * A QR code of `value` (a `wc:` pairing URI, a Farcaster channel link …) drawn with the `qrcode`
 * package (loaded on demand) as an SVG data URI in an `<img>`, labelled `label` (already translated; default
 * the translated 'WalletConnect QR code'), with `logo` (default the WalletConnect logo; `null` for none) in its centre. Error correction level H (30 % of the code may be
 * covered) keeps it readable under the logo; the code is drawn at whole pixels per module
 * ({@link crispSize}), centred in the reserved `size` × `size` box. Shows nothing until drawn.
 */
export function QrCode({
  value,
  size = 240,
  label,
  logo: logoSrc = WALLETCONNECT_ICON,
}: {
  value: string;
  size?: number;
  /** The image's accessible name, already translated. */
  label?: string;
  /** The image drawn over the code's centre (a data URI or URL), or `null` for none. */
  logo?: string | null;
}) {
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState<{ src: string; px: number } | null>(null);
  // A logo that fails to load gives way to the WalletConnect logo (or nothing when that failed).
  const [brokenLogo, setBrokenLogo] = useState<string | null>(null);
  const shownLogo =
    logoSrc && logoSrc === brokenLogo ? (logoSrc === WALLETCONNECT_ICON ? null : WALLETCONNECT_ICON) : logoSrc;
  useEffect(() => {
    let live = true;
    setDrawn(null);
    void import('qrcode')
      .then(async (qr) => {
        const svg = await qr.toString(value, { type: 'svg', errorCorrectionLevel: 'H', margin: QR_MARGIN });
        const modules = qr.create(value, { errorCorrectionLevel: 'H' }).modules.size + 2 * QR_MARGIN;
        return { src: `data:image/svg+xml,${encodeURIComponent(svg)}`, px: crispSize(size, modules) };
      })
      .then((next) => live && setDrawn(next))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [value, size]);
  const logo = Math.round((drawn?.px ?? size) * QR_LOGO_SHARE);
  return (
    <div className="airlock-qr" style={{ width: size, height: size }}>
      {drawn ? (
        <>
          <img src={drawn.src} alt={label ?? t('WalletConnect QR code')} width={drawn.px} height={drawn.px} />
          {shownLogo ? (
            <img
              className="airlock-qr-logo"
              src={shownLogo}
              alt=""
              width={logo}
              height={logo}
              onError={() => setBrokenLogo(shownLogo)}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

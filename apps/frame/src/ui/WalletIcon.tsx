/**
 * A wallet's EIP-6963 icon (a validated `data:image/…` URI), rendered only
 * through `<img>` so an SVG icon cannot run script. Decorative: the wallet's
 * name labels the surrounding control.
 */
export function WalletIcon({ src, size = 40 }: { src: string; size?: number }) {
  return <img className="airlock-wallet-icon" src={src} alt="" width={size} height={size} />;
}

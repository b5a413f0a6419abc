/**
 * Platform choice for WalletConnect links and the wallet-only basic mode
 * opening rule (spec §2).
 */

/** True for a phone or tablet user agent (Android, iPhone, iPad, iPod, 'Mobile'). Pure. */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent);
}

/**
 * The view wallet-only basic mode opens on (spec §2 'Wallet-only basic mode
 * goes to AllWallets on mobile and ConnectingWalletConnectBasic otherwise').
 * Pure.
 */
export function basicModeView(mobile: boolean): 'AllWallets' | 'ConnectingWalletConnectBasic' {
  return mobile ? 'AllWallets' : 'ConnectingWalletConnectBasic';
}

/**
 * The Dev Wallet icon (EIP-6963 `info.icon`): an SVG `data:image/svg+xml` URI,
 * a wrench on an amber square so nobody mistakes it for a real wallet.
 */
export const DEV_WALLET_ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
      '<rect width="64" height="64" rx="14" fill="#f59e0b"/>' +
      '<path d="M41 14a11 11 0 0 0-10.4 14.6L15 44.2a3.5 3.5 0 0 0 5 5l15.6-15.6A11 11 0 0 0 50 23l-6.3 6.3-6-1.7-1.7-6L42.3 15A11 11 0 0 0 41 14z" fill="#1f2937"/>' +
      '</svg>',
  );

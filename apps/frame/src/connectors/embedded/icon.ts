/** The embedded (email) wallet's icon: an envelope, as a `data:image/svg+xml` URI (connectedWalletInfo.icon). */
export const EMAIL_WALLET_ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#3b5bfd"/>' +
      '<rect x="14" y="20" width="36" height="24" rx="3" fill="none" stroke="#fff" stroke-width="3"/>' +
      '<path d="M15 22l17 13 17-13" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/></svg>',
  );

/**
 * The WalletConnect logo, for the Connect view and for sessions whose wallet has no
 * inline icon. Tiny and free of `@walletconnect/*` imports: it is in the initial JS.
 */

/** The WalletConnect logo as a `data:image/svg+xml` URI (rendered through `<img>` only). */
export const WALLETCONNECT_ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#3396ff"/>' +
      '<path d="M12.3 15.6c4.3-4.2 11.2-4.2 15.4 0l.5.5c.2.2.2.6 0 .8l-1.8 1.7a.3.3 0 0 1-.4 0l-.7-.7c-3-2.9-7.8-2.9-10.8 0l-.8.7a.3.3 0 0 1-.4 0l-1.8-1.7a.6.6 0 0 1 0-.8zm19.1 3.5 1.6 1.6c.2.2.2.6 0 .8l-7.2 7a.6.6 0 0 1-.8 0l-5.1-5a.1.1 0 0 0-.2 0l-5.1 5a.6.6 0 0 1-.8 0l-7.2-7a.6.6 0 0 1 0-.8l1.6-1.6a.6.6 0 0 1 .8 0l5.1 5a.1.1 0 0 0 .2 0l5.1-5a.6.6 0 0 1 .8 0l5.1 5a.1.1 0 0 0 .2 0l5.1-5a.6.6 0 0 1 .8 0z" fill="#fff"/></svg>',
  );

/** `icon` when it is an inline `data:image` URI (remote icons are not loaded), else the WalletConnect logo. */
export function walletConnectIcon(icon: string | undefined): string {
  return icon && /^data:image\//.test(icon) ? icon : WALLETCONNECT_ICON;
}

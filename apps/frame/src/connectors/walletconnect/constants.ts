import type { WalletAnnouncement } from '@airlock/protocol';

/**
 * The WalletConnect connector's identity in the frame's stores. Tiny and free
 * of `@walletconnect/*` imports on purpose: it is part of the frame's initial
 * JS, the connector itself is lazy-loaded (issue 3 §1).
 */

/** The connector id remembered per namespace (`airlock:connectedConnector:eip155`) for a WalletConnect session. */
export const WALLETCONNECT_RDNS = 'walletConnect';

/** The fixed uuid of the WalletConnect connector entry in the connection store (not an EIP-6963 uuid). */
export const WALLETCONNECT_UUID = '00000000-0000-4000-8000-00000000c0de';

/** The WalletConnect logo as a `data:image/svg+xml` URI (rendered through `<img>` only). */
export const WALLETCONNECT_ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#3396ff"/>' +
      '<path d="M12.3 15.6c4.3-4.2 11.2-4.2 15.4 0l.5.5c.2.2.2.6 0 .8l-1.8 1.7a.3.3 0 0 1-.4 0l-.7-.7c-3-2.9-7.8-2.9-10.8 0l-.8.7a.3.3 0 0 1-.4 0l-1.8-1.7a.6.6 0 0 1 0-.8zm19.1 3.5 1.6 1.6c.2.2.2.6 0 .8l-7.2 7a.6.6 0 0 1-.8 0l-5.1-5a.1.1 0 0 0-.2 0l-5.1 5a.6.6 0 0 1-.8 0l-7.2-7a.6.6 0 0 1 0-.8l1.6-1.6a.6.6 0 0 1 .8 0l5.1 5a.1.1 0 0 0 .2 0l5.1-5a.6.6 0 0 1 .8 0l5.1 5a.1.1 0 0 0 .2 0l5.1-5a.6.6 0 0 1 .8 0z" fill="#fff"/></svg>',
  );

/**
 * True when `connector` (the connection store's connector) is the
 * WalletConnect session rather than a page wallet (EIP-6963).
 */
export function isWalletConnect(connector: Pick<WalletAnnouncement, 'uuid'> | null | undefined): boolean {
  return connector?.uuid === WALLETCONNECT_UUID;
}

/**
 * The connection store's connector entry for a WalletConnect session: fixed
 * uuid, the wallet's name from the session's peer metadata (or the listing),
 * its icon when it is a `data:image` URI (else the WalletConnect logo), and
 * rdns {@link WALLETCONNECT_RDNS}.
 */
export function walletConnectConnector(name: string | undefined, icon: string | undefined): WalletAnnouncement {
  return {
    uuid: WALLETCONNECT_UUID,
    name: (name || 'WalletConnect').slice(0, 64),
    icon: icon && /^data:image\//.test(icon) ? icon : WALLETCONNECT_ICON,
    rdns: WALLETCONNECT_RDNS,
  };
}

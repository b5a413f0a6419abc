// Who the embedded connector is: small constants shared by its definition (index.ts, in the
// initial JS) and its implementation (connector.ts, loaded on first use).

/** The namespaces the embedded wallet has accounts on (docs/embedded-wallet.md 'Shares'). */
export const EMBEDDED_NAMESPACES = ['eip155', 'solana'] as const;

/** The embedded connector's id (its `ConnectedWallet.connectorId`). */
export const EMBEDDED_CONNECTOR_ID = 'embedded';

/** The embedded connector's name before a login names it (the connection then shows the email). */
export const EMBEDDED_CONNECTOR_NAME = 'Email';

/**
 * The event dispatched on the secure frame's iframe element when Tab leaves C's socials slot
 * (protocol `slotFocusLeave`); its `detail` is `'next'`, `'previous'` or `'escape'`.
 */
export const SLOT_FOCUS_LEAVE = 'airlock-slot-focus-leave';

/** The WalletConnect connector's id (its `ConnectedWallet.connectorId`). */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect';

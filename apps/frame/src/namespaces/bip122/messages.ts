/** Why Send BTC cannot go on (the view translates them: i18n/extraKeys.ts lists them). */
export const Bip122SendMessage = {
  InsufficientBalance: 'Insufficient balance',
  BelowDust: 'The amount must be at least 546 sats',
  UnsupportedAddress: 'Send BTC needs a segwit or taproot payment address with its public key',
  InvalidAddress: 'Invalid address for this Bitcoin network',
  WalletChanged: 'The wallet changed the transaction',
  InvalidFeeRate: 'Enter a fee rate of at least 1 sat/vB, with at most one decimal',
} as const;

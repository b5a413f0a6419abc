import { errorTable } from '../../i18n/errorKeys.ts';

/** Why Send BTC cannot go on (keys `error.Bip122Send<Name>`; i18n/extraKeys.ts lists them). */
export const Bip122SendMessage = errorTable('Bip122Send', {
  InsufficientBalance: 'Insufficient balance',
  BelowDust: 'The amount must be at least 546 sats',
  UnsupportedAddress: 'Send BTC needs a segwit or taproot payment address with its public key',
  InvalidAddress: 'Invalid address for this Bitcoin network',
  WalletChanged: 'The wallet changed the transaction',
  InvalidFeeRate: 'Enter a fee rate of at least 1 sat/vB, with at most one decimal',
});

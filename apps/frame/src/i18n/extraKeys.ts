import { Alert, Message, SocialMessage } from '@airlock/protocol';
import { ConnectError, ViewError, type ErrorText } from './errorKeys.ts';
import { LOGIN_ERROR_KEYS } from './loginErrors.ts';
import { NameMessage } from '../actions/names.ts';
import { OnrampMessage } from '../actions/onramp.ts';
import { FAILED_TO_CONNECT_FARCASTER } from '../actions/farcasterLogin.ts';
import { FAILED_TO_FETCH_TRANSACTIONS, TOKEN_BALANCE_UNAVAILABLE } from '../actions/portfolio.ts';
import { SendMessage } from '../actions/sendTokens.ts';
import { Bip122SendMessage } from '../namespaces/bip122/messages.ts';
import { SwapMessage } from '../actions/swap.ts';
import { ApiAlert } from '../api/alerts.ts';
import type { AlertText } from '../store/state.ts';
import { API_UNREACHABLE } from '../api/unreachable.ts';
import { SiwxError } from '../siwx/errors.ts';
import {
  LOAD_FAILED_ALERT,
  NO_AUTH_CONNECTOR,
  REQUEST_ABORTED,
  REQUEST_TIMED_OUT,
  REQUEST_TIMED_OUT_ALERT,
  UPDATE_EMAIL_NEEDS_LOGIN,
} from '../connectors/embedded/text.ts';

/** The keys of a table of alerts: `<key>.short` and `<key>.long` of each (ui/alertText.ts translates them). */
function alertKeys(table: Record<string, AlertText>): string[] {
  return Object.values(table).flatMap((alert) => [`${alert.key}.short`, `${alert.key}.long`]);
}

/** The message keys of a table of the modal's own errors (i18n/errorKeys.ts `errorTable`). */
function keys(table: Record<string, ErrorText>): string[] {
  return Object.values(table).map((error) => error.key);
}

/** The string values of a message table (functions, e.g. NameMessage.registerFailed, are left out). */
function texts(table: Record<string, unknown>): string[] {
  return Object.values(table).flatMap((v) =>
    typeof v === 'string' ? [v] : v && typeof v === 'object' ? texts(v as Record<string, unknown>) : [],
  );
}

/**
 * Translation keys the views do not pass to `t` as literals: texts kept in state or in
 * tables (toasts, alerts, error messages, tab and activity labels) that a view translates
 * where it shows them, `t(message)`. `npm run i18n:check` and i18n/catalogs.test.ts require
 * every one in every catalog. A message that is not listed shows in English.
 */
export const EXTRA_KEYS: readonly string[] = [
  // spec §8 messages and alerts
  ...texts(Message),
  ...keys(ConnectError),
  ...keys(ViewError),
  ...alertKeys(Alert),
  ...alertKeys(ApiAlert),
  ...alertKeys({ API_UNREACHABLE }),
  ...keys(SiwxError),
  ...texts(SocialMessage),
  'The provider did not confirm the sign-in',
  ...alertKeys({ LOAD_FAILED_ALERT, REQUEST_TIMED_OUT_ALERT }),
  // the secure frame's failures as messages (an email login's error)
  LOAD_FAILED_ALERT.short,
  REQUEST_TIMED_OUT,
  // form and feature messages kept in state
  ...keys(SendMessage),
  ...keys(Bip122SendMessage),
  ...keys(SwapMessage),
  ...keys(OnrampMessage),
  ...LOGIN_ERROR_KEYS,
  ...texts(NameMessage),
  TOKEN_BALANCE_UNAVAILABLE,
  FAILED_TO_FETCH_TRANSACTIONS,
  FAILED_TO_CONNECT_FARCASTER,
  'Could not reach the WalletConnect relay. Check your connection and try again.',
  REQUEST_ABORTED,
  UPDATE_EMAIL_NEEDS_LOGIN,
  NO_AUTH_CONNECTOR,
  // errors the wallet, the secure frame and the provider API send, shown as they come
  'User rejected the request.',
  'Invalid code',
  'Code expired. Request a new code',
  'Email already in use',
  'Name already taken',
  'Rate limit exceeded',
  'The swap would fail: check the balance and the allowance',
  // toasts (actions/toast.ts callers)
  'Address copied',
  'Failed to copy address',
  'Link copied',
  'Failed to copy link',
  'Transaction sent',
  'Email updated',
  // view constants shown through t(CONSTANT)
  'QR code expired',
  'Unknown Network',
  'This session ends when you close this page.',
  'Verification code',
  // Account: feature buttons and tabs
  'Buy',
  'Swap',
  'Receive',
  'Send',
  'Choose a name',
  'Tokens',
  'NFTs',
  'Activity',
  // Activity rows (views/activityRow.ts): labels, counterparty roles, statuses
  'Approve',
  'Mint',
  'Burn',
  'Sell',
  'Deposit',
  'Withdraw',
  'Stake',
  'Unstake',
  'Claim',
  'Contract call',
  'Transaction',
  'To',
  'From',
  'Contract',
  'Confirmed',
  'Failed',
  'Pending',
  'Unknown date',
];

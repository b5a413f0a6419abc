import { SiwxText } from '@airlock/protocol';
import { errorTable } from '../i18n/errorKeys.ts';

/**
 * The sign-in errors SIWXSignMessage shows (keys `error.Siwx<Name>`): spec §8's words, and
 * `Unavailable` when the verifier cannot be reached (the visitor's signature is not the problem).
 */
export const SiwxError = errorTable('Siwx', {
  ErrorSigning: SiwxText.ErrorSigning,
  NotEnabled: SiwxText.NotEnabled,
  NoActiveCaipAddress: SiwxText.NoActiveCaipAddress,
  Unavailable: 'Sign-in is unavailable: its server cannot be reached. Try again later.',
});

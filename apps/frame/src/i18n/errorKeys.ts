import { Message } from '@airlock/protocol';
import type { TFunction } from 'i18next';

/**
 * An error the modal shows, its identity apart from its words (spec §8): `key` is what the
 * translator gets (`error.<Name>`), `text` the English words, used where a catalog lacks the key.
 */
export type ErrorText = {
  /** Stable message key, `error.<Name>`. */
  key: string;
  /** The English text. */
  text: string;
  /** Values of the key's `{{name}}` placeholders (e.g. `{ seconds: 12 }`), when it has any. */
  params?: Readonly<Record<string, number | string>>;
};

/** The outcome of a failed connect as the connecting views (a page wallet, a WalletConnect pairing) show it. */
export const ConnectError = {
  /** The visitor rejected the connection in the wallet (4001, or WalletConnect's 5000). */
  rejected: { key: 'error.ConnectionRejected', text: Message.ConnectionRejected },
  /** Any other failure (the wallet's own message is shown below it, untranslated). */
  failed: { key: 'error.FailedToConnect', text: Message.FailedToConnect },
} as const satisfies Record<string, ErrorText>;

/** What a view of the modal shows when it cannot show itself (views/lazyView.tsx). */
export const ViewError = {
  /** A lazily loaded view's chunk did not load (network down, a new deployment removed it). */
  loadFailed: { key: 'error.ViewLoadFailed', text: 'This view could not load' },
  /** A lazily loaded part inside a view (views/lazyPart.tsx) did not load: it says so at its own size. */
  partLoadFailed: { key: 'error.PartLoadFailed', text: 'This part could not load' },
} as const satisfies Record<string, ErrorText>;

/** `error` in the visitor's language: its key translated, its English text where the catalog lacks the key. */
export function errorText(t: TFunction, error: ErrorText): string {
  // `replace`: the params fill the placeholders only, whatever their names (never i18next options).
  return error.params
    ? t(error.key, { defaultValue: error.text, replace: error.params })
    : t(error.key, { defaultValue: error.text });
}

/**
 * A table of the modal's own errors from their English texts: each entry `Name` gets the key
 * `error.<prefix><Name>` (`errorTable('Send', { InvalidAmount: '…' })` → `error.SendInvalidAmount`).
 * Pure; the keys are i18n/extraKeys.ts's, so every catalog must have them.
 */
export function errorTable<const T extends Record<string, string>>(
  prefix: string,
  texts: T,
): { readonly [K in keyof T]: { readonly key: string; readonly text: T[K] } } {
  return Object.fromEntries(
    Object.entries(texts).map(([name, text]) => [name, { key: `error.${prefix}${name}`, text }]),
  ) as { readonly [K in keyof T]: { readonly key: string; readonly text: T[K] } };
}

/**
 * An error as the modal keeps it to show: one of its own ({@link ErrorText}, translated by key) or a
 * message as it came from elsewhere (a wallet's or the API's answer, shown in its own words and
 * translated only where a catalog has those words).
 */
export type ShownError = ErrorText | string;

/** `error` ({@link ShownError}) in the visitor's language. */
export function shownText(t: TFunction, error: ShownError): string {
  return typeof error === 'string' ? t(error) : errorText(t, error);
}

/** The English words of `error` ({@link ShownError}), as the dapp and the logs see them. */
export function englishText(error: ShownError): string {
  return typeof error === 'string' ? error : error.text;
}

/**
 * An Error that carries one of the modal's own errors: its message is the English text, and a
 * catch shows it by {@link KeyedError.error}'s key rather than by comparing the message.
 */
export class KeyedError extends Error {
  /** The error to show. */
  readonly error: ErrorText;
  constructor(error: ErrorText) {
    super(error.text);
    this.name = 'KeyedError';
    this.error = error;
  }
}

/** What to show for a caught `error`: a {@link KeyedError}'s own error, else the Error's message (or `fallback`). */
export function caughtError(error: unknown, fallback: ShownError): ShownError {
  if (error instanceof KeyedError) return error.error;
  return (error instanceof Error && error.message) || fallback;
}

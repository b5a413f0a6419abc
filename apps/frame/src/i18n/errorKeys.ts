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
} as const satisfies Record<string, ErrorText>;

/** `error` in the visitor's language: its key translated, its English text where the catalog lacks the key. */
export function errorText(t: TFunction, error: ErrorText): string {
  return t(error.key, { defaultValue: error.text });
}

/**
 * A spec §8 alert: its identity apart from its text. The views translate `<key>.short` and
 * `<key>.long` (English `short` and `long` when a catalog lacks them) and append `detail`, the
 * untranslated cause (an HTTP status, a server's message), when there is one.
 */
export type AlertText = {
  /** Stable message key (`alert.<Name>`, the alert's name in its table), what the translator gets. */
  key: string;
  /** English title. */
  short: string;
  /** English text. */
  long: string;
  /** What caused it, shown after the text as it came (not translated); absent when none. */
  detail?: string | undefined;
};

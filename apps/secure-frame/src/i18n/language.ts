import { resolveLocale } from '@airlock/protocol/locales';
import {
  applyDocumentLocale,
  createApprovalText,
  EN_CATALOG,
  loadApprovalText,
  type ApprovalText,
} from './approvalText.ts';

/**
 * The secure frame's language: from ITS OWN `navigator.languages` (this document's browser,
 * on the secure frame's origin), never from the widget's `locale` option or anything the page
 * sends: the page cannot choose the words of an approval. English until the catalog loads;
 * the approval screens re-render when it has.
 */

/** The browser's preferred languages, most preferred first; [] outside a browser. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

let current: ApprovalText = createApprovalText('en', EN_CATALOG);
const listeners = new Set<() => void>();

/** The approval words in force, for `useSyncExternalStore` (ui/useApprovalText.ts). */
export const approvalLanguage = {
  /** The current words (English until {@link loadApprovalLanguage} settles). */
  getState: (): ApprovalText => current,
  /** Calls `listener` when the words change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * Picks the language of `languages` (default: this document's `navigator.languages`; first
 * shipped match, else English), loads its approval words, sets the document's `lang`/`dir`
 * and re-renders the approval screens. Never rejects (English on failure).
 */
export async function loadApprovalLanguage(languages: readonly string[] = browserLanguages()): Promise<ApprovalText> {
  const text = await loadApprovalText(resolveLocale(undefined, languages));
  current = text;
  if (typeof document !== 'undefined') applyDocumentLocale(document.documentElement, text.locale);
  for (const listener of listeners) listener();
  return text;
}

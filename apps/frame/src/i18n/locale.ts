/**
 * The modal's language: the shared language table and matching of @airlock/protocol/locales
 * (the secure frame uses the same), and the browser's languages.
 */
export {
  direction,
  matchShipped,
  resolveLocale,
  SHIPPED_LOCALES,
  type ShippedLocale,
} from '@airlock/protocol/locales';

/** The browser's preferred languages, most preferred first; [] outside a browser. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

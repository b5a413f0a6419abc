/**
 * The modal's language: which shipped catalog to use for a requested BCP 47 tag, and the
 * writing direction of each shipped language.
 */

/** The languages the frame ships a complete catalog for (i18n/locales/<tag>.json). */
export const SHIPPED_LOCALES = ['en', 'es', 'ar'] as const;

/** A language the frame ships. */
export type ShippedLocale = (typeof SHIPPED_LOCALES)[number];

/** Languages written right to left: the modal gets `dir="rtl"` and mirrors its layout. */
const RTL: ReadonlySet<ShippedLocale> = new Set<ShippedLocale>(['ar']);

/**
 * The best shipped language for one BCP 47 tag: the same tag, else its language subtag
 * (`es-MX` → `es`); undefined when none matches. Case-insensitive; never throws.
 */
export function matchShipped(tag: string | undefined): ShippedLocale | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  const language = lower.split(/[-_]/)[0];
  return SHIPPED_LOCALES.find((l) => l === lower) ?? SHIPPED_LOCALES.find((l) => l === language);
}

/**
 * The modal's language (FrameConfig.locale): the configured tag when a shipped language
 * matches it, else the first of the browser's languages (`navigator.languages`) that
 * matches, else English.
 */
export function resolveLocale(configured: string | undefined, browser: readonly string[] = []): ShippedLocale {
  const fromConfig = matchShipped(configured);
  if (fromConfig) return fromConfig;
  for (const tag of browser) {
    const match = matchShipped(tag);
    if (match) return match;
  }
  return 'en';
}

/** The browser's preferred languages, most preferred first; [] outside a browser. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/** `'rtl'` for a right-to-left language, else `'ltr'`. */
export function direction(locale: ShippedLocale): 'ltr' | 'rtl' {
  return RTL.has(locale) ? 'rtl' : 'ltr';
}

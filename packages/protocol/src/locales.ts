/**
 * The widget's languages: which shipped catalog to use for a requested BCP 47 tag, and the
 * writing direction of each shipped language. Shared by the frame (the modal's catalogs,
 * apps/frame/src/i18n) and the secure frame (its approval words, apps/secure-frame/src/i18n),
 * so both ship and match the same twenty languages. No DOM.
 */

/** The languages the widget ships (a complete catalog in the frame and in the secure frame), as BCP 47 tags. */
export const SHIPPED_LOCALES = [
  'en',
  'es',
  'ar',
  'fa',
  'he',
  'fr',
  'de',
  'it',
  'pt-BR',
  'ru',
  'uk',
  'tr',
  'hi',
  'id',
  'vi',
  'th',
  'ja',
  'ko',
  'zh-CN',
  'zh-TW',
] as const;

/** A language the frame ships. */
export type ShippedLocale = (typeof SHIPPED_LOCALES)[number];

/** Languages written right to left: the modal gets `dir="rtl"` and mirrors its layout. */
const RTL: ReadonlySet<ShippedLocale> = new Set<ShippedLocale>(['ar', 'fa', 'he']);

/**
 * Language subtags that name a shipped catalog other than their own spelling: the one
 * Portuguese catalog is Brazil's, and the deprecated ISO 639 codes browsers may still send
 * (`iw` Hebrew, `in` Indonesian). Chinese: see {@link chinese}.
 */
const BY_LANGUAGE: Readonly<Record<string, ShippedLocale>> = { pt: 'pt-BR', iw: 'he', in: 'id' };

/** Regions whose Chinese is written in Traditional characters by default. */
const TRADITIONAL_REGIONS: ReadonlySet<string> = new Set(['tw', 'hk', 'mo']);

/**
 * The Chinese catalog of a lowercased `zh…` tag split into subtags: an explicit script wins
 * (`zh-Hans-HK` → Simplified, `zh-Hant` → Traditional), else the region (`zh-TW`/`zh-HK`/`zh-MO`
 * → Traditional), else Simplified.
 */
function chinese(subtags: readonly string[]): ShippedLocale {
  if (subtags.includes('hans')) return 'zh-CN';
  if (subtags.includes('hant') || subtags.some((s) => TRADITIONAL_REGIONS.has(s))) return 'zh-TW';
  return 'zh-CN';
}

/**
 * The best shipped language for one BCP 47 tag: the same tag, else Traditional Chinese for
 * `zh-Hant…`/`zh-TW`/`zh-HK`/`zh-MO`, else its language subtag (`es-MX` → `es`, `pt-PT` →
 * `pt-BR`, `zh-SG` → `zh-CN`); undefined when none matches. Case-insensitive, `_` taken as
 * `-`; never throws.
 */
export function matchShipped(tag: string | undefined): ShippedLocale | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase().replaceAll('_', '-');
  const exact = SHIPPED_LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const subtags = lower.split('-');
  const language = subtags[0] ?? '';
  if (language === 'zh') return chinese(subtags);
  return BY_LANGUAGE[language] ?? SHIPPED_LOCALES.find((l) => l === language);
}

/**
 * The language to show: the configured tag when a shipped language matches it (the frame's
 * FrameConfig.locale; the secure frame configures none), else the first of the browser's
 * languages (`navigator.languages`) that matches, else English.
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

/** `'rtl'` for a right-to-left language, else `'ltr'`. */
export function direction(locale: ShippedLocale): 'ltr' | 'rtl' {
  return RTL.has(locale) ? 'rtl' : 'ltr';
}

import { createInstance, type i18n, type Resource } from 'i18next';
import en from './locales/en.json';
import { direction, SHIPPED_LOCALES, type ShippedLocale } from './locale.ts';

/**
 * The frame's translator: one i18next instance per frame (no shared global), keys are the
 * English source texts (so a message kept in state, e.g. a toast, is translated where it is
 * shown) except for the spec §8 alerts, which carry a stable key of their own (`alert.<name>`,
 * ui/alertText.ts) so that rewording the English changes no translation; `{{name}}` interpolation, plural keys with `_one`/`_other`… suffixes
 * (Intl.PluralRules of the language).
 */

/** The catalog loaders of the non-English languages: a dynamic import each, so a visitor downloads only their own. */
const LOADERS: Record<Exclude<ShippedLocale, 'en'>, () => Promise<{ default: Record<string, string> }>> = {
  es: () => import('./locales/es.json'),
  ar: () => import('./locales/ar.json'),
  fa: () => import('./locales/fa.json'),
  he: () => import('./locales/he.json'),
  fr: () => import('./locales/fr.json'),
  de: () => import('./locales/de.json'),
  it: () => import('./locales/it.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
  ru: () => import('./locales/ru.json'),
  uk: () => import('./locales/uk.json'),
  tr: () => import('./locales/tr.json'),
  hi: () => import('./locales/hi.json'),
  id: () => import('./locales/id.json'),
  vi: () => import('./locales/vi.json'),
  th: () => import('./locales/th.json'),
  ja: () => import('./locales/ja.json'),
  ko: () => import('./locales/ko.json'),
  'zh-CN': () => import('./locales/zh-CN.json'),
  'zh-TW': () => import('./locales/zh-TW.json'),
};

/** How long the frame waits for a catalog chunk before it falls back to English, ms. */
export const CATALOG_TIMEOUT_MS = 10_000;

/** Loads the catalog of `locale` (English is bundled); rejects after {@link CATALOG_TIMEOUT_MS}. */
async function loadCatalog(locale: ShippedLocale): Promise<Record<string, string>> {
  if (locale === 'en') return en;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the ${locale} catalog did not load in ${CATALOG_TIMEOUT_MS} ms`)),
      CATALOG_TIMEOUT_MS,
    );
  });
  try {
    return (await Promise.race([LOADERS[locale](), timeout])).default;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Creates the translator for `locale`: loads its catalog, English as the fallback for any
 * missing key. When the catalog cannot load, the translator is English (the error is logged).
 */
export async function createTranslator(locale: ShippedLocale): Promise<i18n> {
  const resources: Resource = { en: { translation: en } };
  let language: ShippedLocale = locale;
  if (locale !== 'en') {
    try {
      resources[locale] = { translation: await loadCatalog(locale) };
    } catch (error) {
      console.error('[airlock frame] language falls back to English:', error);
      language = 'en';
    }
  }
  const instance = createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...SHIPPED_LOCALES],
    // 'pt-BR' is one catalog: no 'pt' fallback step between it and English.
    load: 'currentOnly',
    resources,
    // Keys are English sentences: '.' and ':' are text, not separators.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    // The resources are here already: initialise at once, not on a later task.
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** Sets `lang` and `dir` on the frame document's root, so the layout mirrors for right-to-left languages. */
export function applyDocumentLocale(locale: ShippedLocale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = direction(locale);
}

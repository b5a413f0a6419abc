import { direction, type ShippedLocale } from '@airlock/protocol/locales';
import en from './locales/en.json';

/**
 * The approval screens' words in the visitor's language (the secure frame's own
 * `navigator.languages`, never a language the page names: ./language.ts). Keys are the English
 * texts, as in the frame's catalogs; `{{name}}` placeholders; a counted text has one entry per
 * plural category of the language (`_one`, `_other`…, `Intl.PluralRules`).
 *
 * Only words the secure frame wrote itself go through here: its buttons and labels, and the
 * titles, field labels and warnings its request decoders computed (rpc/describe.ts…). The
 * values of a request — amounts, addresses, networks, the origin, a message, typed data — are
 * shown as they are and never pass through a catalog; a value inside a translated template
 * (`{{account}}`, `{{count}}`) is copied verbatim from the English text it was matched in.
 */

/** A catalog: English key → text in the language. */
export type ApprovalCatalog = Readonly<Record<string, string>>;

/** The English catalog (bundled: the fallback of every key). */
export const EN_CATALOG: ApprovalCatalog = en;

/** The catalog loaders of the non-English languages: a dynamic import each, so a visitor downloads only their own. */
export const APPROVAL_LOADERS: Record<Exclude<ShippedLocale, 'en'>, () => Promise<{ default: ApprovalCatalog }>> = {
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

/** Plural suffixes a key may carry (the CLDR categories). */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Values by placeholder name. */
type Vars = Readonly<Record<string, string | number>>;

/** One English template (a key with placeholders) as a pattern: matching a computed text gives its values. */
type Template = { key: string; plural: boolean; pattern: RegExp; names: string[] };

/** Writes `vars` into the `{{name}}` placeholders of `text`; an unknown name stays as it is. */
function interpolate(text: string, vars: Vars = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The templates of the English catalog: each English form of a placeholder key as an anchored pattern. */
const TEMPLATES: readonly Template[] = Object.entries(EN_CATALOG)
  .filter(([, english]) => /\{\{\w+\}\}/.test(english))
  .map(([key, english]) => {
    const names = [...english.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '');
    // `{{count}}` is a number; any other value is any text (matched lazily, anchored at both ends).
    const source = escapeRegExp(english).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) =>
      name === 'count' ? '(\\d+)' : '(.+?)',
    );
    return {
      key: key.replace(PLURAL_SUFFIX, ''),
      plural: PLURAL_SUFFIX.test(key),
      pattern: new RegExp(`^${source}$`),
      names,
    };
  });

/** English sentences of the catalog (warnings): a text joining several is translated sentence by sentence. */
const SENTENCES: readonly string[] = Object.keys(EN_CATALOG)
  .filter((key) => /[.!?]$/.test(key) && !key.includes('{{'))
  .sort((a, b) => b.length - a.length);

/** The approval screens' words in one language. */
export type ApprovalText = {
  /** The language shown (BCP 47, one of the shipped ones). */
  readonly locale: ShippedLocale;
  /**
   * A text of the approval screen itself by its English key, with `vars` in its placeholders;
   * with a numeric `count`, the plural form of the language. The English text when the catalog lacks it.
   */
  t(key: string, vars?: Vars): string;
  /**
   * A title, field label or warning the request decoders computed (English) in the language:
   * the same key, else a template it matches (values copied verbatim), else each known sentence
   * of it; a text the catalog does not know is returned unchanged (English), never dropped.
   */
  translate(text: string): string;
};

/**
 * The approval words of `locale` from its `catalog` (English for any key it lacks).
 * Pure; never throws.
 */
export function createApprovalText(locale: ShippedLocale, catalog: ApprovalCatalog): ApprovalText {
  const rules = new Intl.PluralRules(locale);
  const own = (table: ApprovalCatalog, key: string) => (Object.hasOwn(table, key) ? table[key] : undefined);
  const lookup = (key: string): string | undefined => own(catalog, key) ?? own(EN_CATALOG, key);
  const t = (key: string, vars?: Vars): string => {
    const count = vars?.count;
    if (typeof count === 'number') {
      const form = own(catalog, `${key}_${rules.select(count)}`) ?? own(catalog, `${key}_other`);
      const english = own(EN_CATALOG, `${key}_${new Intl.PluralRules('en').select(count)}`);
      return interpolate(form ?? english ?? key, vars);
    }
    return interpolate(lookup(key) ?? key, vars);
  };
  const translate = (text: string): string => {
    if (Object.hasOwn(EN_CATALOG, text) && !text.includes('{{')) return lookup(text) ?? text;
    for (const template of TEMPLATES) {
      const match = template.pattern.exec(text);
      if (!match) continue;
      const vars: Record<string, string | number> = {};
      template.names.forEach((name, i) => {
        const value = match[i + 1] ?? '';
        vars[name] = name === 'count' ? Number(value) : value;
      });
      return t(template.key, vars);
    }
    let out = text;
    for (const sentence of SENTENCES) {
      const translated = own(catalog, sentence);
      if (translated && out.includes(sentence)) out = out.split(sentence).join(translated);
    }
    return out;
  };
  return { locale, t, translate };
}

/** How long the secure frame waits for a catalog chunk before it shows English, ms. */
export const CATALOG_TIMEOUT_MS = 10_000;

/**
 * Loads the approval words of `locale` (English is bundled); English when the chunk does not
 * load within {@link CATALOG_TIMEOUT_MS} (the error is logged).
 */
export async function loadApprovalText(locale: ShippedLocale): Promise<ApprovalText> {
  if (locale === 'en') return createApprovalText('en', EN_CATALOG);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the ${locale} approval words did not load`)), CATALOG_TIMEOUT_MS);
  });
  try {
    const catalog = (await Promise.race([APPROVAL_LOADERS[locale](), timeout])).default;
    return createApprovalText(locale, catalog);
  } catch (error) {
    console.error('[secure-frame] approval language falls back to English:', error);
    return createApprovalText('en', EN_CATALOG);
  } finally {
    clearTimeout(timer);
  }
}

/** `lang` and `dir` of the secure frame's document for `locale` (right to left for ar, fa, he). */
export function applyDocumentLocale(root: HTMLElement, locale: ShippedLocale): void {
  root.lang = locale;
  root.dir = direction(locale);
}

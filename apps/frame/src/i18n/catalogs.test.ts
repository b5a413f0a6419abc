import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { checkApprovalCatalogs, checkCatalogs, checkShipped, findBypasses } from '../../../../scripts/i18n-scan.mjs';
import { SHIPPED_LOCALES } from './locale.ts';
import { EXTRA_KEYS } from './extraKeys.ts';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** A throwaway `src` folder with one view and the given catalogs. */
function fixture(view: string, catalogs: Record<string, Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'airlock-i18n-'));
  mkdirSync(join(dir, 'i18n/locales'), { recursive: true });
  writeFileSync(join(dir, 'View.tsx'), view);
  for (const [locale, catalog] of Object.entries(catalogs)) {
    writeFileSync(join(dir, `i18n/locales/${locale}.json`), JSON.stringify(catalog));
  }
  return dir;
}

describe('shipped catalogs (all twenty)', () => {
  it('have exactly the keys the frame source uses, with the same placeholders', () => {
    expect(checkCatalogs(SRC, EXTRA_KEYS)).toEqual([]);
  });

  it('are one file per shipped language, no more, no fewer', () => {
    expect(checkShipped(SRC, SHIPPED_LOCALES)).toEqual([]);
  });

  it("and the secure frame's approval catalogs have exactly its English keys and placeholders", () => {
    const dir = fileURLToPath(new URL('../../../secure-frame/src/i18n/locales', import.meta.url));
    expect(checkApprovalCatalogs(dir, SHIPPED_LOCALES)).toEqual([]);
  });

  it('leave no visible JSX text or aria-label/placeholder/title string outside the translator', () => {
    expect(findBypasses(SRC).map((b: { text: string }) => b.text)).toEqual([]);
  });
});

describe('the i18n check itself', () => {
  const view = `export function V({ t }) { return <div><p>{t('Hello {{name}}', { name: 'x' })}</p><p>{t('{{count}} wallets', { count: 2 })}</p></div>; }`;

  it('reports a missing key, a missing plural form, a placeholder mismatch and an extra key', () => {
    const dir = fixture(view, {
      es: { 'Hello {{name}}': 'Hola', '{{count}} wallets_one': '{{count}} billetera', Bye: 'Adiós' },
    });
    expect(checkCatalogs(dir)).toEqual([
      'es.json: "Hello {{name}}" has placeholders none, the source {{name}}',
      'es.json: missing key "{{count}} wallets_many"',
      'es.json: missing key "{{count}} wallets_other"',
      'es.json: extra key "Bye" (not used by the source)',
    ]);
  });

  it('reports a rich-text tag lost or renamed in a translation', () => {
    const rich = `export function V({ t }) { return <p>{t('Agree to the <terms>Terms</terms>')}</p>; }`;
    const dir = fixture(rich, {
      fr: { 'Agree to the <terms>Terms</terms>': 'Acceptez les <conditions>Conditions</conditions>' },
    });
    expect(checkCatalogs(dir)).toEqual([
      'fr.json: "Agree to the <terms>Terms</terms>" has placeholders </conditions> <conditions>, the source </terms> <terms>',
    ]);
  });

  it('reports a catalog that is mostly the English text copied', () => {
    const keys = Array.from({ length: 20 }, (_, i) => `Text number ${i}`);
    const many = `export function V({ t }) { return <p>{[${keys.map((k) => `t('${k}')`).join(', ')}]}</p>; }`;
    const copied = Object.fromEntries(keys.map((k, i) => [k, i < 2 ? k : `Texte numéro ${i}`]));
    expect(checkCatalogs(fixture(many, { fr: copied }))).toEqual([
      'fr.json: 2 of 20 values are the English text (untranslated copy?)',
    ]);
    const one = { ...copied, 'Text number 1': 'Texte numéro 1' };
    expect(checkCatalogs(fixture(many, { fr: one }))).toEqual([]);
  });

  it('reports a shipped language without a catalog and a catalog no language loads', () => {
    const dir = fixture('export const V = 1;', { en: {}, xx: {} });
    expect(checkShipped(dir, ['en', 'ja'])).toEqual([
      'ja: shipped (i18n/locale.ts) but i18n/locales/ja.json is missing',
      'xx.json: a catalog no shipped language loads (add it to SHIPPED_LOCALES)',
    ]);
  });

  it('reports an approval catalog without a plural form of its language, or without a shipped file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'airlock-approval-'));
    const key = 'Send {{count}} calls';
    const en = { Reject: 'Reject', [`${key}_one`]: 'Send {{count}} call', [`${key}_other`]: 'Send {{count}} calls' };
    writeFileSync(join(dir, 'en.json'), JSON.stringify(en));
    writeFileSync(
      join(dir, 'ru.json'),
      JSON.stringify({ Reject: 'Отклонить', [`${key}_one`]: '{{count}} вызов', [`${key}_other`]: '{{count}} вызова' }),
    );
    expect(checkApprovalCatalogs(dir, ['en', 'ru', 'ja'])).toEqual([
      'secure frame: ja.json is missing',
      `secure frame ru.json: missing key "${key}_few"`,
      `secure frame ru.json: missing key "${key}_many"`,
    ]);
  });

  it('accepts a complete catalog, with every plural category of the language (Arabic has six)', () => {
    const forms = ['zero', 'one', 'two', 'few', 'many', 'other'];
    const dir = fixture(view, {
      ar: {
        'Hello {{name}}': 'مرحبا {{name}}',
        ...Object.fromEntries(forms.map((f) => [`{{count}} wallets_${f}`, '{{count}} محافظ'])),
      },
    });
    expect(checkCatalogs(dir)).toEqual([]);
  });

  it('finds JSX text, string props and templates that bypass the translator, with their lines', () => {
    const dir = fixture(
      [
        'export function V({ t, n }) {',
        '  return (',
        '    <div title="Untranslated title">',
        '      Plain text',
        "      <input placeholder={'Type here'} aria-label={`Row \x24{n}`} />",
        "      {'A string child'}",
        "      <p>{t('Fine')}</p> <span>× 0.00</span> <b>WalletConnect</b>",
        '    </div>',
        '  );',
        '}',
      ].join('\n'),
      {},
    );
    expect(
      findBypasses(dir).map((b: { line: number; kind: string; text: string }) => `${b.line} ${b.kind} ${b.text}`),
    ).toEqual([
      '3 title Untranslated title',
      '4 JSX text Plain text',
      '5 placeholder Type here',
      '5 aria-label `Row \x24{n}`',
      '6 JSX string A string child',
    ]);
  });
});

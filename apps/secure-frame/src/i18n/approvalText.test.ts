import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SHIPPED_LOCALES } from '@airlock/protocol/locales';
import { encodeFunctionData, erc20Abi, parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { FAR_EXPIRY_WARNING, UNLIMITED_WARNING } from '../rpc/allowance.ts';
import { APPROVAL_FOR_ALL_WARNING } from '../rpc/approvalCalls.ts';
import { describePersonalSign, describeTransaction } from '../rpc/describe.ts';
import { APP_CURRENCY_NOTICE, UNKNOWN_CURRENCY_NOTICE } from '../rpc/nativeCurrency.ts';
import { APP_RPC_NOTICE } from '../rpc/trustedRpc.ts';
import {
  APPROVAL_LOADERS,
  createApprovalText,
  EN_CATALOG,
  loadApprovalText,
  type ApprovalCatalog,
} from './approvalText.ts';

const LOCALES_DIR = fileURLToPath(new URL('./locales/', import.meta.url));
const UI_DIR = fileURLToPath(new URL('../ui/', import.meta.url));
const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...new Set(text.match(/\{\{\w+\}\}/g) ?? [])].sort().join(' ');
const catalog = (locale: string): ApprovalCatalog =>
  JSON.parse(readFileSync(`${LOCALES_DIR}${locale}.json`, 'utf8')) as ApprovalCatalog;

const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('the approval catalogs', () => {
  it('are one file and one loader per shipped language', () => {
    const files = readdirSync(LOCALES_DIR).map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...SHIPPED_LOCALES].sort());
    expect(Object.keys(APPROVAL_LOADERS).sort()).toEqual(SHIPPED_LOCALES.filter((l) => l !== 'en').sort());
  });

  it('have every English key, each plural form of their language, the same placeholders, and no extra key', () => {
    const singular = Object.keys(EN_CATALOG).filter((k) => !PLURAL.test(k));
    const plurals = [
      ...new Set(
        Object.keys(EN_CATALOG)
          .filter((k) => PLURAL.test(k))
          .map((k) => k.replace(PLURAL, '')),
      ),
    ];
    for (const locale of SHIPPED_LOCALES) {
      const table = catalog(locale);
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const expected = [...singular, ...plurals.flatMap((p) => categories.map((c) => `${p}_${c}`))];
      expect(Object.keys(table).sort(), locale).toEqual(expected.sort());
      for (const key of expected) {
        expect(placeholders(table[key] ?? ''), `${locale}: ${key}`).toBe(
          // A language may spell out one and two ("one call") instead of the number.
          /_(one|two|zero)$/.test(key) && !table[key]?.includes('{{count}}')
            ? placeholders(key.replace(PLURAL, '')).replace('{{count}}', '').trim()
            : placeholders(key.replace(PLURAL, '')),
        );
      }
      if (locale !== 'en') {
        const same = singular.filter((k) => table[k] === k).length;
        expect(same / singular.length, `${locale}: values equal to the English`).toBeLessThan(0.08);
      }
    }
  });

  it('know every text the approval screens pass to t()', () => {
    const keys = readdirSync(UI_DIR)
      .filter((f) => f.endsWith('.tsx'))
      .flatMap((f) => [...readFileSync(`${UI_DIR}${f}`, 'utf8').matchAll(/\bt\(\s*'([^']+)'/g)].map((m) => m[1] ?? ''));
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(Object.hasOwn(EN_CATALOG, key), key).toBe(true);
  });

  it("know the decoders' fixed warnings and notices, word for word", () => {
    for (const text of [
      UNLIMITED_WARNING,
      FAR_EXPIRY_WARNING,
      APPROVAL_FOR_ALL_WARNING,
      APP_CURRENCY_NOTICE,
      UNKNOWN_CURRENCY_NOTICE,
    ])
      expect(Object.hasOwn(EN_CATALOG, text), text).toBe(true);
    expect(Object.hasOwn(EN_CATALOG, `${APP_RPC_NOTICE}.`)).toBe(true);
  });
});

describe('the approval words in a language', () => {
  it("translates the decoders' titles and labels, never the values", async () => {
    const de = await loadApprovalText('de');
    const send = describeTransaction(
      { to: bob, value: `0x${parseEther('1.5').toString(16)}` },
      { symbol: 'ETH', decimals: 18 },
      undefined,
    );
    expect(de.translate(send.title)).toBe('Senden');
    expect(send.fields.map((f) => de.translate(f.label))).toEqual(['An', 'Wert']);
    // Values are not passed through the catalog (Details.tsx renders field.value as it is).
    expect(send.fields.map((f) => f.value)).toEqual([bob, '1.5 ETH']);
    expect(de.translate(describePersonalSign('0xdeadbeef').warning ?? '')).toBe(
      'Diese Nachricht ist kein lesbarer Text. Signiere sie nur, wenn du der Website vertraust.',
    );
  });

  it('translates a warning that joins two sentences, sentence by sentence', async () => {
    const fr = await loadApprovalText('fr');
    expect(fr.translate(`${UNLIMITED_WARNING} ${FAR_EXPIRY_WARNING}`)).toBe(
      `${fr.translate(UNLIMITED_WARNING)} ${fr.translate(FAR_EXPIRY_WARNING)}`,
    );
    expect(fr.translate(UNLIMITED_WARNING)).not.toBe(UNLIMITED_WARNING);
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [bob, 2n ** 256n - 1n] });
    const allowance = describeTransaction({ to: token, data: approve }, { symbol: 'ETH', decimals: 18 }, undefined);
    expect(fr.translate(allowance.warning ?? '')).toContain('Montant illimité');
  });

  it('copies a value inside a template verbatim: an address in every language', async () => {
    const account = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    const english = `The receiver’s wallet was looked up by the app’s RPC, not verified. Check the token account ${account} if you are unsure.`;
    for (const locale of SHIPPED_LOCALES) {
      const text = (await loadApprovalText(locale)).translate(english);
      expect(text, locale).toContain(account);
      if (locale !== 'en') expect(text, locale).not.toBe(english);
    }
  });

  it('counts calls with the plural rules of the language', async () => {
    const title = (n: number) => `Send ${n} call${n === 1 ? '' : 's'} together (all or none)`;
    const ru = await loadApprovalText('ru');
    expect([1, 2, 5, 21].map((n) => ru.translate(title(n)))).toEqual([
      'Отправить 1 вызов вместе (все или ни одного)',
      'Отправить 2 вызова вместе (все или ни одного)',
      'Отправить 5 вызовов вместе (все или ни одного)',
      'Отправить 21 вызов вместе (все или ни одного)',
    ]);
    const ar = await loadApprovalText('ar');
    expect(ar.translate(title(2))).toBe('إرسال استدعاءين معًا (الكل أو لا شيء)');
    expect(ar.translate(title(3))).toBe('إرسال 3 استدعاءات معًا (الكل أو لا شيء)');
    const en = await loadApprovalText('en');
    expect([1, 3].map((n) => en.translate(title(n)))).toEqual([title(1), title(3)]);
  });

  it('leaves a text it does not know unchanged, including names of object members', () => {
    const ja = createApprovalText('ja', catalog('ja'));
    expect(ja.translate('Token 2')).toBe('Token 2');
    expect(ja.translate('constructor')).toBe('constructor');
    expect(ja.translate('Sign in to example.com')).toBe('Sign in to example.com');
    expect(ja.t('Reject')).toBe('拒否');
    expect(ja.t('Request {{index}} of {{total}}', { index: 1, total: 2 })).toBe('リクエスト 1/2');
  });
});

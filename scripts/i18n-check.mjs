#!/usr/bin/env node
// `npm run i18n:check`: finds visible English strings in apps/frame/src that bypass the
// translator (JSX text, string literals as JSX children, and string values of aria-label,
// aria-description, placeholder, title and alt), and checks that every shipped catalog
// (apps/frame/src/i18n/locales/*.json, one per SHIPPED_LOCALES of i18n/locale.ts, no more, no fewer)
// has exactly the keys the source uses, and that the secure frame's approval catalogs
// (apps/secure-frame/src/i18n/locales/*.json, the same languages) have exactly en.json's keys (the literal first
// argument of every `t('…')` call, plus EXTRA_KEYS of apps/frame/src/i18n/extraKeys.ts).
// Prints each offender as `file:line: text`; exits 1 when there is any. Runs with tsx (it imports
// extraKeys.ts): `npm run i18n:check`.
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkApprovalCatalogs, checkCatalogs, checkShipped, findBypasses } from './i18n-scan.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'apps/frame/src');

const bypasses = findBypasses(SRC);
for (const b of bypasses)
  console.error(`${relative(ROOT, b.file)}:${b.line}: untranslated ${b.kind}: ${JSON.stringify(b.text)}`);
const { EXTRA_KEYS } = await import('../apps/frame/src/i18n/extraKeys.ts');
const { SHIPPED_LOCALES } = await import('../apps/frame/src/i18n/locale.ts');
const catalogProblems = [
  ...checkShipped(SRC, SHIPPED_LOCALES),
  ...checkCatalogs(SRC, EXTRA_KEYS),
  ...checkApprovalCatalogs(join(ROOT, 'apps/secure-frame/src/i18n/locales'), SHIPPED_LOCALES),
];
for (const p of catalogProblems) console.error(p);
const total = bypasses.length + catalogProblems.length;
if (total > 0) {
  console.error(
    `\ni18n check: ${bypasses.length} untranslated string(s), ${catalogProblems.length} catalog problem(s).`,
  );
  console.error(
    "Wrap visible strings with t('English text') (useTranslation() from react-i18next) and add the key to every catalog.",
  );
  process.exit(1);
}
console.log('i18n check: every visible string goes through the translator and every catalog matches the source.');

// The scanner behind `npm run i18n:check` and apps/frame/src/i18n/catalogs.test.ts: parses the
// frame's TypeScript/TSX with the TypeScript compiler API.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** JSX attributes whose string value is shown or read out to the visitor. */
const VISIBLE_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
  'label',
]);

/** Names that stay as they are in every language (brands); a visible string equal to one is not reported. */
const UNTRANSLATED = new Set(['WalletConnect', 'Farcaster', '0x…']);

/** A string with at least one letter is text; symbols and digits alone ('×', '‹', '0.00') and brand names are not. */
const hasLetters = (text) => /\p{L}/u.test(text) && !UNTRANSLATED.has(text.trim());

/** The names the translator is called by in the frame (`translate` where `t` names something else). */
const TRANSLATORS = new Set(['t', 'translate']);

/** Whether `node` sits inside a `<Trans>` element (its text is the key). */
function insideTrans(node) {
  for (let n = node.parent; n; n = n.parent) {
    if (ts.isJsxElement(n) && n.openingElement.tagName.getText() === 'Trans') return true;
  }
  return false;
}

/**
 * The source files under `dir`, tests and test helpers excluded.
 * @param {string} dir
 * @param {RegExp} pattern
 * @returns {string[]}
 */
export function sourceFiles(dir, pattern = /\.tsx?$/) {
  /** @type {string[]} */
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing' && entry.name !== 'locales') out.push(...sourceFiles(path, pattern));
    } else if (pattern.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      out.push(path);
  }
  return out.sort();
}

/** @param {string} file */
function parse(file) {
  return ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

/**
 * Visible strings in JSX that do not go through the translator.
 * @param {string} srcDir apps/frame/src
 * @returns {{ file: string, line: number, kind: string, text: string }[]}
 */
export function findBypasses(srcDir) {
  /** @type {{ file: string, line: number, kind: string, text: string }[]} */
  const found = [];
  for (const file of sourceFiles(srcDir, /\.tsx$/)) {
    const source = parse(file);
    // JSX text starts with its leading whitespace: the line is that of its first character.
    const add = (node, kind, text) => {
      const lead = ts.isJsxText(node) ? text.length - text.trimStart().length : 0;
      found.push({
        file,
        line: source.getLineAndCharacterOfPosition(node.getStart() + lead).line + 1,
        kind,
        text: text.trim(),
      });
    };
    const visit = (node) => {
      if (ts.isJsxText(node) && hasLetters(node.text) && !insideTrans(node)) add(node, 'JSX text', node.text);
      else if (
        ts.isJsxExpression(node) &&
        node.expression &&
        (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
      ) {
        const e = node.expression;
        if ((ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && hasLetters(e.text))
          add(node, 'JSX string', e.text);
        if (ts.isTemplateExpression(e) && hasLetters(e.head.text + e.templateSpans.map((s) => s.literal.text).join('')))
          add(node, 'JSX template', e.getText(source));
      } else if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(source)) && node.initializer) {
        const init = node.initializer;
        const e = ts.isJsxExpression(init) ? init.expression : init;
        if (e && (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && hasLetters(e.text))
          add(node, `${node.name.getText(source)}`, e.text);
        if (
          e &&
          ts.isTemplateExpression(e) &&
          hasLetters(e.head.text + e.templateSpans.map((s) => s.literal.text).join(''))
        )
          add(node, `${node.name.getText(source)}`, e.getText(source));
        if (e && ts.isConditionalExpression(e)) {
          for (const branch of [e.whenTrue, e.whenFalse]) {
            if ((ts.isStringLiteral(branch) || ts.isNoSubstitutionTemplateLiteral(branch)) && hasLetters(branch.text))
              add(node, `${node.name.getText(source)}`, branch.text);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/**
 * The translation keys the source uses: the literal first argument of every `t(…)` /
 * `translate(…)` call, the text of every `<Trans>`, and `extraKeys` (the texts the frame
 * keeps in state and translates where it shows them: i18n/extraKeys.ts).
 * A key passed with a `count` option is plural: its catalog entries carry the plural suffixes.
 * @param {string} srcDir
 * @param {readonly string[]} extraKeys
 * @returns {Map<string, { plural: boolean }>}
 */
export function sourceKeys(srcDir, extraKeys = []) {
  /** @type {Map<string, { plural: boolean }>} */
  const keys = new Map(extraKeys.map((key) => [key, { plural: false }]));
  for (const file of sourceFiles(srcDir)) {
    const source = parse(file);
    const visit = (node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : '';
        const [first, options] = node.arguments;
        if (
          TRANSLATORS.has(name) &&
          first &&
          (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))
        ) {
          const plural = Boolean(
            options &&
              ts.isObjectLiteralExpression(options) &&
              options.properties.some((p) => p.name?.getText(source) === 'count'),
          );
          keys.set(first.text, { plural: plural || keys.get(first.text)?.plural || false });
        }
      }
      // <Trans>Loading</Trans>: the text is the key.
      if (ts.isJsxElement(node) && node.openingElement.tagName.getText(source) === 'Trans') {
        const text = node.children
          .filter(ts.isJsxText)
          .map((c) => c.text)
          .join('')
          .trim();
        if (text) keys.set(text, keys.get(text) ?? { plural: false });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return keys;
}

/**
 * The sorted, distinct placeholders of a text, as one string: `{{name}}` interpolations and the
 * `<tag>`/`</tag>` marks of a rich text (rendered by `<Trans components={…}>`, e.g. the terms link).
 */
function placeholders(text) {
  return [...new Set(text.match(/\{\{\s*\w+\s*\}\}|<\/?\w+>/g) ?? [])]
    .map((p) => p.replace(/\s/g, ''))
    .sort()
    .join(' ');
}

/**
 * Above this share of values equal to their English key, a non-English catalog counts as
 * copied rather than translated (a few product names and loanwords — WalletConnect, EOA, NFT,
 * Token, Total — are legitimately the same).
 */
export const MAX_SAME_AS_ENGLISH = 0.05;

/**
 * Compares every catalog in i18n/locales/*.json with the source keys: a missing key, a
 * missing plural form of the language (Intl.PluralRules categories), a translation whose
 * `{{placeholders}}` differ from the key's, or a key the source no longer uses is a problem.
 * @param {string} srcDir
 * @param {readonly string[]} extraKeys see {@link sourceKeys}
 * @returns {string[]} one line per problem
 */
export function checkCatalogs(srcDir, extraKeys = []) {
  const keys = sourceKeys(srcDir, extraKeys);
  const dir = join(srcDir, 'i18n/locales');
  /** @type {string[]} */
  const problems = [];
  /** @type {Record<string, string>} */
  const english = existsSync(join(dir, 'en.json')) ? JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8')) : {};
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const locale = name.replace(/\.json$/, '');
    const catalog = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    /** @type {Set<string>} */
    const expected = new Set();
    for (const [key, { plural }] of keys) {
      if (plural) for (const c of categories) expected.add(`${key}_${c}`);
      else expected.add(key);
    }
    for (const key of expected) {
      // A message key (`error.<Name>`) is not its text: its placeholders are those of its English text.
      const source = key.startsWith('error.') && typeof english[key] === 'string' ? english[key] : key;
      if (typeof catalog[key] !== 'string' || catalog[key] === '')
        problems.push(`${name}: missing key ${JSON.stringify(key)}`);
      else if (placeholders(catalog[key]) !== placeholders(source.replace(/_(zero|one|two|few|many|other)$/, ''))) {
        problems.push(
          `${name}: ${JSON.stringify(key)} has placeholders ${placeholders(catalog[key]) || 'none'}, the source ${placeholders(source) || 'none'}`,
        );
      }
    }
    for (const key of Object.keys(catalog)) {
      if (!expected.has(key)) problems.push(`${name}: extra key ${JSON.stringify(key)} (not used by the source)`);
    }
    if (locale !== 'en') {
      const same = [...expected].filter((k) => catalog[k] === k && !k.startsWith('alert.')).length;
      if (expected.size >= 20 && same / expected.size > MAX_SAME_AS_ENGLISH)
        problems.push(`${name}: ${same} of ${expected.size} values are the English text (untranslated copy?)`);
    }
  }
  return problems;
}

/**
 * Compares the catalog files in i18n/locales with the languages the frame ships (`SHIPPED_LOCALES`
 * of i18n/locale.ts): a shipped language without a catalog, or a catalog no language loads, is a problem.
 * @param {string} srcDir
 * @param {readonly string[]} shipped BCP 47 tags
 * @returns {string[]} one line per problem
 */
export function checkShipped(srcDir, shipped) {
  const files = new Set(
    readdirSync(join(srcDir, 'i18n/locales'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, '')),
  );
  return [
    ...shipped
      .filter((l) => !files.has(l))
      .map((l) => `${l}: shipped (i18n/locale.ts) but i18n/locales/${l}.json is missing`),
    ...[...files]
      .filter((f) => !shipped.includes(f))
      .map((f) => `${f}.json: a catalog no shipped language loads (add it to SHIPPED_LOCALES)`),
  ];
}

/**
 * Compares the secure frame's approval catalogs (apps/secure-frame/src/i18n/locales/*.json) with
 * its English one: the keys are en.json's (a key with a plural suffix stands for one entry per
 * plural category of each language), so a missing or extra key, a missing plural form, a
 * `{{placeholder}}` that differs, a missing or unshipped catalog, or a mostly English catalog is a problem.
 * A form for one or two (`_one`, `_two`, `_zero`) may spell the number out instead of `{{count}}`.
 * @param {string} dir the locales folder
 * @param {readonly string[]} shipped BCP 47 tags
 * @returns {string[]} one line per problem
 */
export function checkApprovalCatalogs(dir, shipped) {
  const plural = /_(zero|one|two|few|many|other)$/;
  const en = JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8'));
  const singular = Object.keys(en).filter((k) => !plural.test(k));
  const bases = [
    ...new Set(
      Object.keys(en)
        .filter((k) => plural.test(k))
        .map((k) => k.replace(plural, '')),
    ),
  ];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));
  /** @type {string[]} */
  const problems = [
    ...shipped.filter((l) => !files.includes(l)).map((l) => `secure frame: ${l}.json is missing`),
    ...files.filter((f) => !shipped.includes(f)).map((f) => `secure frame: ${f}.json is no shipped language`),
  ];
  for (const locale of files.filter((f) => shipped.includes(f)).sort()) {
    const catalog = JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8'));
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const expected = new Set([...singular, ...bases.flatMap((b) => categories.map((c) => `${b}_${c}`))]);
    for (const key of expected) {
      const text = catalog[key];
      const source = placeholders(key.replace(plural, ''));
      const spelled = /_(zero|one|two)$/.test(key) && !String(text).includes('{{count}}');
      if (typeof text !== 'string' || text === '')
        problems.push(`secure frame ${locale}.json: missing key ${JSON.stringify(key)}`);
      else if (placeholders(text) !== (spelled ? source.replace('{{count}}', '').trim() : source))
        problems.push(
          `secure frame ${locale}.json: ${JSON.stringify(key)} has placeholders ${placeholders(text) || 'none'}, the source ${source || 'none'}`,
        );
    }
    for (const key of Object.keys(catalog))
      if (!expected.has(key)) problems.push(`secure frame ${locale}.json: extra key ${JSON.stringify(key)}`);
    if (locale !== 'en') {
      const same = singular.filter((k) => catalog[k] === k).length;
      if (same / singular.length > 0.08)
        problems.push(
          `secure frame ${locale}.json: ${same} of ${singular.length} values are the English text (untranslated copy?)`,
        );
    }
  }
  return problems;
}

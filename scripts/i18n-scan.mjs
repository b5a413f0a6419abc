// The scanner behind `npm run i18n:check` and apps/frame/src/i18n/catalogs.test.ts: parses the
// frame's TypeScript/TSX with the TypeScript compiler API.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** JSX attributes whose string value is shown or read out to the visitor. */
const VISIBLE_PROPS = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'aria-valuetext', 'placeholder', 'title', 'alt', 'label']);

/** A string with at least one letter is text; symbols and digits alone ('×', '‹', '0.00') are not. */
const hasLetters = (text) => /\p{L}/u.test(text);

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
    } else if (pattern.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out.sort();
}

/** @param {string} file */
function parse(file) {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
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
    const add = (node, kind, text) =>
      found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, kind, text: text.trim() });
    const visit = (node) => {
      if (ts.isJsxText(node) && hasLetters(node.text)) add(node, 'JSX text', node.text);
      else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
        const e = node.expression;
        if ((ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && hasLetters(e.text)) add(node, 'JSX string', e.text);
        if (ts.isTemplateExpression(e) && hasLetters(e.head.text + e.templateSpans.map((s) => s.literal.text).join(''))) add(node, 'JSX template', e.getText(source));
      } else if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(source)) && node.initializer) {
        const init = node.initializer;
        const e = ts.isJsxExpression(init) ? init.expression : init;
        if (e && (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && hasLetters(e.text)) add(node, `${node.name.getText(source)}`, e.text);
        if (e && ts.isTemplateExpression(e) && hasLetters(e.head.text + e.templateSpans.map((s) => s.literal.text).join(''))) add(node, `${node.name.getText(source)}`, e.getText(source));
        if (e && ts.isConditionalExpression(e)) {
          for (const branch of [e.whenTrue, e.whenFalse]) {
            if ((ts.isStringLiteral(branch) || ts.isNoSubstitutionTemplateLiteral(branch)) && hasLetters(branch.text)) add(node, `${node.name.getText(source)}`, branch.text);
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
 * `i18n.t(…)` call, and the string literals of the array `EXTRA_KEYS` in i18n/extraKeys.ts.
 * A key passed with a `count` option is plural: its catalog entries carry the plural suffixes.
 * @param {string} srcDir
 * @returns {Map<string, { plural: boolean }>}
 */
export function sourceKeys(srcDir) {
  /** @type {Map<string, { plural: boolean }>} */
  const keys = new Map();
  for (const file of sourceFiles(srcDir)) {
    const source = parse(file);
    const visit = (node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
        const [first, options] = node.arguments;
        if (name === 't' && first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
          const plural = Boolean(options && ts.isObjectLiteralExpression(options) && options.properties.some((p) => p.name?.getText(source) === 'count'));
          keys.set(first.text, { plural: plural || keys.get(first.text)?.plural || false });
        }
      }
      if (ts.isVariableDeclaration(node) && node.name.getText(source) === 'EXTRA_KEYS' && node.initializer) {
        const visitLiterals = (n) => {
          if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) keys.set(n.text, keys.get(n.text) ?? { plural: false });
          ts.forEachChild(n, visitLiterals);
        };
        visitLiterals(node.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return keys;
}

/**
 * Compares every catalog in i18n/locales/*.json with the source keys: a missing key, a
 * missing plural form of the language (Intl.PluralRules categories) or a key the source no
 * longer uses is a problem. Keys referenced through the protocol's message constants are
 * listed in EXTRA_KEYS.
 * @param {string} srcDir
 * @returns {string[]} one line per problem
 */
export function checkCatalogs(srcDir) {
  const keys = sourceKeys(srcDir);
  const dir = join(srcDir, 'i18n/locales');
  /** @type {string[]} */
  const problems = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
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
      if (typeof catalog[key] !== 'string' || catalog[key] === '') problems.push(`${name}: missing key ${JSON.stringify(key)}`);
    }
    for (const key of Object.keys(catalog)) {
      if (!expected.has(key)) problems.push(`${name}: extra key ${JSON.stringify(key)} (not used by the source)`);
    }
  }
  return problems;
}

// @ts-check
/**
 * The method tables of `packages/protocol` (`methods.ts`, `solana.ts`, `embeddedMethods.ts`) give each
 * method, beside what the code needs (`params`, `result`), its documentation: `summary`,
 * `paramNames`, `errors` and `timeout`, from which PROTOCOL.md is generated. No frame reads those
 * four at run time, yet as string literals they were about 1.3 KB gzip of the frame's initial JS.
 * {@link stripMethodDocs} removes them from the build: in those files only, from every object
 * literal that has both a `params` and a `result` property (a method-table entry). It works on the
 * TypeScript syntax tree, so a change of layout cannot make it cut the wrong text; an entry without
 * the four keeps its text.
 */
import ts from 'typescript';

/** The documentation-only keys of a method-table entry (`MethodSpec` in packages/protocol/src/methodSpec.ts). */
const DOC_KEYS = new Set(['summary', 'paramNames', 'errors', 'timeout']);

/** The files that hold method tables. */
const TABLE_FILE = /[\\/]packages[\\/]protocol[\\/]src[\\/](methods|solana|embeddedMethods)\.ts$/;

/** The name of a property assignment (identifier or string key), or undefined. */
const keyOf = (/** @type {ts.ObjectLiteralElementLike} */ p) =>
  ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;

/**
 * `code` without the documentation properties of its method-table entries (see the file comment).
 * @param {string} code TypeScript source
 * @param {string} fileName for the parser only
 * @returns {{ code: string, removed: number }} the new source and how many properties went
 */
export function stripDocs(code, fileName = 'methods.ts') {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  /** @type {[number, number][]} */
  const cuts = [];
  const visit = (/** @type {ts.Node} */ node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const keys = node.properties.map(keyOf);
      if (keys.includes('params') && keys.includes('result')) {
        for (const p of node.properties) {
          const key = keyOf(p);
          if (!key || !DOC_KEYS.has(key)) continue;
          // The property with its comments, and the comma after it.
          const next = code.indexOf(',', p.getEnd());
          cuts.push([p.getFullStart(), next >= 0 && next < node.getEnd() ? next + 1 : p.getEnd()]);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const [from, to] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, from) + out.slice(to);
  return { code: out, removed: cuts.length };
}

/**
 * A Vite plugin (build only) applying {@link stripDocs} to the protocol's method tables.
 * @returns {import('vite').Plugin}
 */
export function stripMethodDocs() {
  return {
    name: 'airlock:strip-method-docs',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!TABLE_FILE.test(id)) return null;
      return { code: stripDocs(code, id).code, map: null };
    },
  };
}

/**
 * Writes the host SDK's type declarations, `dist/types/**\/*.d.ts`, for the published package:
 * entries `dist/types/index.d.ts` (`@airlock/host-sdk`), `dist/types/solana/index.d.ts`
 * (`@airlock/host-sdk/solana`) and `dist/types/bitcoin/index.d.ts` (`@airlock/host-sdk/bitcoin`). Run after `build.mjs` (`npm run build -w @airlock/host-sdk`).
 *
 * 1. `tsc` emits the declarations of `src/` (TSDoc comments kept).
 * 2. The types they import from `@airlock/protocol` (zod schemas inside the monorepo) are
 *    written to `dist/types/protocol.d.ts` as plain TypeScript: a declaration without zod is
 *    copied as written, one inferred from a zod schema is printed fully expanded by the
 *    type checker. Names those reference are added until nothing is missing, so the
 *    published types need neither `@airlock/protocol` nor `zod`, and still come from the
 *    one source, the protocol schemas.
 * 3. Every `@airlock/protocol…` import is pointed at `dist/types/protocol.js` (relative).
 *
 * @throws (exits 1) when tsc reports an error, or a needed protocol name cannot be found.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const HOST = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(HOST, 'dist/types');
const PROTOCOL_ENTRY = join(HOST, '../../packages/protocol/src/index.ts');

const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  customConditions: ['airlock-source'],
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  strict: true,
  skipLibCheck: true,
  allowImportingTsExtensions: true,
  rewriteRelativeImportExtensions: true,
  declaration: true,
  emitDeclarationOnly: true,
  // The protocol sources are in the program too: emit relative to the repository, keep only src/.
  rootDir: join(HOST, '../..'),
  outDir: join(OUT, 'tmp'),
  types: [],
};

const fail = (message: string): never => {
  console.error(`[host-sdk types] ${message}`);
  process.exit(1);
};

const format = (d: readonly ts.Diagnostic[]) =>
  ts.formatDiagnostics(d, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => HOST,
    getNewLine: () => '\n',
  });

// 1. Declarations of src/ (the protocol's own are dropped).
rmSync(OUT, { recursive: true, force: true });
// The package's typed entries: `.` (index.ts), `./solana`, `./bitcoin`, `./cosmos`, `./polkadot`, `./multichain` and `./inline` (each <name>/index.ts).
const ENTRIES = [
  'index',
  'solana/index',
  'bitcoin/index',
  'cosmos/index',
  'polkadot/index',
  'multichain/index',
  'inline/index',
];
const program = ts.createProgram([...ENTRIES.map((e) => join(HOST, `src/${e}.ts`)), PROTOCOL_ENTRY], options);
const written = new Map<string, string>();
const EMITTED_SRC = join(OUT, 'tmp/apps/host-sdk/src/');
const result = program.emit(undefined, (file, text) => {
  if (file.startsWith(EMITTED_SRC)) written.set(join(OUT, file.slice(EMITTED_SRC.length)), text);
});
const errors = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics].filter(
  (d) => d.category === ts.DiagnosticCategory.Error && !d.file?.fileName.includes('/packages/protocol/'),
);
if (errors.length) fail(format(errors));

// 2a. Keep the files the entries reach; `.ts` specifiers become `.js`.
const reached = new Map<string, string>();
const visit = (file: string) => {
  if (reached.has(file)) return;
  const text = (written.get(file) ?? fail(`no declarations for ${file}`)).replace(
    /from '(\.{1,2}\/[^']+)\.ts'/g,
    "from '$1.js'",
  );
  reached.set(file, text);
  for (const [statement, braces, rel] of text.matchAll(
    /(?:import|export)[^;]*?(?:\{([^}]*)\})?[^;{]*from '(\.{1,2}\/[^']+)\.js'/g,
  )) {
    const target = join(dirname(file), `${rel}.d.ts`);
    const names = braces?.split(',').map((n) =>
      n
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim(),
    );
    const before = wantedNames.get(target);
    wantedNames.set(target, before === 'all' || !names || /\*/.test(statement) ? 'all' : [...(before ?? []), ...names]);
    visit(target);
  }
};
/** Per reached file: the names other files import from it, or 'all'. */
const wantedNames = new Map<string, string[] | 'all'>();
for (const entry of ENTRIES) visit(join(OUT, `${entry}.d.ts`));

// 2a'. A file that imports a package the published package does not ship (a dev dependency, e.g.
// `@wallet-standard/base` in solana/wallet.ts) keeps only the declarations the others import
// from it, and the imports those use; a kept declaration that still needs such a package fails.
const shipped = (specifier: string) => specifier.startsWith('.') || specifier.startsWith('@airlock/protocol');
for (const [file, text] of reached) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const foreign = source.statements.some(
    (st) => ts.isImportDeclaration(st) && !shipped((st.moduleSpecifier as ts.StringLiteral).text),
  );
  if (!foreign) continue;
  const imported = wantedNames.get(file) ?? 'all';
  const names = imported === 'all' ? fail(`${file} imports a dev dependency and is reached by export *`) : imported;
  const declared = (st: ts.Statement) =>
    ts.isVariableStatement(st)
      ? st.declarationList.declarations.map((d) => d.name.getText())
      : 'name' in st && st.name
        ? [(st.name as ts.Identifier).text]
        : [];
  const kept = source.statements
    .filter((st) => declared(st).some((n) => names.includes(n)))
    .map((st) => st.getFullText().trim())
    .join('\n');
  const code = kept.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const imports = source.statements.filter(ts.isImportDeclaration).filter((st) => {
    const bound = st.importClause?.namedBindings;
    const ids = bound && ts.isNamedImports(bound) ? bound.elements.map((e) => e.name.text) : ['*'];
    return ids.some((id) => new RegExp(`\\b${id}\\b`).test(code));
  });
  const stillForeign = imports.find((st) => !shipped((st.moduleSpecifier as ts.StringLiteral).text));
  if (stillForeign) fail(`${file}: a public declaration needs ${stillForeign.moduleSpecifier.getText()}`);
  reached.set(file, `${[...imports.map((st) => st.getText()), kept].join('\n')}\n`);
}

// 2b. A host type alias written in terms of a protocol method table (`FrameMethods`, zod
// inside) is replaced by its expansion, e.g. `OpenOptions`.
const checker = program.getTypeChecker();
const FLAGS =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.InTypeAlias |
  ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
const hostAlias = (name: string): string => {
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(join(HOST, 'src/'))) continue;
    for (const st of file.statements)
      if (ts.isTypeAliasDeclaration(st) && st.name.text === name)
        return checker.typeToString(checker.getTypeAtLocation(st.name), st, FLAGS);
  }
  return fail(`no type alias ${name} in src/`);
};
for (const [file, text] of reached) {
  let out = text.replace(
    /export type (\w+) = ([^;]*\b(?:FrameMethods|HostMethods)\b[^;]*);/g,
    (_, name: string) => `export type ${name} = ${hostAlias(name)};`,
  );
  // Drop imported names the text no longer uses.
  out = out.replace(/import type \{([^}]*)\} from '(@airlock\/protocol[^']*)';/g, (_, names: string, from: string) => {
    const used = names
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && out.split(new RegExp(`\\b${n}\\b`)).length > 2);
    return used.length ? `import type { ${used.join(', ')} } from '${from}';` : '';
  });
  reached.set(file, out);
}

// 2c. The protocol names the declarations import, closed over what they reference.
const protocolFile = program.getSourceFile(PROTOCOL_ENTRY) ?? fail('protocol entry not in the program');
const protocolExports = new Map(
  checker.getExportsOfModule(checker.getSymbolAtLocation(protocolFile)!).map((s) => [s.name, s]),
);
// Imported names and names the entries re-export (`export type { … } from '@airlock/protocol'`).
const IMPORT = /(?:import|export)(?: type)? \{([^}]*)\} from '@airlock\/protocol[^']*';/g;
const wanted = new Set<string>();
for (const text of reached.values())
  for (const m of text.matchAll(IMPORT))
    for (const name of m[1]!.split(',')) if (name.trim()) wanted.add(name.replace(/^\s*type\s+/, '').trim());

/** The declaration text of one protocol type, with its TSDoc. */
const declare = (name: string): string => {
  let symbol = protocolExports.get(name) ?? fail(`@airlock/protocol exports no ${name}`);
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const decl = symbol.declarations?.find(ts.isTypeAliasDeclaration) ?? fail(`${name} is not a type alias`);
  const doc = ts.displayPartsToString(symbol.getDocumentationComment(checker));
  const head = doc ? `/** ${doc.replace(/\*\//g, '*\\/').split('\n').join('\n * ')} */\n` : '';
  const typeText = decl.type.getText();
  const plain = !/\bz\.|typeof |\binfer\b/.test(typeText);
  const body = plain ? typeText : checker.typeToString(checker.getTypeAtLocation(decl.name), decl, FLAGS);
  if (/\bz\.|typeof /.test(body)) fail(`${name} does not expand to plain TypeScript: ${body.slice(0, 200)}`);
  const params = decl.typeParameters ? `<${decl.typeParameters.map((p) => p.getText()).join(', ')}>` : '';
  return `${head}export type ${name}${params} = ${body};\n`;
};
const parts = new Map<string, string>();
const pending = [...wanted];
while (pending.length) {
  const name = pending.pop()!;
  if (parts.has(name)) continue;
  const text = declare(name);
  parts.set(name, text);
  // Identifiers that name another protocol type and are not declared yet.
  for (const [, id] of text.matchAll(/\b([A-Z][A-Za-z0-9]*)\b/g))
    if (id && id !== name && protocolExports.has(id) && !parts.has(id) && !isValueOnly(id)) pending.push(id);
}
function isValueOnly(name: string) {
  let s = protocolExports.get(name)!;
  if (s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s);
  return !(s.flags & ts.SymbolFlags.TypeAlias);
}

// 2d. The entry also exports the protocol types a dapp names (state, options), from the same file.
const PUBLIC = ['CaipAddress', 'CaipNetworkId', 'ChainNamespace', 'Features', 'Metadata', 'Network', 'WidgetState'];
for (const name of PUBLIC) if (!parts.has(name)) parts.set(name, declare(name));
const indexFile = join(OUT, 'index.d.ts');
reached.set(
  indexFile,
  `${reached.get(indexFile)}\n/** The option and state types of the widget (spec §3), plain TypeScript. */\nexport type { ${PUBLIC.join(', ')} } from '@airlock/protocol';\n`,
);

// 3. Write, with protocol imports pointed at protocol.js (`./`, or `../` from solana/).
mkdirSync(OUT, { recursive: true });
for (const [file, text] of reached) {
  mkdirSync(dirname(file), { recursive: true });
  const up = relative(dirname(file), OUT);
  const protocol = up ? `${up}/protocol.js` : './protocol.js';
  writeFileSync(file, text.replace(/from '@airlock\/protocol[^']*'/g, `from '${protocol}'`));
}
writeFileSync(
  join(OUT, 'protocol.d.ts'),
  `/** Public types of the Airlock host–frame protocol (spec §3), generated from its schemas. */\n\n${[...parts.values()].sort().join('\n')}`,
);
console.log(
  `[host-sdk types] ${readdirSync(OUT, { recursive: true }).length} entries in dist/types (protocol types: ${[...parts.keys()].sort().join(', ')})`,
);

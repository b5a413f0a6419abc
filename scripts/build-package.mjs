// Builds a publishable package of packages/* (`@airlock/react`, `@airlock/vue`, `@airlock/wagmi`,
// `@airlock/siwx`), run from its folder by its `npm run build`: one ESM file per entry of its `exports`
// (each entry's `airlock-source` file to its `import` file, e.g. `src/index.ts` to `dist/index.js`;
// minified, the package's dependencies and peer dependencies left as imports) and `dist/*.d.ts` (tsc
// declarations of src/ without the tests, resolved against
// the built `@airlock/host-sdk` types, as a dapp outside this repository sees them; a package that depends on the host
// builds it first when its types are missing, so `npm pack` of any package works in a fresh clone: every package's
// `prepack` is its build). Prints the size of each entry's file, raw and gzip -9.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import ts from 'typescript';

const dir = process.cwd();
const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const dist = join(dir, 'dist');
rmSync(dist, { recursive: true, force: true });

/** The entries: `exports` subpaths that name a source (`airlock-source`) and a built file (`import`). */
const entries = Object.values(pkg.exports ?? {})
  .filter((e) => typeof e === 'object' && e['airlock-source'] && e.import)
  .map((e) => ({ source: join(dir, e['airlock-source']), out: join(dir, e.import) }));
if (!entries.length) throw new Error(`[${pkg.name}] no exports entry with an airlock-source and an import file`);

const root = join(import.meta.dirname, '..');
const usesHost = Object.keys({ ...pkg.peerDependencies, ...pkg.devDependencies }).includes('@airlock/host-sdk');
if (usesHost && !existsSync(join(root, 'apps/host-sdk/dist/types/index.d.ts'))) {
  console.log(`[${pkg.name}] building @airlock/host-sdk first (its types are missing)`);
  const host = spawnSync('npm', ['run', 'build', '-w', '@airlock/host-sdk'], { cwd: root, stdio: 'inherit' });
  if (host.status !== 0) process.exit(1);
}

await build({
  entryPoints: entries.map((e) => ({ in: e.source, out: relative(dist, e.out).replace(/\.js$/, '') })),
  outdir: dist,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  jsx: 'automatic',
  legalComments: 'none',
  logLevel: 'warning',
  external: [...Object.keys(pkg.peerDependencies ?? {}), ...Object.keys(pkg.dependencies ?? {})].flatMap((n) => [
    n,
    `${n}/*`,
  ]),
});

const program = ts.createProgram(
  entries.map((e) => e.source),
  {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: join(dir, 'src'),
    outDir: dist,
    types: [],
  },
);
const result = program.emit(undefined, (file, text) =>
  writeFileSync(file, text.replace(/from '(\.{1,2}\/[^']+)\.tsx?'/g, "from '$1.js'")),
);
const errors = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics].filter(
  (d) => d.category === ts.DiagnosticCategory.Error,
);
if (errors.length) {
  console.error(
    ts.formatDiagnostics(errors, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => dir,
      getNewLine: () => '\n',
    }),
  );
  process.exit(1);
}
for (const { out } of entries) {
  const js = readFileSync(out);
  console.log(`[${pkg.name}] ${relative(dir, out)} ${js.length} B, ${gzipSync(js, { level: 9 }).length} B gzip -9`);
}

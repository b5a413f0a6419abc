#!/usr/bin/env node
// Checks that code outside the namespace plug-ins does not branch on a namespace name
// (docs/architecture.md 'Namespaces'): a comparison with a CAIP-2 namespace literal
// (`=== 'solana'`, `!== 'eip155'`, `case 'bip122'`) or a prefix test
// (`startsWith('solana:')`) belongs in the namespace's folder (`apps/frame/src/namespaces/<name>/`)
// or in packages/protocol, which defines the namespaces. The frame and every other package
// (packages/react, packages/vue, packages/wagmi ...) are checked.
//
// The frame still has such branches from before the plug-ins: scripts/namespace-branches.json
// lists them per file, as a ceiling. A file with more branches than its ceiling (or a file not
// listed with any) fails the check; a file with fewer prints a note to lower its ceiling. So
// the count can only go down, until the list is empty. Test files are not checked.
//
// Usage: node scripts/check-namespace-branches.mjs [--update]  (--update rewrites the ceilings to
// today's counts; only for lowering them).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BASELINE = join(ROOT, 'scripts/namespace-branches.json');
/**
 * Where the rule applies: the frame and the sources of every package but packages/protocol (the
 * bindings, the SIWX helpers, the test helpers...), read from packages/ so a new package is checked too.
 */
const DIRS = [
  'apps/frame/src',
  ...readdirSync(join(ROOT, 'packages'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'protocol' && existsSync(join(ROOT, 'packages', e.name, 'src')))
    .map((e) => `packages/${e.name}/src`)
    .sort(),
];
/** Where namespace-specific code belongs (the rule does not apply inside). */
const EXEMPT = /(^|\/)namespaces\//;
const NAMES = '(eip155|solana|polkadot|bip122|cosmos)';
/** A branch on a namespace name. */
const BRANCH = new RegExp(
  [
    `(===|!==|==|!=)\\s*'${NAMES}'`,
    `'${NAMES}'\\s*(===|!==|==|!=)`,
    `startsWith\\(\\s*'${NAMES}:?'\\s*\\)`,
    `case\\s+'${NAMES}'`,
  ].join('|'),
  'g',
);

/** @param {string} dir @returns {string[]} */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .filter((file) => !EXEMPT.test(file));
}

/** @type {Record<string, { count: number, lines: number[] }>} */
const found = {};
for (const dir of DIRS) {
  for (const file of sources(join(ROOT, dir))) {
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const hits = line.match(BRANCH)?.length ?? 0;
        if (hits === 0) return;
        found[file] ??= { count: 0, lines: [] };
        found[file].count += hits;
        found[file].lines.push(i + 1);
      });
  }
}

if (process.argv.includes('--update')) {
  const sorted = Object.fromEntries(
    Object.keys(found)
      .sort()
      .map((f) => [f, found[f].count]),
  );
  writeFileSync(BASELINE, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`wrote ${relative(ROOT, BASELINE)}: ${Object.keys(sorted).length} files`);
  process.exit(0);
}

/** @type {Record<string, number>} */
const ceiling = JSON.parse(readFileSync(BASELINE, 'utf8'));
let failed = false;
let total = 0;
for (const [file, { count, lines }] of Object.entries(found)) {
  total += count;
  const max = ceiling[file] ?? 0;
  if (count > max) {
    failed = true;
    console.error(
      `${file}:${lines.join(',')}: ${count} branch(es) on a namespace name, at most ${max} allowed here: ` +
        'move the namespace-specific part into apps/frame/src/namespaces/<name>/.',
    );
  } else if (count < max) {
    console.log(`${file}: ${count} branch(es), the ceiling is ${max}: lower it (--update).`);
  }
}
for (const [file, max] of Object.entries(ceiling)) {
  if (!found[file] && max > 0) console.log(`${file}: no branch left, the ceiling is ${max}: remove it (--update).`);
}
const allowed = Object.values(ceiling).reduce((a, b) => a + b, 0);
console.log(`namespace branches outside namespaces/: ${total} (ceiling ${allowed})`);
process.exit(failed ? 1 : 0);

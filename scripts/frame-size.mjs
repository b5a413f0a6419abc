// The frame's JavaScript before and after the first state, from a build (apps/frame/dist), shared by the bench and
// the budget check:
// - eager: the scripts index.html loads before anything runs (<script src> and
//   <link rel="modulepreload">), which block the frame's boot and its first state;
// - startChunks: the UI chunk the entry imports with `import()` (`render-*.js`,
//   apps/frame/src/app/render.tsx: React and the views) with its static imports, minus the
//   eager files. It loads after the first state and the silent reconnect (or at the first open).
// Sizes are gzip -9 and raw bytes. Only files under dist/ are read; a remote script throws.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** @typedef {{ files: number, raw: number, gzip: number }} Size */

/**
 * @param {string} dist the frame's build directory
 * @returns {{ eager: Size, startChunks: Size, entry: string }} `entry`: the first script index.html loads (the boot script), relative to dist
 * @throws Error when index.html is missing or loads a remote script
 */
export function frameJsAtStart(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const eager = new Set();
  let entry = '';
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = /\bsrc=["']([^"']+)["']/i.exec(tag)?.[1];
    if (src) {
      eager.add(clean(src));
      entry ||= clean(src);
    }
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (!/\brel=["']modulepreload["']/i.test(tag)) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href) eager.add(clean(href));
  }
  for (const file of eager) if (/^https?:/i.test(file)) throw new Error(`index.html loads a remote script: ${file}`);
  // The UI chunk the entry imports: `import("./render-<hash>.js")`.
  const start = new Set();
  const code = entry ? readFileSync(join(dist, entry), 'utf8') : '';
  for (const m of code.matchAll(/import\(\s*[`"']\.\/(render-[^`"']+\.js)[`"']\s*\)/g))
    addWithImports(dist, `assets/${m[1]}`, start);
  for (const file of eager) start.delete(file);
  return { eager: measure(dist, eager), startChunks: measure(dist, start), entry };
}

/** @param {string} src */
function clean(src) {
  return src.replace(/^\.?\//, '').split('?')[0];
}

/**
 * Adds `file` and the chunks it imports statically.
 * @param {string} dist
 * @param {string} file path relative to dist
 * @param {Set<string>} into
 */
function addWithImports(dist, file, into) {
  if (into.has(file) || !existsSync(join(dist, file))) return;
  into.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'()]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g))
    addWithImports(dist, `assets/${m[1]}`, into);
}

/**
 * @param {string} dist
 * @param {Set<string>} files
 * @returns {Size}
 */
function measure(dist, files) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const data = readFileSync(join(dist, file));
    raw += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
  }
  return { files: files.size, raw, gzip };
}

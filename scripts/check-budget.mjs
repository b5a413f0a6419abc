#!/usr/bin/env node
// Checks the size budgets (gzip -9). Builds nothing: run `npm run build -w @airlock/host-sdk -w @airlock/frame` first.
// - host: apps/host-sdk/dist/airlock.js, the only code a dapp loads, at most HOST_BUDGET bytes,
//   starting with V8's compile hint (scripts/compile-hints.mjs);
// - host Solana entry: apps/host-sdk/dist/airlock-solana.js, the opt-in Solana classic script, at
//   most HOST_SOLANA_BUDGET bytes (a dapp without Solana loads none of it), with the same hint;
// - frame initial JS: the scripts apps/frame/dist/index.html loads eagerly (scripts/frame-size.mjs),
//   which the frame's boot and first state wait for, at most FRAME_INITIAL_BUDGET bytes. The UI
//   chunk it imports after the first state (React, views) is printed too, without a budget; and
//   the boot script must start with V8's compile hint (scripts/compile-hints.mjs).
// Prints the sizes; exits 1 when a file is missing or a budget is exceeded. The budgets are the
// levels reached, so they can only go down.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { COMPILE_HINT } from './compile-hints.mjs';
import { frameJsAtStart } from './frame-size.mjs';

const HOST_BUDGET = 4800;
const HOST_SOLANA_BUDGET = 2048;
const FRAME_INITIAL_BUDGET = 46_000;
const rel = 'apps/host-sdk/dist/airlock.js';
let failed = false;

let code;
try {
  code = readFileSync(new URL('../apps/host-sdk/dist/airlock.js', import.meta.url));
} catch {
  console.error(`${rel} not found: build it first with \`npm run build -w @airlock/host-sdk\`.`);
  process.exit(1);
}
const gzip = gzipSync(code, { level: 9 }).length;
console.log(`${rel}: ${code.length} bytes raw, ${gzip} bytes gzip -9 (budget ${HOST_BUDGET})`);
if (gzip > HOST_BUDGET) {
  console.error(`Over budget: ${rel} is ${gzip - HOST_BUDGET} bytes over the ${HOST_BUDGET}-byte gzip budget.`);
  failed = true;
}
/**
 * The classic host scripts carry V8's compile hint on their first line (apps/host-sdk/build.mjs):
 * without it, the page's createWidget() call compiles their functions on the page's thread,
 * inside the page's load.
 * @param {Buffer} script
 * @param {string} name
 */
const checkHint = (script, name) => {
  if (script.toString('utf8').startsWith(COMPILE_HINT)) return;
  console.error(`${name} does not start with ${COMPILE_HINT}.`);
  failed = true;
};
checkHint(code, rel);

const solanaRel = 'apps/host-sdk/dist/airlock-solana.js';
let solana;
try {
  solana = readFileSync(new URL('../apps/host-sdk/dist/airlock-solana.js', import.meta.url));
} catch {
  console.error(`${solanaRel} not found: build it first with \`npm run build -w @airlock/host-sdk\`.`);
  process.exit(1);
}
const solanaGzip = gzipSync(solana, { level: 9 }).length;
console.log(`${solanaRel}: ${solana.length} bytes raw, ${solanaGzip} bytes gzip -9 (budget ${HOST_SOLANA_BUDGET})`);
if (solanaGzip > HOST_SOLANA_BUDGET) {
  console.error(
    `Over budget: ${solanaRel} is ${solanaGzip - HOST_SOLANA_BUDGET} bytes over the ${HOST_SOLANA_BUDGET}-byte gzip budget.`,
  );
  failed = true;
}
checkHint(solana, solanaRel);

let frame;
try {
  frame = frameJsAtStart(fileURLToPath(new URL('../apps/frame/dist', import.meta.url)));
} catch (error) {
  console.error(
    `apps/frame/dist: ${error instanceof Error ? error.message : error} (build it with \`npm run build -w @airlock/frame\`).`,
  );
  process.exit(1);
}
const { eager, startChunks, entry } = frame;
console.log(
  `frame initial JS: ${eager.files} files, ${eager.raw} bytes raw, ${eager.gzip} bytes gzip -9 (budget ${FRAME_INITIAL_BUDGET}); ` +
    `UI chunks (after the first state): ${startChunks.files} files, ${startChunks.gzip} bytes gzip -9`,
);
if (eager.gzip > FRAME_INITIAL_BUDGET) {
  console.error(
    `Over budget: the frame's initial JS is ${eager.gzip - FRAME_INITIAL_BUDGET} bytes over ${FRAME_INITIAL_BUDGET}.`,
  );
  failed = true;
}
// The frame's boot script carries V8's compile hint on its first line (scripts/compile-hints.mjs):
// without it the boot compiles its functions one at a time on the frame's main thread.
if (!entry || !readFileSync(new URL(`../apps/frame/dist/${entry}`, import.meta.url), 'utf8').startsWith(COMPILE_HINT)) {
  console.error(`The frame's boot script (${entry || 'not found in index.html'}) does not start with ${COMPILE_HINT}.`);
  failed = true;
}
if (failed) process.exit(1);

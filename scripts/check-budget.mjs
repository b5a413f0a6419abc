#!/usr/bin/env node
// Checks the host script budget: apps/host-sdk/dist/airlock.js, the only code a dapp loads, must be
// at most 5,120 bytes after gzip -9. Builds nothing: run `npm run build -w @airlock/host-sdk` first.
// Prints the raw and gzip sizes; exits 1 when the file is missing or over budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET = 5120;
const file = new URL('../apps/host-sdk/dist/airlock.js', import.meta.url);
const rel = 'apps/host-sdk/dist/airlock.js';

let code;
try {
  code = readFileSync(file);
} catch {
  console.error(`${rel} not found: build it first with \`npm run build -w @airlock/host-sdk\`.`);
  process.exit(1);
}
const gzip = gzipSync(code, { level: 9 }).length;
console.log(`${rel}: ${code.length} bytes raw, ${gzip} bytes gzip -9 (budget ${BUDGET})`);
if (gzip > BUDGET) {
  console.error(`Over budget: ${rel} is ${gzip - BUDGET} bytes over the ${BUDGET}-byte gzip budget.`);
  process.exit(1);
}

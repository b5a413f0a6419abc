/**
 * Generates PROTOCOL.md (repo root) from the schemas and method tables of
 * packages/protocol, so the audited text cannot drift from the code.
 *
 *   npx tsx packages/protocol/scripts/generate-protocol-md.ts          # write
 *   npx tsx packages/protocol/scripts/generate-protocol-md.ts --check  # exit 1 if the committed file differs
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildProtocolMd } from './protocolMd.ts';

const target = fileURLToPath(new URL('../../../PROTOCOL.md', import.meta.url));
const text = buildProtocolMd();

if (process.argv.includes('--check')) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current !== text) {
    console.error('PROTOCOL.md is out of date: run `npm run protocol:md` and commit the result.');
    process.exit(1);
  }
  console.log('PROTOCOL.md matches the schemas.');
} else {
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}

// Copies the classic scripts to their versioned CDN paths, `dist/v<version>/airlock.js` and the host
// extension entries' (`dist/v<version>/airlock-solana.js`, `-bitcoin`, `-cosmos`, `-polkadot`, `-multichain`), writes each one's Subresource Integrity hash (sha384) beside it
// (`<name>.sri`) and prints the `<script>` tags with those hashes. Run after build.mjs
// (`npm run build -w @airlock/host-sdk`). Fails when package.json's version and SDK_VERSION in
// src/version.ts differ, because the frame is told SDK_VERSION and the CDN path uses the package version.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const here = (path) => new URL(`../${path}`, import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(here('package.json'), 'utf8'));
const sdkVersion = readFileSync(here('src/version.ts'), 'utf8').match(/SDK_VERSION = '([^']+)'/)?.[1];
if (sdkVersion !== version) {
  console.error(`[host-sdk cdn] package.json version ${version} ≠ SDK_VERSION ${sdkVersion} in src/version.ts`);
  process.exit(1);
}
mkdirSync(here(`dist/v${version}`), { recursive: true });
/** The classic scripts: the core, then the extension entries, which extend window.Airlock (their tags go after airlock.js's). */
const CLASSIC_SCRIPTS = [
  'airlock.js',
  'airlock-solana.js',
  'airlock-bitcoin.js',
  'airlock-cosmos.js',
  'airlock-polkadot.js',
  'airlock-multichain.js',
];
for (const name of CLASSIC_SCRIPTS) {
  const script = readFileSync(here(`dist/${name}`));
  const integrity = `sha384-${createHash('sha384').update(script).digest('base64')}`;
  copyFileSync(here(`dist/${name}`), here(`dist/v${version}/${name}`));
  writeFileSync(here(`dist/v${version}/${name}.sri`), `${integrity}\n`);
  console.log(`[host-sdk cdn] dist/v${version}/${name} (${script.length} B), integrity ${integrity}`);
  console.log(
    `[host-sdk cdn] <script src="https://<your CDN>/v${version}/${name}" integrity="${integrity}" crossorigin="anonymous"></script>`,
  );
}

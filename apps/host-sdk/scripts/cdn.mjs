// Copies the classic script to its versioned CDN path, `dist/v<version>/airlock.js`, writes
// `dist/v<version>/airlock.js.sri` (its Subresource Integrity hash, sha384) and prints the
// `<script>` tag with that hash. Run after build.mjs (`npm run build -w @airlock/host-sdk`).
// Fails when package.json's version and SDK_VERSION in src/version.ts differ, because the
// frame is told SDK_VERSION and the CDN path uses the package version.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const here = (path) => new URL(`../${path}`, import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(here('package.json'), 'utf8'));
const sdkVersion = readFileSync(here('src/version.ts'), 'utf8').match(/SDK_VERSION = '([^']+)'/)?.[1];
if (sdkVersion !== version) {
  console.error(`[host-sdk cdn] package.json version ${version} ≠ SDK_VERSION ${sdkVersion} in src/version.ts`);
  process.exit(1);
}
const script = readFileSync(here('dist/airlock.js'));
const integrity = `sha384-${createHash('sha384').update(script).digest('base64')}`;
mkdirSync(here(`dist/v${version}`), { recursive: true });
copyFileSync(here('dist/airlock.js'), here(`dist/v${version}/airlock.js`));
writeFileSync(here(`dist/v${version}/airlock.js.sri`), `${integrity}\n`);
console.log(`[host-sdk cdn] dist/v${version}/airlock.js (${script.length} B), integrity ${integrity}`);
console.log(
  `[host-sdk cdn] <script src="https://<your CDN>/v${version}/airlock.js" integrity="${integrity}" crossorigin="anonymous"></script>`,
);

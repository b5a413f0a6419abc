// Builds the host SDK, both minified:
// - dist/index.js: ESM (entry src/index.ts);
// - dist/airlock.js: classic script (IIFE, entry src/global.ts) that sets `window.Airlock`.
// Budget: dist/airlock.js ≤ 5,120 bytes after gzip -9; check with `npm run budget` at the root.
import { build } from 'esbuild';

const here = (path) => new URL(path, import.meta.url).pathname;
const common = { bundle: true, minify: true, target: 'es2022', legalComments: 'none', logLevel: 'warning' };

await Promise.all([
  build({ ...common, entryPoints: [here('./src/index.ts')], format: 'esm', outfile: here('./dist/index.js') }),
  build({ ...common, entryPoints: [here('./src/global.ts')], format: 'iife', outfile: here('./dist/airlock.js') }),
]);

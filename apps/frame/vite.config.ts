import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { compileHints } from '../../scripts/compile-hints.mjs';
import { sparseSourceCatalog } from '../../scripts/sparse-source-catalog.mjs';
import { stripMethodDocs } from '../../scripts/strip-method-docs.mjs';

/**
 * The frame is served on its own origin (docs/integration.md). `base: './'`
 * keeps asset URLs relative so `dist/` works from any path of a static server.
 * `VITE_AIRLOCK_ALLOWED_ORIGINS` (comma list, wildcards) is read at build time.
 *
 * Every module the entry imports statically goes into ONE chunk (`boot-*.js`, the rolldown
 * `$initial` tag): the frame's start then fetches two scripts (the entry and it) instead of a
 * dozen small shared chunks, each a request on the boot's critical path (docs/architecture.md
 * "Start-up and what loads when"). What loads on demand stays split as before.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  // stripMethodDocs: the protocol tables' documentation (summaries, errors, timeouts) stays out of the bundle;
  // sparseSourceCatalog: the English catalog's key-to-itself entries too (i18next answers a missing key with it).
  plugins: [stripMethodDocs(), sparseSourceCatalog(), react(), compileHints()],
  // `@airlock/siwx` publishes its dist; the frame bundles its source (no build of the package first).
  resolve: {
    alias: [
      {
        find: /^@airlock\/siwx\/message$/,
        replacement: fileURLToPath(new URL('../../packages/siwx/src/message.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'boot', tags: ['$initial'] }] },
      },
    },
  },
});

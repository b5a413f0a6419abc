import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * The frame is served on its own origin (docs/integration.md). `base: './'`
 * keeps asset URLs relative so `dist/` works from any path of a static server.
 * `VITE_AIRLOCK_ALLOWED_ORIGINS` (comma list, wildcards) is read at build time.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
});

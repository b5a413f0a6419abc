import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * The secure frame is served on its own origin (docs/embedded-wallet.md). `base: './'`
 * keeps asset URLs relative. `VITE_AIRLOCK_WIDGET_ORIGIN`, `VITE_AIRLOCK_API_URL` and
 * `VITE_AIRLOCK_RPC_URLS` (JSON: CAIP-2 id → the operator's RPC URL) and `VITE_AIRLOCK_NATIVE_CURRENCIES`
 * (JSON: CAIP-2 id → `{ symbol, decimals }`) are read at build time;
 * `deployment.json` next to index.html overrides them.
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

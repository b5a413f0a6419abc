import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The Dev Wallet: a static page, `base: './'` so `dist/` works from any path of a
 * static server. `dev-wallet-config.js` is loaded as a classic script beside `index.html`
 * (`public/dev-wallet-config.js` is the dev-port sample; the dev stack serves its own).
 * WalletConnect's `events` import resolves to the `events` npm package (installed at the root);
 * nothing else needs a Node polyfill.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
  server: { port: 5176, strictPort: true, host: '127.0.0.1' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // walletkit + core + viem is ~1.5 MB minified (600 kB gzip); a local dev tool, not a shipped page.
    chunkSizeWarningLimit: 2_000,
  },
});

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The demo dapp: `index.html` (the dapp, served on the allowed
 * origin), `foreign.html` (served on a NOT allowed origin, 127.0.0.2, to
 * show that the frame refuses it) and `solana-adapter.html` (a dapp on the Solana wallet
 * adapter that finds Airlock through the Wallet Standard). Output `apps/demo-dapp/dist`, base `/`.
 * `/demo-config.js` is served by the stack (scripts/stack.mjs) before the dist
 * files; `public/demo-config.js` is the sample for the dev ports.
 */
export default defineConfig({
  root,
  base: '/',
  server: { port: 5173, strictPort: true, host: 'localhost' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      input: {
        index: `${root}index.html`,
        foreign: `${root}foreign.html`,
        'solana-adapter': `${root}solana-adapter.html`,
      },
    },
  },
});

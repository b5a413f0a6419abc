import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The demo dapp: four pages, `index.html` (the dapp, served on the allowed
 * origin), `react.html` (the same dapp in React with `@airlock/react` and wagmi
 * with `@airlock/wagmi`, built from their sources: their `dist` is not built
 * before the demo), `foreign.html` (served on a NOT allowed origin,
 * 127.0.0.2, to show that the frame refuses it) and `solana-adapter.html` (a dapp on the Solana
 * wallet adapter that finds Airlock through the Wallet Standard). Output `apps/demo-dapp/dist`, base `/`.
 * `/demo-config.js` is served by the stack (scripts/stack.mjs) before the dist
 * files; `public/demo-config.js` is the sample for the dev ports.
 */
export default defineConfig({
  root,
  base: '/',
  resolve: {
    alias: [
      { find: /^@airlock\/react$/, replacement: `${root}../../packages/react/src/index.ts` },
      { find: /^@airlock\/wagmi$/, replacement: `${root}../../packages/wagmi/src/index.ts` },
    ],
  },
  server: { port: 5173, strictPort: true, host: 'localhost' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      input: {
        index: `${root}index.html`,
        foreign: `${root}foreign.html`,
        react: `${root}react.html`,
        'solana-adapter': `${root}solana-adapter.html`,
      },
      // react-query's "use client" directives mean nothing in a client-only bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});

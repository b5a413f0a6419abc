// @ts-check
/**
 * V8's explicit compile-hint comment: compile every function of the script with it (Chrome 136+).
 * Put on the frame's entry chunk by {@link compileHints} and on the host's classic scripts
 * (`airlock.js`, `airlock-solana.js`, `airlock-bitcoin.js`, `airlock-cosmos.js`, `airlock-polkadot.js`) by
 * apps/host-sdk/build.mjs; `npm run budget` checks them all and the frame's boot script.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * A Vite plugin that puts V8's explicit compile hint on the first line of each entry chunk.
 * Chromium then compiles all of the entry's functions while the script streams in, on a
 * background thread, instead of one by one on the page's main thread the first time they are
 * called. Used by the widget frame, whose entry is what its boot runs (config checks, penpal, the
 * store, the first state), so little is compiled for nothing. Other browsers read a comment. The
 * chunks loaded on demand keep V8's lazy compilation (docs/architecture.md "Start-up and what loads
 * when").
 *
 * It runs after Vite's own `generateBundle` work (the minifier drops comments, and Vite puts its
 * preload map on the first line) and shifts a source map by one line.
 * @returns {import('vite').Plugin}
 */
export function compileHints() {
  return {
    name: 'airlock:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}

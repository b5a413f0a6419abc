import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints.mjs';

type Bundle = Record<string, { type: 'chunk' | 'asset'; isEntry?: boolean; code?: string; map?: { mappings: string } }>;

/** Runs the plugin's generateBundle on a bundle the way Vite does. */
function run(bundle: Bundle): Bundle {
  const hook = compileHints().generateBundle as { order: string; handler: (o: unknown, b: Bundle) => void };
  expect(hook.order).toBe('post'); // after Vite's preload map and the minifier
  hook.handler({}, bundle);
  return bundle;
}

describe('compileHints', () => {
  it('puts the hint on the first line of each entry chunk, and shifts its source map by one line', () => {
    const out = run({
      'index.js': { type: 'chunk', isEntry: true, code: 'const a=1;', map: { mappings: 'AAAA' } },
      'lazy.js': { type: 'chunk', isEntry: false, code: 'export const b=2;' },
      'style.css': { type: 'asset' },
    });
    expect(out['index.js']?.code).toBe(`${COMPILE_HINT}\nconst a=1;`);
    expect(out['index.js']?.map?.mappings).toBe(';AAAA');
    expect(out['lazy.js']?.code).toBe('export const b=2;'); // on-demand chunks stay lazily compiled
  });

  it('is the V8 magic comment, and is added once', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad');
    const out = run({ 'index.js': { type: 'chunk', isEntry: true, code: `${COMPILE_HINT}\nx()` } });
    expect(out['index.js']?.code).toBe(`${COMPILE_HINT}\nx()`);
  });
});

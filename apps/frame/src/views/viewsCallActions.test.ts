import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));
/** The folders of React views and UI parts (their components: `.tsx`; ui/themeRuntime.ts is a store subscriber, not a view). */
const UI_DIRS = ['views', 'ui', 'features'];

/** `path:line` of each `setState(` in the non-test components under `dir`. */
function setStateCalls(dir: string): string[] {
  return readdirSync(join(SRC, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name))
    .flatMap((e) => {
      const file = join(e.parentPath, e.name);
      return readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bsetState\(/.test(line) ? [`${relative(SRC, file)}:${i + 1}`] : []));
    });
}

describe('views call actions', () => {
  it('no view or UI component writes the store itself (setState belongs to actions/)', () => {
    expect(UI_DIRS.flatMap(setStateCalls)).toEqual([]);
  });
});

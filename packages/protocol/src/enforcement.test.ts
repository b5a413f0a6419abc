import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENFORCEMENT } from '../scripts/enforcement.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('"Where the protocol is enforced" in PROTOCOL.md', () => {
  it.each(ENFORCEMENT.flatMap((e) => e.paths.map((path) => [e.what, path])))('%s: %s exists', (_what, path) => {
    expect(
      existsSync(root + path),
      `${path} is listed in packages/protocol/scripts/enforcement.ts but does not exist`,
    ).toBe(true);
  });

  it('lists the message filter, parent-origin verification, method handlers, host bridge, host refusal handling and origin patterns', () => {
    expect(ENFORCEMENT.map((e) => e.what)).toEqual(
      expect.arrayContaining([
        'Message filter',
        'Parent-origin verification',
        'Method handlers',
        'Host bridge',
        'Host refusal handling',
        'Origin patterns',
      ]),
    );
  });
});

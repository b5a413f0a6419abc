import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildProtocolMd } from '../scripts/protocolMd.ts';
import { embeddedParentMethods, secureFrameMethods } from './embeddedMethods.ts';
import { frameMethods, hostMethods } from './methods.ts';

describe('PROTOCOL.md', () => {
  const committed = readFileSync(fileURLToPath(new URL('../../../PROTOCOL.md', import.meta.url)), 'utf8');

  it('is exactly what the generator produces from the schemas (run `npm run protocol:md`)', () => {
    expect(committed).toBe(buildProtocolMd());
  });

  it('documents every method of both directions of both channels', () => {
    for (const name of [
      ...Object.keys(frameMethods),
      ...Object.keys(hostMethods),
      ...Object.keys(secureFrameMethods),
      ...Object.keys(embeddedParentMethods),
    ]) {
      expect(committed).toContain(`### \`${name}\``);
    }
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stripDocs } from './strip-method-docs.mjs';

describe('strip-method-docs', () => {
  it('drops summary, paramNames, errors and timeout of method entries only, and keeps params and result', () => {
    const source = [
      'export const t = {',
      '  open: {',
      '    summary: \'Shows the modal, says: "a, b".\',',
      '    params: z.tuple([]),',
      "    paramNames: ['a', 'b'],",
      '    result: Null,',
      "    errors: { 4001: 'x, y', [-32602]: 'z' },",
      "    timeout: '10000',",
      '  },',
      "  other: { summary: 'not an entry: no params or result' },",
      '};',
    ].join('\n');
    const { code, removed } = stripDocs(source);
    expect(removed).toBe(4);
    expect(code).not.toMatch(/Shows the modal|paramNames|errors|timeout/);
    expect(code).toContain('params: z.tuple([]),');
    expect(code).toContain('result: Null,');
    expect(code).toContain("other: { summary: 'not an entry: no params or result' }");
  });

  it('leaves every table of the protocol with its params and result, and none of their documentation', () => {
    for (const file of ['methods.ts', 'solana.ts', 'embeddedMethods.ts']) {
      const path = fileURLToPath(new URL(`../packages/protocol/src/${file}`, import.meta.url));
      const source = readFileSync(path, 'utf8');
      const { code, removed } = stripDocs(source, path);
      const entries = (source.match(/^\s+params: /gm) ?? []).length;
      expect(removed, file).toBeGreaterThanOrEqual(entries * 4);
      expect((code.match(/^\s+params: /gm) ?? []).length, file).toBe(entries);
      expect(code, file).not.toMatch(/^\s+summary:/m);
    }
  });
});

import { z } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ok } from './result.ts';
import { serveMethods } from './serve.ts';

const table = {
  add: { params: z.tuple([z.number(), z.number()]) },
  boom: { params: z.tuple([]) },
};

describe('serveMethods', () => {
  it('runs the handler with the validated arguments and answers its Result', async () => {
    const calls: unknown[][] = [];
    const methods = serveMethods(table, ['add'], (_name, args) => {
      calls.push(args);
      return ok((args[0] as number) + (args[1] as number));
    });
    expect(await methods.add(2, 3)).toEqual({ ok: true, value: 5 });
    expect(calls).toEqual([[2, 3]]);
  });

  it('malformed arguments answer -32602 and the handler does not run', async () => {
    let ran = false;
    const methods = serveMethods(table, ['add'], () => {
      ran = true;
      return ok(null);
    });
    expect(await methods.add('2', 3)).toMatchObject({ ok: false, error: { code: -32602 } });
    expect(await methods.add(1)).toMatchObject({ ok: false, error: { code: -32602 } });
    expect(ran).toBe(false);
  });

  it('a throw becomes a failed Result with its code and message, never a rejection', async () => {
    const methods = serveMethods(table, ['boom'], async () => {
      throw Object.assign(new Error('nope'), { code: 4100 });
    });
    expect(await methods.boom()).toEqual({ ok: false, error: { code: 4100, message: 'nope' } });
  });

  it('serves only the names given', () => {
    expect(Object.keys(serveMethods(table, ['add'], () => ok(null)))).toEqual(['add']);
  });
});

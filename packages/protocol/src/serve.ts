import type { z } from 'zod/mini';
import { errorResult } from './errors.ts';
import type { Result } from './result.ts';
import { validate } from './validate.ts';

/**
 * The one way a side serves a method table (the frame's methods for the host, the secure
 * frame's for the frame, the frame's for the secure frame): each method validates its
 * positional arguments against the table entry's `params` on arrival (malformed → -32602 with
 * the spec §5 message, the handler does not run), then runs, and anything thrown becomes a
 * failed Result with its code and message (errors.ts). Nothing throws across the channel.
 */

/** A method table as {@link serveMethods} reads it: each entry's positional parameters. */
export type ServedTable<K extends string> = Record<K, { params: z.ZodMiniType }>;

/** One served method: untyped arguments in (as penpal delivers them), a Result out; never rejects. */
export type ServedMethod = (...args: unknown[]) => Promise<Result<unknown>>;

/**
 * The methods `names` of `table`, each answered by `call(name, args)` with its validated
 * arguments (see the file comment). `call` may answer a Result or a promise of one.
 */
export function serveMethods<K extends string>(
  table: ServedTable<K>,
  names: readonly K[],
  call: (name: K, args: unknown[]) => Promise<Result<unknown>> | Result<unknown>,
): Record<K, ServedMethod> {
  const methods = {} as Record<K, ServedMethod>;
  for (const name of names)
    methods[name] = async (...args) => {
      try {
        const parsed = validate(table[name].params, args);
        return parsed.ok ? await call(name, parsed.value as unknown[]) : parsed;
      } catch (error) {
        return errorResult(error);
      }
    };
  return methods;
}

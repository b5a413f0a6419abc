import type { z } from 'zod/mini';
import type { Result } from './result.ts';

// The shape of one method-table entry and of the function that implements it: apart from the
// tables (methods.ts, solana.ts, embeddedMethods.ts) so that each table can use it without
// importing another.

/** One method of the protocol. */
export type MethodSpec = {
  /** What the method does, one or two sentences. */
  summary: string;
  /** Positional parameters. */
  params: z.ZodMiniTuple;
  /** Names of the positional parameters, for documentation. */
  paramNames: readonly string[];
  /** The `value` of `{ ok: true, value }`. */
  result: z.ZodMiniType;
  /** Error codes of `{ ok: false, error }`, with when. */
  errors: Record<number, string>;
  /** Timeout the caller applies, in ms, or 'none' for calls that wait for a person or the modal. */
  timeout: string;
};

/**
 * The function that implements a method table entry: its positional parameters in, a
 * promise of the result union of its `value` out. Shared by every method table.
 */
export type MethodFn<M extends MethodSpec> = (...args: z.infer<M['params']>) => Promise<Result<z.infer<M['result']>>>;

import type { z } from 'zod/mini';
import { ErrorCode } from './codes.ts';
import { err, ok, type Result } from './result.ts';

/**
 * Validation with the generic schema messages of spec §5: 'Required',
 * 'Invalid input', 'Expected X, received Y',
 * 'String must contain at least N character(s)'. Messages set on a schema
 * itself (the CAIP and address messages) win over these.
 */

function typeName(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number' && Number.isNaN(input)) return 'nan';
  return typeof input;
}

/** Per-parse zod error map giving the spec §5 generic messages. */
export const specErrorMap = (issue: z.core.$ZodRawIssue): string | undefined => {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'Required';
    return `Expected ${issue.expected}, received ${typeName(issue.input)}`;
  }
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return `String must contain at least ${String(issue.minimum)} character(s)`;
  }
  if (issue.code === 'invalid_union' || issue.code === 'invalid_value' || issue.code === 'custom') {
    return 'Invalid input';
  }
  return undefined;
};

/**
 * Formats a zod error as one line: `path: message; path: message`
 * (path omitted at the root).
 */
export function formatZodError(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Validates `data` against `schema` with the spec §5 messages.
 * @returns `{ ok: true, value }` with the parsed value, or `{ ok: false, error }`
 *   with code -32602 (EIP-1474 invalid params) and the formatted message.
 *   Never throws.
 */
export function validate<S extends z.ZodMiniType>(schema: S, data: unknown): Result<z.infer<S>> {
  const parsed = schema.safeParse(data, { error: specErrorMap });
  return parsed.success ? ok(parsed.data) : err(ErrorCode.InvalidParams, formatZodError(parsed.error));
}

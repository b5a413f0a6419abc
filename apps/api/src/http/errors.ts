import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { config, type z } from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { validate, type LoginErrorData } from '@airlock/protocol';

// zod/mini ships no messages: the API's 400 answers name the field and say what is wrong in
// English ('Invalid UUID', 'Unrecognized key: "x"'), so load zod's English messages once here,
// where every route's validation errors become responses.
config(en());

/**
 * An HTTP error the app turns into `status` with body `{ message }` (and
 * optional extra headers, e.g. Retry-After). A login error also carries its
 * stable message key (`login`, one of the protocol's `LoginErrorKey`), answered as
 * `{ message, key, params? }` so the widget shows it translated by key.
 * The only class in the API: the code uses functions and plain objects, and classes only for errors.
 */
export class ApiError extends Error {
  /** HTTP status (400, 401, 403, 404, 413, 429 …). */
  readonly status: ContentfulStatusCode;
  /** Extra response headers. */
  readonly headers: Record<string, string>;
  /** The login error's message key and params, when this is one (the body's `key` and `params`). */
  readonly login: LoginErrorData | undefined;
  constructor(
    status: ContentfulStatusCode,
    message: string,
    headers: Record<string, string> = {},
    login?: LoginErrorData,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.headers = headers;
    this.login = login;
  }
}

/**
 * The JSON body of an {@link ApiError}: `{ message }`, plus `key` and `params` for a login error.
 * `message` stays the English text for older clients and logs.
 */
export function apiErrorBody(error: ApiError): {
  message: string;
  key?: string;
  params?: Record<string, number | string>;
} {
  if (!error.login) return { message: error.message };
  const { messageKey, params } = error.login;
  return params ? { message: error.message, key: messageKey, params } : { message: error.message, key: messageKey };
}

/** Messages of the API's error bodies (spec §8 'Provider error mapping' for the first two). */
export const ApiMessage = {
  /** 401, unknown project id; the frame maps it to 'Invalid Project ID' (spec §8). */
  InvalidKey: 'Unauthorized: invalid key',
  /** 403, Origin outside the project's allowed origins; the frame maps it to 'Invalid App Configuration' (spec §8). */
  OriginNotAllowed: 'Unauthorized: origin not allowed',
  /** 429, a token bucket of the caller is empty (per IP, per client of the project, the project, analytics events). */
  RateLimited: 'Rate limit exceeded',
  /** 413, body over the configured limit. */
  PayloadTooLarge: 'Payload too large',
  /** 404. */
  NotFound: 'Not Found',
  /** 400 on /v1/convert/gas-price for a chain the server does not serve (spec §8 text). */
  GasPriceUnsupported: 'Network not supported for Gas Price',
} as const;

/**
 * Parses `data` with `schema` using the spec §5 generic messages ('Required',
 * 'Invalid input', 'Expected X, received Y', …) formatted `path: message`.
 * @throws ApiError 400 with that message.
 */
export function parseInput<S extends z.ZodMiniType>(schema: S, data: unknown): z.infer<S> {
  const result = validate(schema, data);
  if (!result.ok) throw new ApiError(400, result.error.message);
  return result.value;
}

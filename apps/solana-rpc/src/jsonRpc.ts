import type { z } from 'zod/mini';
import { RPC_ERROR, RpcError } from './errors.ts';
import type { Method, MethodContext } from './methods/index.ts';

/** Most requests one batch may hold. */
export const MAX_BATCH = 100;

/** A JSON-RPC 2.0 response. */
export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: string | number | null; result: unknown }
  | { jsonrpc: '2.0'; id: string | number | null; error: { code: number; message: string; data?: unknown } };

const failure = (id: string | number | null, error: RpcError): JsonRpcResponse => ({
  jsonrpc: '2.0',
  id,
  error:
    error.data === undefined
      ? { code: error.code, message: error.message }
      : { code: error.code, message: error.message, data: error.data },
});

/** One readable line for a zod failure: `params.0: <message>`. */
export const describeIssues = (error: z.core.$ZodError): string =>
  error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `params.${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');

const validId = (id: unknown): id is string | number | null =>
  id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));

/**
 * Runs one request object against a method table.
 * @returns the response, or `undefined` for a notification (a request without `id`)
 */
export function handleRequest(
  request: unknown,
  methods: Readonly<Record<string, Method>>,
  ctx: MethodContext,
): JsonRpcResponse | undefined {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return failure(
      null,
      new RpcError(RPC_ERROR.invalidRequest, 'Invalid request: expected a JSON-RPC 2.0 request object'),
    );
  }
  const { jsonrpc, id, method, params } = request as Record<string, unknown>;
  const isNotification = !('id' in request);
  const replyId = validId(id) ? id : null;
  const reply = (response: JsonRpcResponse): JsonRpcResponse | undefined => (isNotification ? undefined : response);
  if (jsonrpc !== '2.0' || typeof method !== 'string' || (!isNotification && !validId(id))) {
    return failure(
      replyId,
      new RpcError(
        RPC_ERROR.invalidRequest,
        'Invalid request: needs jsonrpc "2.0", a string method and a string or number id',
      ),
    );
  }
  if (!Object.hasOwn(methods, method))
    return reply(failure(replyId, new RpcError(RPC_ERROR.methodNotFound, `Method not found: ${method.slice(0, 64)}`)));
  if (params !== undefined && params !== null && !Array.isArray(params)) {
    return reply(failure(replyId, new RpcError(RPC_ERROR.invalidParams, 'Invalid params: params must be an array')));
  }
  const spec = methods[method] as Method;
  const parsed = spec.params.safeParse(params ?? []);
  if (!parsed.success)
    return reply(
      failure(replyId, new RpcError(RPC_ERROR.invalidParams, `Invalid params: ${describeIssues(parsed.error)}`)),
    );
  try {
    return reply({ jsonrpc: '2.0', id: replyId, result: spec.run(parsed.data as never, ctx) });
  } catch (error) {
    if (error instanceof RpcError) return reply(failure(replyId, error));
    return reply(
      failure(
        replyId,
        new RpcError(RPC_ERROR.internalError, `Internal error: ${(error as Error).message ?? String(error)}`),
      ),
    );
  }
}

/**
 * Runs an HTTP body: one request or a batch (at most {@link MAX_BATCH}).
 * @returns the JSON text to send, or `undefined` when nothing is owed (notifications only)
 */
export function handleBody(
  text: string,
  methods: Readonly<Record<string, Method>>,
  ctx: MethodContext,
): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return JSON.stringify(failure(null, new RpcError(RPC_ERROR.parseError, 'Parse error: the body is not JSON')));
  }
  if (!Array.isArray(body)) {
    const response = handleRequest(body, methods, ctx);
    return response && JSON.stringify(response);
  }
  if (body.length === 0 || body.length > MAX_BATCH) {
    return JSON.stringify(
      failure(
        null,
        new RpcError(RPC_ERROR.invalidRequest, `Invalid request: a batch holds 1 to ${MAX_BATCH} requests`),
      ),
    );
  }
  const responses = body.map((request) => handleRequest(request, methods, ctx)).filter((r) => r !== undefined);
  return responses.length > 0 ? JSON.stringify(responses) : undefined;
}

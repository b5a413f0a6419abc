import { safeJsonStringify } from '@walletconnect/safe-json';

/**
 * JSON-RPC 2.0 framing for the relay socket. Serialising goes through `@walletconnect/safe-json`,
 * the helper the WalletConnect clients use; parsing is `JSON.parse` plus an exact recovery of an
 * integer `id` beyond 2^53 (the SDK's `getBigIntRpcId()`), so such ids survive the round trip
 * unchanged. (`safeJsonParse` runs a regex over the whole frame and costs about 15 times
 * `JSON.parse` on a 100 KB publish, which matters when a flooder sends thousands of them.)
 */

/** A JSON-RPC id as the clients send it (numbers, strings, or bigints for ids beyond 2^53). */
export type JsonRpcId = number | string | bigint | null;

/** A JSON-RPC request or notification received from or sent to a client. */
export type JsonRpcRequest = { id?: JsonRpcId; jsonrpc: '2.0'; method: string; params?: unknown };

/** A JSON-RPC error object. */
export type JsonRpcErrorObject = { code: number; message: string; data?: unknown };

/**
 * JSON-RPC error codes used by the relay: the standard ones (JSON-RPC 2.0 spec §5.1) and
 * -32005 "limit exceeded" (the EIP-1474 code) for a quota or storage cap.
 */
export const rpcErrorCodes = {
  limitExceeded: -32005,
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/** What one incoming text frame turned out to be. */
export type IncomingFrame =
  | { kind: 'request'; request: JsonRpcRequest }
  | { kind: 'response'; id: JsonRpcId; error?: JsonRpcErrorObject }
  | { kind: 'invalid'; id: JsonRpcId; error: JsonRpcErrorObject };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isId = (value: unknown): value is JsonRpcId =>
  value === null || typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint';

/** Matches `"id": <integer>` in a frame, for {@link recoverBigId}. */
const integerIdPattern = /"id"\s*:\s*(-?\d+)\s*[,}]/g;

/**
 * The exact value of an integer `id` that `JSON.parse` rounded (beyond `Number.MAX_SAFE_INTEGER`):
 * the first `"id": <digits>` in `text` whose digits round to `rounded`, as a bigint; undefined if none.
 */
function recoverBigId(text: string, rounded: number): bigint | undefined {
  for (const match of text.matchAll(integerIdPattern)) {
    if (Number(match[1]) === rounded) return BigInt(match[1]!);
  }
  return undefined;
}

/** `JSON.parse` that keeps a big integer `id` exact; returns undefined when `text` is not JSON. */
function parseJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (
    isRecord(value) &&
    typeof value.id === 'number' &&
    Number.isInteger(value.id) &&
    !Number.isSafeInteger(value.id)
  ) {
    const exact = recoverBigId(text, value.id);
    if (exact !== undefined) value.id = exact;
  }
  return value;
}

/**
 * Classifies one text frame: a request (has `method`), a response to one of our pushes
 * (has `id` and `result` or `error`: the client's ack of `irn_subscription`), or invalid
 * (with the JSON-RPC error to answer: -32700 parse error, -32600 invalid request).
 */
export function parseFrame(text: string): IncomingFrame {
  const value = parseJson(text);
  if (!isRecord(value)) {
    return { kind: 'invalid', id: null, error: { code: rpcErrorCodes.parseError, message: 'Parse error' } };
  }
  const id = isId(value.id) ? value.id : null;
  if (typeof value.method === 'string') {
    return {
      kind: 'request',
      request: {
        id: value.id === undefined ? undefined : id,
        jsonrpc: '2.0',
        method: value.method,
        params: value.params,
      },
    };
  }
  if ('result' in value || 'error' in value) {
    const error = isRecord(value.error) ? (value.error as JsonRpcErrorObject) : undefined;
    return { kind: 'response', id, ...(error ? { error } : {}) };
  }
  return { kind: 'invalid', id, error: { code: rpcErrorCodes.invalidRequest, message: 'Invalid request' } };
}

/** Serialises a successful response `{ id, jsonrpc: "2.0", result }`. */
export function formatResult(id: JsonRpcId, result: unknown): string {
  return safeJsonStringify({ id, jsonrpc: '2.0', result });
}

/** Serialises an error response `{ id, jsonrpc: "2.0", error: { code, message } }`. */
export function formatError(id: JsonRpcId, error: JsonRpcErrorObject): string {
  return safeJsonStringify({ id, jsonrpc: '2.0', error });
}

/** Serialises a request the relay sends (the `irn_subscription` push). */
export function formatRequest(id: number, method: string, params: unknown): string {
  return safeJsonStringify({ id, jsonrpc: '2.0', method, params });
}

/** Thrown by a method handler to answer with a JSON-RPC error instead of a result. */
export class RpcError extends Error {
  /** JSON-RPC error code (see {@link rpcErrorCodes}). */
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
  }
}

import { Hono, type Context } from 'hono';
import { BaseError, type Client } from 'viem';
import { z } from 'zod/mini';
import { CaipNetworkIdSchema } from '@airlock/protocol';
import type { Chain } from '../chains.ts';
import type { AppEnv } from '../http/guard.ts';
import type { SolanaChain } from '../solana/config.ts';
import { RPC_ALLOWED_METHODS, SOLANA_RPC_ALLOWED_METHODS } from './methods.ts';

/**
 * The provider RPC (spec §7): JSON-RPC 2.0 over `POST /v1/?chainId={caip}&projectId={id}`, after the project
 * guard of every route (project id, origin, rate limits: a batch counts as one request). A single request or a
 * batch (an array, up to `maxBatch` entries, answered in one response) goes to the chain's upstreams through its
 * viem client: `fallback` across the operator's `rpcUrl` + `rpcUrls` with ranking, each upstream with a 10 s
 * timeout and batching of the requests of one tick (see `upstreamTransport`). An `eip155:` chain id is one of
 * `AIRLOCK_CHAINS` and takes only {@link RPC_ALLOWED_METHODS}; a `solana:` one is one of `AIRLOCK_SOLANA_CHAINS`
 * and takes only {@link SOLANA_RPC_ALLOWED_METHODS}. Only reads: a write is refused like any unknown method.
 *
 * Errors are JSON-RPC error objects: -32700 parse error; -32600 invalid request (also an empty or too large
 * batch); -32601 a method outside the allow-list; -32602 a chain the API does not serve (HTTP 400); an
 * upstream's own JSON-RPC error passes through with its code, message and data; -32603 'Upstream unavailable'
 * (every upstream failed) or 'Upstream timeout'. Upstream URLs never appear in answers (they may carry keys),
 * only in the log. Errors of the guard (401/403/429/413) are JSON-RPC shaped too (`rpcErrorResponse`).
 */

/** JSON-RPC 2.0 error codes used by the proxy (JSON-RPC 2.0 spec; EIP-1474 for -32005). */
export const RpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  Internal: -32603,
  /** Request refused by the server (unknown project, origin not allowed). */
  Server: -32000,
  /** EIP-1474 'Limit exceeded' (rate limit). */
  LimitExceeded: -32005,
} as const;

/** A JSON-RPC error object. */
export type RpcError = { code: number; message: string; data?: unknown };
/** A JSON-RPC response: `result` or `error`, with the request's `id`. */
export type RpcResponse = { jsonrpc: '2.0'; id: string | number | null } & ({ result: unknown } | { error: RpcError });

/** Query of `POST /v1/`: `chainId` (CAIP-2); `projectId` is the guard's. */
const RpcQuerySchema = z.object({ chainId: CaipNetworkIdSchema });

/** One JSON-RPC request: `jsonrpc: '2.0'`, `method`, optional `params` (array or object), optional `id`. */
const RpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  method: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
  id: z.optional(z.union([z.string().check(z.maxLength(256)), z.number(), z.null()])),
});

/** Dependencies of {@link rpcRoutes}. */
export type RpcDeps = {
  chains: Map<string, Chain>;
  /** Solana chains (`solana:` chain ids); default none. */
  solanaChains?: Map<string, SolanaChain>;
  /** Most requests in one batch (spec §7 default 1000). */
  maxBatch: number;
  log: (message: string) => void;
};

/** Paths the proxy answers (with and without the trailing slash). */
export const RPC_PATHS: readonly string[] = ['/v1/', '/v1'];

/** A JSON-RPC error response (`id` null when the request's id is unknown). */
export function rpcErrorResponse(error: RpcError, id: string | number | null = null): RpcResponse {
  return { jsonrpc: '2.0', id, error };
}

/** The JSON-RPC error for a failed upstream call: the upstream's own error, or -32603 without upstream details. */
function upstreamError(error: unknown): RpcError {
  if (error instanceof BaseError) {
    const rpc = error.walk((e) => (e as { name?: string }).name === 'RpcRequestError') as
      | (BaseError & { code: number; data?: unknown })
      | null;
    if (rpc) return { code: rpc.code, message: rpc.details, ...(rpc.data !== undefined ? { data: rpc.data } : {}) };
    if (error.walk((e) => (e as { name?: string }).name === 'TimeoutError'))
      return { code: RpcErrorCode.Internal, message: 'Upstream timeout' };
  }
  return { code: RpcErrorCode.Internal, message: 'Upstream unavailable' };
}

/** The JSON-RPC provider route of spec §7 (see the module comment). */
export function rpcRoutes(deps: RpcDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  /** A chain the proxy serves: its client over the upstreams and the methods it forwards there. */
  type Target = { caipNetworkId: string; client: Pick<Client, 'request'>; allowed: ReadonlySet<string> };
  const targetOf = (caipNetworkId: string): Target | undefined => {
    const eip155 = deps.chains.get(caipNetworkId);
    if (eip155) return { caipNetworkId, client: eip155.client, allowed: RPC_ALLOWED_METHODS };
    const solana = deps.solanaChains?.get(caipNetworkId);
    if (solana) return { caipNetworkId, client: solana.client, allowed: SOLANA_RPC_ALLOWED_METHODS };
    return undefined;
  };

  const one = async (chain: Target, input: unknown): Promise<RpcResponse | undefined> => {
    const parsed = RpcRequestSchema.safeParse(input);
    if (!parsed.success) {
      const id = (input as { id?: unknown } | null)?.id;
      return rpcErrorResponse(
        { code: RpcErrorCode.InvalidRequest, message: 'Invalid request' },
        typeof id === 'string' || typeof id === 'number' ? id : null,
      );
    }
    const { method, params, id } = parsed.data;
    // A notification (no id) gets no answer (JSON-RPC 2.0); a read has no effect, so it is not sent either.
    if (id === undefined) return undefined;
    if (!chain.allowed.has(method))
      return rpcErrorResponse({ code: RpcErrorCode.MethodNotFound, message: `Method not allowed: ${method}` }, id);
    try {
      const result = await chain.client.request({ method, params } as never);
      return { jsonrpc: '2.0', id, result: result ?? null };
    } catch (error) {
      const answer = upstreamError(error);
      if (answer.code === RpcErrorCode.Internal)
        deps.log(`[rpc] ${chain.caipNetworkId} ${method} failed: ${(error as Error).message.split('\n')[0]}`);
      return rpcErrorResponse(answer, id);
    }
  };

  const handler = async (c: Context<AppEnv>) => {
    const query = RpcQuerySchema.safeParse(c.req.query());
    const chain = query.success ? targetOf(query.data.chainId) : undefined;
    if (!chain)
      return c.json(rpcErrorResponse({ code: RpcErrorCode.InvalidParams, message: 'Unsupported chainId' }), 400);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch (error) {
      if ((error as Error).name === 'BodyLimitError') throw error;
      return c.json(rpcErrorResponse({ code: RpcErrorCode.ParseError, message: 'Parse error' }));
    }
    if (!Array.isArray(body)) {
      const answer = await one(chain, body);
      return answer ? c.json(answer) : c.body(null, 204);
    }
    if (body.length === 0 || body.length > deps.maxBatch)
      return c.json(
        rpcErrorResponse({
          code: RpcErrorCode.InvalidRequest,
          message: body.length ? `Batch too large (at most ${deps.maxBatch} requests)` : 'Empty batch',
        }),
      );
    const answers = (await Promise.all(body.map((entry) => one(chain, entry)))).filter(
      (a): a is RpcResponse => a !== undefined,
    );
    return answers.length ? c.json(answers) : c.body(null, 204);
  };

  for (const path of RPC_PATHS) app.post(path, handler);
  return app;
}

import { Hono, type Context } from 'hono';
import { z } from 'zod/mini';
import { CaipNetworkIdSchema } from '@airlock/protocol';
import type { AppEnv } from '../http/guard.ts';
import { RpcErrorCode, rpcErrorResponse, type RpcError, type RpcResponse } from '../rpc/proxy.ts';
import { PaymasterRpcError, paymasterRpc, type PaymasterDeps } from '../sponsorship/erc7677.ts';
import type { BundlerConfig } from './config.ts';

/**
 * The bundler call of spec §7: JSON-RPC 2.0 over `POST /v1/bundler?projectId={id}&chainId={caip}`, behind the
 * project guard of every route (project id, origin, rate limits). The ERC-4337 methods of
 * {@link BUNDLER_FORWARDED_METHODS} go to the operator's bundler for that chain (`AIRLOCK_BUNDLERS`), whose
 * URL never appears in an answer; `pm_getPaymasterStubData` / `pm_getPaymasterData` (ERC-7677) are answered by
 * the API itself (`sponsorship/erc7677.ts`), so one URL is both the bundler and the paymaster service.
 *
 * Errors: -32700 parse error; -32600 invalid request (also a batch: one request per call); -32601 a method
 * not listed; -32602 a chain without a bundler (HTTP 400) or bad params; the bundler's own JSON-RPC errors
 * pass through (code, message, data: e.g. AA21 'didn't pay prefund'); -32603 'Bundler unavailable' when the
 * bundler cannot be reached (nothing was sent) or gives no answer within {@link BUNDLER_TIMEOUT_MS} (an
 * `eth_sendUserOperation` may then still be pending: its hash is the wallet's own, look it up);
 * -32011 a refused sponsorship (its reason as message).
 */

/** The ERC-4337 methods forwarded to the bundler (ERC-4337 §RPC, and Alto's gas price for v0.7 operations). */
export const BUNDLER_FORWARDED_METHODS: ReadonlySet<string> = new Set([
  'eth_sendUserOperation',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_supportedEntryPoints',
  'eth_chainId',
  'pimlico_getUserOperationGasPrice',
  'pimlico_getUserOperationStatus',
]);

/** The paymaster methods (ERC-7677) the API answers itself. */
const PAYMASTER_METHODS = new Set(['pm_getPaymasterStubData', 'pm_getPaymasterData']);

/** How long the bundler may take to answer one request (ms). */
export const BUNDLER_TIMEOUT_MS = 30_000;

/** Paths of the bundler call. */
export const BUNDLER_PATHS: readonly string[] = ['/v1/bundler', '/v1/bundler/'];

const QuerySchema = z.object({ chainId: CaipNetworkIdSchema });

const RequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  method: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  params: z.optional(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
  id: z.union([z.string().check(z.maxLength(256)), z.number(), z.null()]),
});

/** Dependencies of {@link bundlerRoutes}. */
export type BundlerDeps = PaymasterDeps & {
  /** The operator's bundler per chain (CAIP-2). */
  bundlers: Map<string, BundlerConfig>;
  log: (message: string) => void;
  /** HTTP client (tests); default `fetch`. */
  fetch?: typeof fetch;
};

/**
 * Sends one request to the bundler at `url`.
 * @returns its JSON-RPC answer's `result` or `error`
 * @throws Error when it cannot be reached, times out, or answers something that is not JSON-RPC
 */
async function forward(
  deps: BundlerDeps,
  url: string,
  method: string,
  params: unknown,
): Promise<{ result: unknown } | { error: RpcError }> {
  const response = await (deps.fetch ?? fetch)(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    signal: AbortSignal.timeout(BUNDLER_TIMEOUT_MS),
  });
  const body = (await response.json()) as { result?: unknown; error?: RpcError };
  if (body.error && typeof body.error.code === 'number') {
    const { code, message, data } = body.error;
    return { error: { code, message: String(message), ...(data !== undefined ? { data } : {}) } };
  }
  if (!('result' in body)) throw new Error(`HTTP ${response.status} without a JSON-RPC answer`);
  return { result: body.result ?? null };
}

/** The bundler route of spec §7 (see the module comment). */
export function bundlerRoutes(deps: BundlerDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const handler = async (c: Context<AppEnv>) => {
    const query = QuerySchema.safeParse(c.req.query());
    const bundler = query.success ? deps.bundlers.get(query.data.chainId) : undefined;
    if (!bundler)
      return c.json(
        rpcErrorResponse({ code: RpcErrorCode.InvalidParams, message: 'No bundler for this chainId' }),
        400,
      );
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch (error) {
      if ((error as Error).name === 'BodyLimitError') throw error;
      return c.json(rpcErrorResponse({ code: RpcErrorCode.ParseError, message: 'Parse error' }));
    }
    const parsed = RequestSchema.safeParse(body);
    if (!parsed.success)
      return c.json(rpcErrorResponse({ code: RpcErrorCode.InvalidRequest, message: 'Invalid request' }));
    const { method, params, id } = parsed.data;
    const answer = (value: { result: unknown } | { error: RpcError }): RpcResponse => ({
      jsonrpc: '2.0',
      id,
      ...value,
    });
    if (PAYMASTER_METHODS.has(method)) {
      const project = c.get('project');
      try {
        const result = await paymasterRpc(
          deps,
          {
            project: { id: project.id, name: project.name },
            caipNetworkId: bundler.caipNetworkId,
            chainId: Number(bundler.caipNetworkId.split(':')[1]),
            bundler,
          },
          method as 'pm_getPaymasterStubData' | 'pm_getPaymasterData',
          params,
        );
        return c.json(answer({ result }));
      } catch (error) {
        if (error instanceof PaymasterRpcError)
          return c.json(answer({ error: { code: error.code, message: error.message } }));
        throw error;
      }
    }
    if (!BUNDLER_FORWARDED_METHODS.has(method))
      return c.json(answer({ error: { code: RpcErrorCode.MethodNotFound, message: `Method not allowed: ${method}` } }));
    try {
      return c.json(answer(await forward(deps, bundler.url, method, params)));
    } catch (error) {
      deps.log(`[bundler] ${bundler.caipNetworkId} ${method} failed: ${(error as Error).message.split('\n')[0]}`);
      return c.json(answer({ error: { code: RpcErrorCode.Internal, message: 'Bundler unavailable' } }));
    }
  };

  for (const path of BUNDLER_PATHS) app.post(path, handler);
  return app;
}

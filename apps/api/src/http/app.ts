import type { IncomingMessage } from 'node:http';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Chain } from '../chains.ts';
import type { Db } from '../db/client.ts';
import type { PriceSource } from '../prices.ts';
import type { TokenLists } from '../tokenLists.ts';
import type { ProjectCache } from '../projectCache.ts';
import { analyticsRoutes } from '../routes/analytics.ts';
import { blockchainRoutes } from '../routes/blockchain.ts';
import type { SolanaChain } from '../solana/config.ts';
import { solanaRoutes } from '../solana/routes.ts';
import { bip122Routes } from '../bip122/routes.ts';
import type { CosmosChain } from '../cosmos/config.ts';
import { cosmosRoutes } from '../cosmos/routes.ts';
import type { PolkadotChain } from '../polkadot/config.ts';
import { polkadotRoutes } from '../polkadot/routes.ts';
import type { Bip122Chain } from '../bip122/config.ts';
import { configRoutes } from '../routes/config.ts';
import { convertRoutes } from '../routes/convert.ts';
import { profileRoutes } from '../routes/profile.ts';
import { onrampRoutes } from '../routes/onramp.ts';
import type { OnrampProvider } from '../onramp/provider.ts';
import type { Aggregator } from '../convert/aggregator.ts';
import { imageRoutes } from '../routes/images.ts';
import type { SessionKeys } from '../siwx/keys.ts';
import { jwksRoute, siwxRoutes } from '../siwx/routes.ts';
import { embeddedRoutes, type EmbeddedOptions } from '../embedded/index.ts';
import { RPC_PATHS, RpcErrorCode, rpcErrorResponse, rpcRoutes } from '../rpc/proxy.ts';
import type { LocalAccount } from 'viem';
import type { BundlerConfig } from '../bundler/config.ts';
import { BUNDLER_PATHS, bundlerRoutes } from '../bundler/route.ts';
import type { SendMail } from '../embedded/mail.ts';
import { clientAddress } from './clientIp.ts';
import { ApiError, ApiMessage, apiErrorBody } from './errors.ts';
import { projectGuard, type AppEnv } from './guard.ts';
import type { ApiLimits } from './limits.ts';
import type { RateLimiter } from './rateLimit.ts';

/** Everything the HTTP app needs. */
export type AppDeps = {
  db: Db;
  chains: Map<string, Chain>;
  /** Solana chains (balances and history from their RPC, `solana/routes.ts`); default none. */
  solanaChains?: Map<string, SolanaChain>;
  /** Bitcoin networks (balances and history from their Esplora API, `bip122/routes.ts`); default none. */
  bip122Chains?: Map<string, Bip122Chain>;
  /** Cosmos networks (balances from their LCD, `cosmos/routes.ts`); default none. */
  cosmosChains?: Map<string, CosmosChain>;
  /** Polkadot networks (free/reserved balance from their JSON-RPC, `polkadot/routes.ts`); default none. */
  polkadotChains?: Map<string, PolkadotChain>;
  prices: PriceSource;
  /** The operator's token lists (balances, see `createTokenLists`). */
  tokenLists: TokenLists;
  /** Cached project lookup (see `createProjectCache`). */
  projects: ProjectCache;
  limiter: RateLimiter;
  /** Rate limits and caps (see `ApiLimits`). */
  limits: ApiLimits;
  /**
   * Proxies in front of the API that append to `X-Forwarded-For`; 0 = none,
   * the client IP is the socket's remote address (see `clientAddress`).
   */
  trustProxyHops: number;
  /** Server clock in ms (analytics timestamp window). */
  now: () => number;
  /** Request body limit in bytes; larger bodies get 413. */
  maxBodyBytes: number;
  /** History items per page. */
  historyPageSize: number;
  /** The RPC proxy (`POST /v1/`, spec §7): most requests per batch and its own body limit in bytes. */
  rpc: { maxBatch: number; maxBodyBytes: number };
  /** Base URL used in icon links (default: the request's origin). */
  publicUrl?: string;
  /** The swap backend of `/v1/convert/*`; undefined = no swaps (see `Aggregator`). */
  aggregator?: Aggregator;
  /** Zones account names are registered under (`reown.id`); empty = no names. */
  nameZones: readonly string[];
  /** Onramp providers (`/v1/onramp/*`); empty = sample options and mock quotes only. */
  onrampProviders: OnrampProvider[];
  /** Purchase currency of an onramp URL that names none (EVM networks; spec §7 USDC). */
  defaultPurchaseCurrency: string;
  /** Sign-in (`/v1/siwx/*`, `/v1/sessions/*`, `/.well-known/jwks.json`): the session-token key and lifetimes in ms. */
  siwx: { keys: SessionKeys; nonceTtlMs: number; defaultSessionMs: number };
  /** The operator's ERC-4337 bundler (and paymaster) per chain, behind `POST /v1/bundler`; empty = none. */
  bundlers?: Map<string, BundlerConfig>;
  /** The VerifyingPaymaster's signer (ERC-7677 sponsorship); undefined = no sponsorship. */
  paymasterSigner?: LocalAccount;
  /** Log sink for unexpected errors. */
  log: (message: string) => void;
  /** The embedded wallet (`/embedded/v1/*`, docs/embedded-wallet.md); undefined = off (404). */
  embedded?: EmbeddedOptions;
  /** Mail sender of the embedded wallet (tests); default SMTP to `embedded.smtpUrl`. */
  sendMail?: SendMail;
};

/** The socket's remote address under @hono/node-server; undefined without a socket (`app.request()`). */
function socketAddress(c: Context<AppEnv>): string | undefined {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/**
 * The Hono app: project guard (400/401/403/CORS/429 per client IP and per
 * project, see `projectGuard`), body limit (413), then the configuration,
 * analytics, image, onramp, blockchain, swap (`/v1/convert/*`), name (`/v1/profile/*`) and RPC proxy (`POST /v1/`,
 * its own body limit, errors in JSON-RPC form) routes. Errors are JSON `{ message }`;
 * unexpected ones are logged and become 500
 * `{ message: 'Internal Server Error' }` without details.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Before the guard: the session-token keys are public and need no project id.
  app.route('/', jwksRoute(deps.siwx.keys.jwks));
  const clientOf = (c: Context<AppEnv>) =>
    clientAddress(socketAddress(c), c.req.header('x-forwarded-for'), deps.trustProxyHops);
  // Before the project guard: called by the secure frame's origin, with its own CORS and checks.
  app.route('/', embeddedRoutes({ ...deps, clientOf: clientOf as (c: Context) => string, options: deps.embedded }));
  app.use(
    '*',
    projectGuard({
      projects: deps.projects,
      limiter: deps.limiter,
      limits: deps.limits,
      clientOf,
      ...(deps.embedded ? { secureFrameOrigins: deps.embedded.secureFrameOrigins } : {}),
    }),
  );
  // The RPC proxy and the bundler call answer in JSON-RPC form, errors of the guard included.
  const isRpc = (c: Context) =>
    c.req.method === 'POST' &&
    (RPC_PATHS.includes(new URL(c.req.url).pathname) || BUNDLER_PATHS.includes(new URL(c.req.url).pathname));
  const bodyLimits = {
    rest: bodyLimit({
      maxSize: deps.maxBodyBytes,
      onError: (c) => c.json({ message: ApiMessage.PayloadTooLarge }, 413),
    }),
    // A batch of 1000 reads is larger than any other call's body.
    rpc: bodyLimit({
      maxSize: deps.rpc.maxBodyBytes,
      onError: (c) =>
        c.json(rpcErrorResponse({ code: RpcErrorCode.InvalidRequest, message: ApiMessage.PayloadTooLarge }), 413),
    }),
  };
  app.use('*', (c, next) => (isRpc(c) ? bodyLimits.rpc(c, next) : bodyLimits.rest(c, next)));
  app.route('/', configRoutes(deps.db));
  app.route('/', analyticsRoutes({ db: deps.db, limiter: deps.limiter, limits: deps.limits, now: deps.now }));
  app.route('/', imageRoutes(deps.db));
  // Before the blockchain routes: it answers `/v1/account/{address}/history?onramp=…` and passes the rest on.
  app.route('/', onrampRoutes({ ...deps, providers: deps.onrampProviders }));
  app.route('/', solanaRoutes({ ...deps, solanaChains: deps.solanaChains ?? new Map() }));
  app.route('/', bip122Routes({ ...deps, bip122Chains: deps.bip122Chains ?? new Map() }));
  app.route('/', cosmosRoutes({ ...deps, cosmosChains: deps.cosmosChains ?? new Map() }));
  app.route('/', polkadotRoutes({ ...deps, polkadotChains: deps.polkadotChains ?? new Map() }));
  app.route('/', blockchainRoutes(deps));
  app.route('/', convertRoutes(deps));
  app.route('/', profileRoutes(deps));
  app.route('/', siwxRoutes({ ...deps, ...deps.siwx }));
  app.route(
    '/',
    rpcRoutes({ chains: deps.chains, solanaChains: deps.solanaChains, maxBatch: deps.rpc.maxBatch, log: deps.log }),
  );
  app.route(
    '/',
    bundlerRoutes({
      db: deps.db,
      bundlers: deps.bundlers ?? new Map(),
      signer: deps.paymasterSigner,
      gasPrice: (caipNetworkId) => deps.chains.get(caipNetworkId)!.client.getGasPrice(),
      now: deps.now,
      log: deps.log,
    }),
  );
  app.notFound((c) => c.json({ message: ApiMessage.NotFound }, 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      // The RPC proxy answers in JSON-RPC form, with the same HTTP status.
      if (isRpc(c)) {
        const code =
          error.status === 429
            ? RpcErrorCode.LimitExceeded
            : error.status === 400
              ? RpcErrorCode.InvalidParams
              : RpcErrorCode.Server;
        return c.json(rpcErrorResponse({ code, message: error.message }), error.status);
      }
      return c.json(apiErrorBody(error), error.status);
    }
    if (error.name === 'BodyLimitError')
      return isRpc(c)
        ? c.json(rpcErrorResponse({ code: RpcErrorCode.InvalidRequest, message: ApiMessage.PayloadTooLarge }), 413)
        : c.json({ message: ApiMessage.PayloadTooLarge }, 413);
    deps.log(`[api] ${c.req.method} ${new URL(c.req.url).pathname} failed: ${error.message.split('\n')[0]}`);
    if (isRpc(c)) return c.json(rpcErrorResponse({ code: RpcErrorCode.Internal, message: 'Internal error' }), 500);
    return c.json({ message: 'Internal Server Error' }, 500);
  });
  return app;
}

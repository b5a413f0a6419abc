import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Chain } from '../chains.ts';
import type { Db } from '../db/client.ts';
import type { RateLimitConfig } from '../db/schema.ts';
import type { PriceSource } from '../prices.ts';
import { blockchainRoutes } from '../routes/blockchain.ts';
import { configRoutes } from '../routes/config.ts';
import { imageRoutes } from '../routes/images.ts';
import { ApiError, ApiMessage } from './errors.ts';
import { projectGuard, type AppEnv } from './guard.ts';
import type { RateLimiter } from './rateLimit.ts';

/** Everything the HTTP app needs. */
export type AppDeps = {
  db: Db;
  chains: Map<string, Chain>;
  prices: PriceSource;
  limiter: RateLimiter;
  /** Token bucket for projects without their own `rate_limit`. */
  defaultRateLimit: RateLimitConfig;
  /** Request body limit in bytes; larger bodies get 413. */
  maxBodyBytes: number;
  /** History items per page. */
  historyPageSize: number;
  /** Base URL used in icon links (default: the request's origin). */
  publicUrl?: string;
  /** Log sink for unexpected errors. */
  log: (message: string) => void;
};

/**
 * The Hono app: project guard (400/401/403/CORS/429, see `projectGuard`),
 * body limit (413), then the configuration, image and blockchain routes.
 * Errors are JSON `{ message }`; unexpected ones are logged and become 500
 * `{ message: 'Internal Server Error' }` without details.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', projectGuard({ db: deps.db, limiter: deps.limiter, defaultRateLimit: deps.defaultRateLimit }));
  app.use('*', bodyLimit({ maxSize: deps.maxBodyBytes, onError: (c) => c.json({ message: ApiMessage.PayloadTooLarge }, 413) }));
  app.route('/', configRoutes(deps.db));
  app.route('/', imageRoutes(deps.db));
  app.route('/', blockchainRoutes(deps));
  app.notFound((c) => c.json({ message: ApiMessage.NotFound }, 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json({ message: error.message }, error.status);
    }
    if (error.name === 'BodyLimitError') return c.json({ message: ApiMessage.PayloadTooLarge }, 413);
    deps.log(`[api] ${c.req.method} ${new URL(c.req.url).pathname} failed: ${error.message.split('\n')[0]}`);
    return c.json({ message: 'Internal Server Error' }, 500);
  });
  return app;
}

import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError, ApiMessage, apiErrorBody } from '../http/errors.ts';
import type { RateLimiter } from '../http/rateLimit.ts';
import type { Chain } from '../chains.ts';
import type { Db } from '../db/client.ts';
import type { PriceSource } from '../prices.ts';
import type { ProjectCache } from '../projectCache.ts';
import type { EmbeddedOptions } from './config.ts';
import { createEmbeddedDeps, secureFrameCors } from './context.ts';
import { accountRoutes, emailRoutes } from './account.ts';
import { loginRoutes } from './login.ts';
import { priceRoutes } from './prices.ts';
import type { SendMail } from './mail.ts';
import { createTestClock, testClockRoutes } from './testClock.ts';
import { farcasterRoutes } from '../farcaster/routes.ts';
import { socialRoutes } from '../social/routes.ts';
import { passkeyRoutes } from '../passkey/routes.ts';

export type { EmbeddedOptions } from './config.ts';

/** What {@link embeddedRoutes} needs from the app. */
export type EmbeddedRouteDeps = {
  db: Db;
  projects: ProjectCache;
  limiter: RateLimiter;
  now: () => number;
  log: (message: string) => void;
  clientOf: (c: Context) => string;
  /** Undefined: the embedded wallet is off and every `/embedded/*` path answers 404. */
  options?: EmbeddedOptions;
  /** Mail sender override (tests); default nodemailer to `options.smtpUrl`. */
  sendMail?: SendMail;
  /** The API's EVM chains and price source, for `GET /embedded/v1/prices/native` (absent: that route answers 404). */
  chains?: Map<string, Chain>;
  prices?: PriceSource;
};

/**
 * The embedded-wallet routes under `/embedded/v1/*` (docs/embedded-wallet.md):
 * login (email code, known device, device approval), sessions bound to the
 * secure frame's device key (DPoP, RFC 9449), key shares, email update and the
 * native-currency price an approval shows (embedded/prices.ts).
 * Mounted before the project guard: these routes are called by the secure
 * frame's origin (CORS limited to `options.secureFrameOrigins`) and check the
 * project and the dapp origin themselves. Errors are JSON `{ message }`.
 * With `options.testClock`, also `POST /v1/test/clock` (see `testClockRoutes`).
 */
export function embeddedRoutes(deps: EmbeddedRouteDeps): Hono {
  const app = new Hono();
  const options = deps.options;
  if (!options) {
    app.all('/embedded/*', (c) => c.json({ message: ApiMessage.NotFound }, 404));
    return app;
  }
  // The e2e stack's movable clock (AIRLOCK_API_TEST_CLOCK=1, never in production): now + offset.
  // DPoP proofs keep the real clock (the browser makes them on its own).
  const clock = options.testClock ? createTestClock(deps.now) : undefined;
  if (clock) {
    deps.log('[api] AIRLOCK_API_TEST_CLOCK=1: POST /v1/test/clock moves the embedded wallet clock (tests only)');
    app.route('/', testClockRoutes(clock));
  }
  const shared = createEmbeddedDeps({ ...deps, now: clock?.now ?? deps.now, proofNow: deps.now, options });
  app.use(
    '/embedded/*',
    bodyLimit({ maxSize: 16_384, onError: (c) => c.json({ message: ApiMessage.PayloadTooLarge }, 413) }),
  );
  app.use('/embedded/v1/*', async (c, next) => {
    // The approval page is opened from a mail, on the API's own origin: no CORS.
    if (c.req.path === '/embedded/v1/device/approve') return next();
    // So is the social callback: the provider sends the popup there.
    if (c.req.path === '/embedded/v1/social/callback') return next();
    return secureFrameCors(options.secureFrameOrigins)(c, next);
  });
  app.route('/', loginRoutes(shared));
  app.route('/', accountRoutes(shared));
  app.route('/', emailRoutes(shared));
  if (deps.chains && deps.prices) app.route('/', priceRoutes(shared, { chains: deps.chains, prices: deps.prices }));
  if (options.farcaster) app.route('/', farcasterRoutes(shared, options.farcaster));
  app.route('/', socialRoutes(shared, options.socialProviders ?? {}));
  app.route('/', passkeyRoutes(shared));
  app.all('/embedded/*', (c) => c.json({ message: ApiMessage.NotFound }, 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(apiErrorBody(error), error.status);
    }
    deps.log(`[api] ${c.req.method} ${c.req.path} failed: ${error.message.split('\n')[0]}`);
    return c.json({ message: 'Internal Server Error' }, 500);
  });
  return app;
}

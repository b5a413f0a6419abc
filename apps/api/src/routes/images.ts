import { Hono } from 'hono';
import { z } from 'zod/mini';
import type { Db } from '../db/client.ts';
import { getImage, type ImageKind } from '../images.ts';
import { ApiError, ApiMessage, parseInput } from '../http/errors.ts';
import type { AppEnv } from '../http/guard.ts';

const IdSchema = z.string().check(z.minLength(1)).check(z.maxLength(128));

/**
 * Image endpoints (spec §7): GET /getWalletImage/{id},
 * /public/getAssetImage/{id}, /public/getCurrencyImage/{id},
 * /public/getTokenImage/{id} → the stored blob with its content type
 * (SVG or PNG), cached for a day; 404 `{ message: 'Not Found' }` when none is stored.
 * SVGs are sent with a CSP that blocks scripts, in case one is opened directly.
 */
export function imageRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const serve = (path: string, kind: ImageKind) =>
    app.get(path, async (c) => {
      const id = parseInput(IdSchema, c.req.param('id'));
      const image = await getImage(db, kind, id);
      if (!image) throw new ApiError(404, ApiMessage.NotFound);
      c.header('Content-Type', image.contentType);
      c.header('Cache-Control', 'public, max-age=86400');
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      return c.body(new Uint8Array(image.data));
    });
  serve('/getWalletImage/:id', 'wallet');
  serve('/public/getAssetImage/:id', 'asset');
  serve('/public/getCurrencyImage/:id', 'currency');
  serve('/public/getTokenImage/:id', 'token');
  return app;
}

import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { createSiweMessage } from 'viem/siwe';
import { z } from 'zod/mini';
import { DEV_DISPLAY_NAME, DEV_FID, DEV_USERNAME, devCustody } from './dev.ts';
import { approvePage, donePage } from './page.ts';

/** Options of {@link startFarcasterRelay}. */
export type FarcasterRelayOptions = {
  /** Port, 0 for any free one. */
  port: number;
  /** Host to bind, default 127.0.0.1. */
  host?: string | undefined;
  /** The base URL of the app page in channel URLs, default `http://<host>:<port>`. */
  publicUrl?: string | undefined;
  /** Serves `POST /__dev/down` and `/__dev/up` (the e2e stack's "relay down" switch). */
  control?: boolean;
};

/** A running relay. */
export type FarcasterRelay = { url: string; stop: () => Promise<void> };

const CreateSchema = z.object({
  siweUri: z.url().check(z.maxLength(2048)),
  domain: z.string().check(z.minLength(1)).check(z.maxLength(253)),
  nonce: z.optional(z.string().check(z.regex(/^[a-zA-Z0-9]{8,64}$/))),
  notBefore: z.optional(z.iso.datetime()),
  expirationTime: z.optional(z.iso.datetime()),
  requestId: z.optional(z.string().check(z.maxLength(256))),
});
const AuthenticateSchema = z.object({
  message: z.string().check(z.minLength(1)).check(z.maxLength(8192)),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]{2,1024}$/)),
  fid: z.int().check(z.positive()),
  username: z.optional(z.string().check(z.maxLength(64))),
  displayName: z.optional(z.string().check(z.maxLength(200))),
  bio: z.optional(z.string().check(z.maxLength(1024))),
  pfpUrl: z.optional(z.string().check(z.maxLength(2048))),
});

type Channel = z.infer<typeof CreateSchema> & {
  nonce: string;
  createdAt: number;
  completed?: z.infer<typeof AuthenticateSchema>;
};

/** Channels live this long (ms); at most this many are kept. */
const CHANNEL_TTL_MS = 60 * 60_000;
const MAX_CHANNELS = 1_000;

/**
 * Starts the stand-in relay. Endpoints of the Farcaster Connect relay:
 * - `POST /v1/channel` `{ siweUri, domain, nonce?, notBefore?, expirationTime? }` → 201 `{ channelToken, url, nonce }`;
 * - `GET /v1/channel/status` (`Authorization: Bearer <channelToken>`) → 202 `{ state: 'pending', nonce, url }`
 *   or 200 `{ state: 'completed', message, signature, fid, username, displayName, bio, pfpUrl, nonce, url }`;
 * - `POST /v1/channel/authenticate` (Bearer) `{ message, signature, fid, username?, … }` → 201.
 * The "Farcaster app": `GET /~/siwf?channelToken=` shows the request with the dev account and
 * Approve; `POST /~/siwf` signs the EIP-4361 message with the dev custody key (chain 10,
 * resource `farcaster://fid/<fid>`) and completes the channel. The relay trusts nothing it is
 * sent: the API verifies every message.
 */
export async function startFarcasterRelay(options: FarcasterRelayOptions): Promise<FarcasterRelay> {
  const host = options.host ?? '127.0.0.1';
  const channels = new Map<string, Channel>();
  let down = false;
  let base = options.publicUrl ?? '';
  const urlOf = (token: string) => `${base}/~/siwf?channelToken=${encodeURIComponent(token)}`;
  const channelOf = (c: Context): [string, Channel] | null => {
    const header = c.req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const channel = channels.get(token);
    if (!channel || channel.createdAt + CHANNEL_TTL_MS < Date.now()) return null;
    return [token, channel];
  };
  const prune = () => {
    for (const [token, channel] of channels)
      if (channel.createdAt + CHANNEL_TTL_MS < Date.now() || channels.size > MAX_CHANNELS) channels.delete(token);
  };

  const app = new Hono();
  if (options.control) {
    app.post('/__dev/down', (c) => {
      down = true;
      return c.body(null, 204);
    });
    app.post('/__dev/up', (c) => {
      down = false;
      return c.body(null, 204);
    });
  }
  app.use('*', async (c, next) => {
    if (down) return c.json({ error: 'The relay is down (dev switch)' }, 503);
    return next();
  });
  app.get('/healthcheck', (c) => c.json({ ok: true }));

  app.post('/v1/channel', async (c) => {
    const parsed = CreateSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'Invalid channel request' }, 400);
    prune();
    const token = randomBytes(24).toString('base64url');
    const nonce = parsed.data.nonce ?? randomBytes(16).toString('hex');
    channels.set(token, { ...parsed.data, nonce, createdAt: Date.now() });
    return c.json({ channelToken: token, url: urlOf(token), connectUri: urlOf(token), nonce }, 201);
  });

  app.get('/v1/channel/status', (c) => {
    const found = channelOf(c);
    if (!found) return c.json({ error: 'Unknown channel' }, 401);
    const [token, channel] = found;
    if (!channel.completed) return c.json({ state: 'pending', nonce: channel.nonce, url: urlOf(token) }, 202);
    return c.json({ state: 'completed', nonce: channel.nonce, url: urlOf(token), ...channel.completed }, 200);
  });

  app.post('/v1/channel/authenticate', async (c) => {
    const found = channelOf(c);
    if (!found) return c.json({ error: 'Unknown channel' }, 401);
    const parsed = AuthenticateSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'Invalid authentication' }, 400);
    found[1].completed = parsed.data;
    return c.json({ state: 'completed' }, 201);
  });

  app.get('/~/siwf', (c) => {
    const token = c.req.query('channelToken') ?? '';
    const channel = channels.get(token);
    if (!channel) return c.html(donePage('This sign-in request is unknown or expired.'), 404);
    if (channel.completed) return c.html(donePage('This sign-in request was already approved.'), 410);
    return c.html(
      approvePage({
        token,
        domain: channel.domain,
        fid: DEV_FID,
        username: DEV_USERNAME,
        custody: devCustody().address,
      }),
    );
  });

  app.post('/~/siwf', async (c) => {
    const form = await c.req.parseBody();
    const token = typeof form.channelToken === 'string' ? form.channelToken : '';
    const channel = channels.get(token);
    if (!channel || channel.completed) return c.html(donePage('This sign-in request is unknown or expired.'), 404);
    const custody = devCustody();
    const message = createSiweMessage({
      domain: channel.domain,
      address: custody.address,
      statement: 'Farcaster Auth',
      uri: channel.siweUri,
      version: '1',
      chainId: 10,
      nonce: channel.nonce,
      issuedAt: new Date(),
      ...(channel.notBefore ? { notBefore: new Date(channel.notBefore) } : {}),
      ...(channel.expirationTime ? { expirationTime: new Date(channel.expirationTime) } : {}),
      ...(channel.requestId ? { requestId: channel.requestId } : {}),
      resources: [`farcaster://fid/${DEV_FID}`],
    });
    channel.completed = {
      message,
      signature: await custody.signMessage({ message }),
      fid: DEV_FID,
      username: DEV_USERNAME,
      displayName: DEV_DISPLAY_NAME,
      bio: '',
      pfpUrl: '',
    };
    return c.html(donePage(`Signed in to ${channel.domain} as @${DEV_USERNAME}. You can go back to the app.`));
  });

  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  base ||= url;
  return {
    url,
    stop: () =>
      new Promise((done) => {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => done());
      }),
  };
}

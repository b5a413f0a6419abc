import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import { ApiError, parseInput } from '../http/errors.ts';
import type { RateLimitConfig } from '../db/schema.ts';
import { jsonBody } from '../embedded/login.ts';
import { accountView, deviceOf, EMBEDDED_LIMITS, limit, openSession, type EmbeddedDeps } from '../embedded/context.ts';
import { embeddedOriginAllowed } from '../embedded/origins.ts';
import { hashToken, randomToken } from '../embedded/secrets.ts';
import { embeddedAccounts, embeddedDevices } from '../embedded/tables.ts';
import { CHANNEL_TTL_MS, type FarcasterOptions } from './config.ts';
import { custodyReader } from './registry.ts';
import { channelStatus, createChannel, RelayError } from './relay.ts';
import { embeddedFarcasterAccounts, embeddedFarcasterChannels } from './tables.ts';
import { verifySignIn, type VerifyDeps } from './verify.ts';

const ChannelRequestSchema = z.strictObject({
  projectId: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  dappOrigin: z.url().check(z.maxLength(2048)),
});
const StatusRequestSchema = z.strictObject({ channelToken: z.string().check(z.minLength(8)).check(z.maxLength(512)) });

/** Status polls per IP: the secure frame polls once a second for up to 120 s. 60 of burst, then 2 per second. */
const POLL_PER_IP: RateLimitConfig = { capacity: 60, refillPerSecond: 2 };

/**
 * Sign In With Farcaster routes of the embedded wallet (docs/embedded-wallet.md "Farcaster"):
 * - `POST /embedded/v1/farcaster/channel` `{ projectId, dappOrigin }` + DPoP → `{ channelToken, url }`:
 *   opens a relay channel whose nonce is bound to the calling device key;
 * - `POST /embedded/v1/farcaster/status` `{ channelToken }` + DPoP of the same device key →
 *   `{ status: 'pending' | 'expired' }` or `{ status: 'approved', session, account }` once the
 *   relay holds a message that {@link verifySignIn} accepts. The fid's wallet account is made on
 *   its first sign-in. 403 when another device key asks, or when the message does not verify
 *   (the channel is then spent); 502 when the relay fails.
 */
export function farcasterRoutes(deps: EmbeddedDeps, options: FarcasterOptions): Hono {
  const app = new Hono();
  const custodyOf: VerifyDeps['custodyOf'] = options.custodyOf ?? custodyReader(options.rpcUrl, options.idRegistry);
  const base = (url: string) => (deps.options.publicUrl ?? new URL(url).origin).replace(/\/$/, '');

  app.post('/embedded/v1/farcaster/channel', async (c) => {
    await limit(deps, `embedded-ip:${deps.clientOf(c)}`, EMBEDDED_LIMITS.mailPerIp);
    const body = parseInput(ChannelRequestSchema, await jsonBody(c));
    const jkt = await deviceOf(deps, c);
    const project = await deps.projects.get(body.projectId);
    if (!project) throw new ApiError(401, 'Unauthorized: invalid key');
    if (!embeddedOriginAllowed(body.dappOrigin, project)) throw new ApiError(403, 'Unauthorized: origin not allowed');
    const apiBase = base(c.req.url);
    const domain = options.domain ?? new URL(apiBase).host;
    const siweUri = `${apiBase}/embedded/v1/farcaster`;
    // EIP-4361 nonces are alphanumeric, at least 8 characters.
    const nonce = randomBytes(16).toString('hex');
    const now = deps.now();
    const expiresAt = now + (options.channelTtlMs ?? CHANNEL_TTL_MS);
    let channel: { channelToken: string; url: string };
    try {
      channel = await createChannel(options.relayUrl, {
        siweUri,
        domain,
        nonce,
        expirationTime: new Date(expiresAt).toISOString(),
      });
    } catch (error) {
      if (error instanceof RelayError) throw new ApiError(502, error.message);
      throw error;
    }
    await deps.db.insert(embeddedFarcasterChannels).values({
      id: randomToken(16),
      tokenHash: hashToken(channel.channelToken),
      jkt,
      nonce,
      domain,
      siweUri,
      dappOrigin: body.dappOrigin,
      status: 'pending',
      expiresAt,
      createdAt: now,
    });
    return c.json(channel);
  });

  app.post('/embedded/v1/farcaster/status', async (c) => {
    await limit(deps, `embedded-farcaster-poll:${deps.clientOf(c)}`, POLL_PER_IP);
    const { channelToken } = parseInput(StatusRequestSchema, await jsonBody(c));
    const jkt = await deviceOf(deps, c);
    const [channel] = await deps.db
      .select()
      .from(embeddedFarcasterChannels)
      .where(eq(embeddedFarcasterChannels.tokenHash, hashToken(channelToken)))
      .limit(1);
    if (channel?.status !== 'pending') throw new ApiError(400, 'No Farcaster sign-in pending');
    // The nonce is bound to the device key that opened the channel: nobody else may redeem it.
    if (channel.jkt !== jkt) throw new ApiError(403, 'This sign-in was started on another device');
    if (channel.expiresAt <= deps.now()) return c.json({ status: 'expired' });
    let status: Awaited<ReturnType<typeof channelStatus>>;
    try {
      status = await channelStatus(options.relayUrl, channelToken);
    } catch (error) {
      if (error instanceof RelayError) throw new ApiError(502, error.message);
      throw error;
    }
    if (status.state === 'pending') return c.json({ status: 'pending' });
    const spent = await deps.db
      .update(embeddedFarcasterChannels)
      .set({ status: 'used' })
      .where(and(eq(embeddedFarcasterChannels.id, channel.id), eq(embeddedFarcasterChannels.status, 'pending')))
      .returning({ id: embeddedFarcasterChannels.id });
    if (spent.length === 0) throw new ApiError(400, 'No Farcaster sign-in pending');
    const verified = await verifySignIn(
      status.message,
      status.signature,
      { nonce: channel.nonce, domain: channel.domain, siweUri: channel.siweUri, fid: status.fid },
      { custodyOf, now: deps.now },
    );
    if (!verified.ok) {
      deps.log(`[api] Farcaster sign-in refused: ${verified.reason}`);
      throw new ApiError(403, 'The Farcaster sign-in could not be verified');
    }
    const username = status.username ?? null;
    const accountId = await accountOfFid(deps, verified.value.fid, verified.value.custody, username);
    const now = deps.now();
    await deps.db
      .insert(embeddedDevices)
      .values({
        jkt,
        accountId,
        dappOrigin: channel.dappOrigin,
        userAgent: (c.req.header('user-agent') ?? '').slice(0, 300),
        createdAt: now,
        lastSeenAt: now,
      })
      .onConflictDoUpdate({ target: [embeddedDevices.jkt, embeddedDevices.accountId], set: { lastSeenAt: now } });
    return c.json({
      status: 'approved',
      session: await openSession(deps, accountId, jkt),
      account: { ...(await accountView(deps, accountId)), userName: username, socialProvider: 'farcaster' },
    });
  });
  return app;
}

/** The account of `fid` (made on its first sign-in, without email); the username and custody are refreshed. */
async function accountOfFid(
  deps: EmbeddedDeps,
  fid: number,
  custody: string,
  username: string | null,
): Promise<string> {
  const now = deps.now();
  const [known] = await deps.db
    .select()
    .from(embeddedFarcasterAccounts)
    .where(eq(embeddedFarcasterAccounts.fid, fid))
    .limit(1);
  if (known) {
    await deps.db
      .update(embeddedFarcasterAccounts)
      .set({ username, custodyAddress: custody, updatedAt: now })
      .where(eq(embeddedFarcasterAccounts.fid, fid));
    return known.accountId;
  }
  const id = randomToken(16);
  await deps.db.transaction(async (tx) => {
    await tx.insert(embeddedAccounts).values({ id, email: null, createdAt: now, updatedAt: now });
    await tx
      .insert(embeddedFarcasterAccounts)
      .values({ fid, accountId: id, username, custodyAddress: custody, createdAt: now, updatedAt: now });
  });
  return id;
}

import { z } from 'zod/mini';

/**
 * A client of a Farcaster Connect relay (the `relay.farcaster.xyz` API, or the local stand-in
 * `apps/farcaster-relay`): create a channel, read its status. Every call waits 10 s at most.
 */

/** `POST /v1/channel` answer. The URL is shown as a link and a QR code: http(s) only. */
const ChannelSchema = z.object({
  channelToken: z.string().check(z.minLength(8)).check(z.maxLength(512)),
  url: z.url({ protocol: /^https?$/ }).check(z.maxLength(4096)),
});

/** `GET /v1/channel/status` answer: pending, or completed with the signed message. */
const StatusSchema = z.union([
  z.object({ state: z.literal('pending') }),
  z.object({
    state: z.literal('completed'),
    message: z.string().check(z.minLength(1)).check(z.maxLength(8192)),
    signature: z.string().check(z.maxLength(512)),
    fid: z.int().check(z.positive()),
    username: z.nullish(z.string().check(z.maxLength(64))),
    displayName: z.nullish(z.string().check(z.maxLength(200))),
  }),
]);

/** A channel's status as the relay reports it (nothing in it is trusted before `verifySignIn`). */
export type ChannelStatus = z.infer<typeof StatusSchema>;

/** Thrown when the relay cannot be reached or answers something else than the API. */
export class RelayError extends Error {}

async function relayCall(url: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new RelayError('The Farcaster relay is unreachable');
  }
  if (res.status !== 200 && res.status !== 201 && res.status !== 202)
    throw new RelayError(`The Farcaster relay answered ${res.status}`);
  return res.json().catch(() => {
    throw new RelayError('The Farcaster relay answered no JSON');
  });
}

/**
 * Opens a channel. `expirationTime` (ISO 8601) goes into the message the person signs.
 * @throws RelayError
 */
export async function createChannel(
  relayUrl: string,
  request: { siweUri: string; domain: string; nonce: string; expirationTime: string },
): Promise<{ channelToken: string; url: string }> {
  const body = await relayCall(`${relayUrl}/v1/channel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  const parsed = ChannelSchema.safeParse(body);
  if (!parsed.success) throw new RelayError('The Farcaster relay answered an unexpected channel');
  return parsed.data;
}

/**
 * The status of the channel `channelToken`.
 * @throws RelayError
 */
export async function channelStatus(relayUrl: string, channelToken: string): Promise<ChannelStatus> {
  const body = await relayCall(`${relayUrl}/v1/channel/status`, {
    headers: { authorization: `Bearer ${channelToken}` },
  });
  const parsed = StatusSchema.safeParse(body);
  if (!parsed.success) throw new RelayError('The Farcaster relay answered an unexpected status');
  return parsed.data;
}

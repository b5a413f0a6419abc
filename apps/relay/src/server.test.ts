import { generateKeyPair } from '@walletconnect/relay-auth';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { UNAUTHORIZED_CLOSE_CODE } from './auth.ts';
import { startRelay, type Relay, type RelayOptions } from './server.ts';
import { makeAuthToken, openTestClient, type TestClient } from './testClient.ts';

const topicA = 'a'.repeat(64);
const topicB = 'b'.repeat(64);

let relays: Relay[] = [];
let clients: TestClient[] = [];

afterEach(async () => {
  for (const client of clients) client.close();
  await Promise.all(relays.map((relay) => relay.close()));
  relays = [];
  clients = [];
});

/** Starts a relay on a free port, collecting its log lines. */
async function start(options: RelayOptions = {}): Promise<{ relay: Relay; logs: string[] }> {
  const logs: string[] = [];
  const relay = await startRelay({ port: 0, log: (line) => logs.push(line), ...options });
  relays.push(relay);
  return { relay, logs };
}

/** Opens an authenticated client (fresh did:key) on the relay. */
async function connect(relay: Relay): Promise<TestClient> {
  const client = await openTestClient(relay.url, await makeAuthToken({ aud: relay.url }));
  clients.push(client);
  return client;
}

/**
 * Round trip on `client`'s socket. The relay answers frames in order and writes pushes before the
 * answer to any later request, so after this resolves every push already sent has been received.
 */
const sync = (client: TestClient) => client.request('irn_unsubscribe', { topic: 'sync-barrier' });

/** `text` as a base64 envelope, as WalletConnect sends messages. */
const b64 = (text: string): string => Buffer.from(text).toString('base64');
/** The text of a received base64 message. */
const text = (message: { message: string }): string => Buffer.from(message.message, 'base64').toString();

/** Publishes `body` (base64-encoded on the way) on `topic`. */
const publish = (client: TestClient, topic: string, body: string, ttl = 300) =>
  client.request('irn_publish', { topic, message: b64(body), ttl, tag: 1000, prompt: false });

describe('client auth', () => {
  const expectRefused = async (relay: Relay, token: string | null) => {
    const client = await openTestClient(relay.url, token);
    clients.push(client);
    const { code, reason } = await client.closed;
    expect(code).toBe(UNAUTHORIZED_CLOSE_CODE);
    return reason;
  };

  it('refuses a socket without a token with close code 4001', async () => {
    const { relay, logs } = await start();
    expect(await expectRefused(relay, null)).toContain('missing auth token');
    expect(logs.join('\n')).toContain('refused connection');
  });

  it('refuses a token whose signature does not match its did:key issuer', async () => {
    const { relay } = await start();
    const [header, payload, signature] = (await makeAuthToken({ aud: relay.url })).split('.');
    const bytes = Buffer.from(signature!, 'base64url');
    bytes[0] = bytes[0]! ^ 0xff;
    expect(await expectRefused(relay, `${header}.${payload}.${bytes.toString('base64url')}`)).toContain(
      'invalid signature',
    );
  });

  it('refuses a token signed by another key than the one its iss names', async () => {
    const { relay } = await start();
    const [header, payload] = (await makeAuthToken({ aud: relay.url })).split('.');
    const [, , otherSignature] = (await makeAuthToken({ aud: relay.url, keyPair: generateKeyPair() })).split('.');
    expect(await expectRefused(relay, `${header}.${payload}.${otherSignature}`)).toContain('invalid signature');
  });

  it('refuses an expired token', async () => {
    const { relay } = await start();
    const token = await makeAuthToken({ aud: relay.url, iat: Math.floor(Date.now() / 1000) - 7200, ttl: 3600 });
    expect(await expectRefused(relay, token)).toContain('expired');
  });

  it('refuses a token for another relay (wrong aud)', async () => {
    const { relay } = await start();
    const token = await makeAuthToken({ aud: 'wss://relay.walletconnect.org' });
    expect(await expectRefused(relay, token)).toContain('wrong audience');
  });

  it('refuses garbage', async () => {
    const { relay } = await start();
    await expectRefused(relay, 'not-a-jwt');
  });

  it('accepts a valid token for the URL the client reached (localhost instead of 127.0.0.1)', async () => {
    const { relay } = await start();
    const localhostUrl = relay.url.replace('127.0.0.1', 'localhost');
    const client = await openTestClient(localhostUrl, await makeAuthToken({ aud: `${localhostUrl}/` }));
    clients.push(client);
    expect(await client.request('irn_subscribe', { topic: topicA })).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('routing', () => {
  it('delivers a stored message to a later subscriber, with an empty attestation', async () => {
    const { relay } = await start();
    const dapp = await connect(relay);
    const wallet = await connect(relay);
    expect(await publish(dapp, topicA, 'proposal')).toBe(true);
    const subscriptionId = await wallet.request<string>('irn_subscribe', { topic: topicA });
    await sync(wallet);
    expect(wallet.received).toEqual([
      {
        id: subscriptionId,
        topic: topicA,
        message: b64('proposal'),
        publishedAt: expect.any(Number),
        tag: 1000,
        attestation: '',
      },
    ]);
  });

  it('pushes live to current subscribers, never back to the publisher, once per socket', async () => {
    const { relay } = await start();
    const publisher = await connect(relay);
    const subscriber = await connect(relay);
    await publisher.request('irn_subscribe', { topic: topicA });
    await subscriber.request('irn_batchSubscribe', { topics: [topicA, topicB] });
    await publish(publisher, topicA, 'hello');
    await subscriber.request('irn_subscribe', { topic: topicA }); // subscribing again must not redeliver
    await sync(publisher);
    await sync(subscriber);
    expect(publisher.received).toEqual([]);
    expect(subscriber.received.map(text)).toEqual(['hello']);
  });

  it('stops pushing after irn_unsubscribe', async () => {
    const { relay } = await start();
    const publisher = await connect(relay);
    const subscriber = await connect(relay);
    await subscriber.request('irn_subscribe', { topic: topicA });
    await subscriber.request('irn_unsubscribe', { topic: topicA, id: 'x' });
    await publish(publisher, topicA, 'after unsubscribe');
    await sync(subscriber);
    expect(subscriber.received).toEqual([]);
  });

  it('returns undelivered messages from irn_batchFetchMessages', async () => {
    const { relay } = await start();
    const publisher = await connect(relay);
    const fetcher = await connect(relay);
    await publish(publisher, topicA, 'one');
    await publish(publisher, topicB, 'two');
    const result = await fetcher.request<{ messages: { message: string }[]; hasMore: boolean }>(
      'irn_batchFetchMessages',
      { topics: [topicA, topicB] },
    );
    expect(result.hasMore).toBe(false);
    expect(result.messages.map(text)).toEqual(['one', 'two']);
  });

  it('forgets a message once its ttl has passed', async () => {
    let clock = Date.now();
    const { relay } = await start({ now: () => clock });
    const publisher = await connect(relay);
    await publish(publisher, topicA, 'short-lived', 60);
    const early = await connect(relay);
    await early.request('irn_subscribe', { topic: topicA });
    await sync(early);
    clock += 61_000;
    const late = await connect(relay);
    await late.request('irn_subscribe', { topic: topicA });
    await sync(late);
    expect(early.received.map(text)).toEqual(['short-lived']);
    expect(late.received).toEqual([]);
  });

  it('answers unknown methods and bad params with JSON-RPC errors', async () => {
    const { relay } = await start();
    const client = await connect(relay);
    await expect(client.request('irn_nope', {})).rejects.toMatchObject({ code: -32601 });
    await expect(client.request('irn_publish', { topic: topicA })).rejects.toMatchObject({ code: -32602 });
  });
});

describe('keep-alive', () => {
  it('pings every socket and terminates one that stops answering pings', async () => {
    const { relay, logs } = await start({ pingIntervalMs: 50 });
    const token = await makeAuthToken({ aud: relay.url });
    // A socket whose pongs never come back (autoPong off), as a dead peer behaves.
    const dead = new WebSocket(`${relay.url}?auth=${token}`, { autoPong: false });
    const pinged = new Promise<void>((resolve) => dead.once('ping', () => resolve()));
    const closed = new Promise<number>((resolve) => dead.once('close', (code) => resolve(code)));
    await pinged;
    expect(await closed).toBe(1006);
    expect(logs.join('\n')).toContain('did not answer the last ping');
  });

  it('keeps a socket that answers pings open', async () => {
    const { relay } = await start({ pingIntervalMs: 50 });
    const client = await connect(relay);
    const token = await makeAuthToken({ aud: relay.url });
    const watcher = new WebSocket(`${relay.url}?auth=${token}`);
    let pings = 0;
    // Three pings answered by the automatic pong: the relay keeps the socket.
    await new Promise<void>((resolve) => watcher.on('ping', () => ++pings === 3 && resolve()));
    expect(watcher.readyState).toBe(WebSocket.OPEN);
    expect(await client.request('irn_subscribe', { topic: topicA })).toMatch(/^[0-9a-f]{64}$/);
    watcher.close();
  });
});

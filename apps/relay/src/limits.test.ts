import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FLOOD_CLOSE_CODE, TRY_AGAIN_LATER_CLOSE_CODE } from './closeCodes.ts';
import { defaultRelayLimits, limitEnvName, limitsFromEnv } from './limits.ts';
import { startRelay, type Relay, type RelayOptions } from './server.ts';
import { makeAuthToken, openTestClient, type TestClient, type TestClientOptions } from './testClient.ts';

/** Each limit of the relay on a real relay and real sockets, with small limits. */

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

async function start(options: RelayOptions = {}): Promise<{ relay: Relay; logs: string[] }> {
  const logs: string[] = [];
  const relay = await startRelay({ port: 0, log: (line) => logs.push(line), ...options });
  relays.push(relay);
  return { relay, logs };
}

/** Opens a client with a token valid for 30 days (tests move the relay's clock forward). */
async function connect(relay: Relay, options: TestClientOptions = {}): Promise<TestClient> {
  const client = await openTestClient(relay.url, await makeAuthToken({ aud: relay.url, ttl: 30 * 24 * 3600 }), options);
  clients.push(client);
  return client;
}

/** A base64 message of exactly `chars` characters (a multiple of 4). */
const message = (chars: number, fill = 'A'): string => `${fill.repeat(chars - 4)}AA==`;

const publish = (client: TestClient, topic: string, body: string, ttl = 300) =>
  client.request('irn_publish', { topic, message: body, ttl, tag: 1000 });

/** Subscribes a fresh client to `topics` and returns the messages it was sent. */
async function storedOn(relay: Relay, ...topics: string[]): Promise<string[]> {
  const late = await connect(relay);
  await late.request('irn_batchSubscribe', { topics });
  await late.request('irn_unsubscribe', { topic: 'sync-barrier' });
  return late.received.map((m) => m.message);
}

/** Polls `check` until it returns true; throws after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const limitExceeded = { code: -32005 };

describe('message checks', () => {
  it('refuses a message that is not base64 (-32602) and stores nothing', async () => {
    const { relay, logs } = await start();
    const client = await connect(relay);
    await expect(publish(client, topicA, 'not base64!')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('base64'),
    });
    await expect(publish(client, topicA, 'abc')).rejects.toMatchObject({ code: -32602 });
    expect(await publish(client, topicA, Buffer.from('ok').toString('base64'))).toBe(true);
    expect(relay.stats().storedMessages).toBe(1);
    expect(logs.filter((line) => line.includes('not base64'))).toHaveLength(1);
  });

  it('refuses a message above the max size and logs it', async () => {
    const { relay, logs } = await start({ maxMessageBytes: 12 });
    const client = await connect(relay);
    expect(await publish(client, topicA, message(12))).toBe(true);
    await expect(publish(client, topicA, message(16))).rejects.toMatchObject({
      code: -32602,
      message: 'Message too large: 16 > 12',
    });
    expect(logs.join('\n')).toMatch(/refused message on topic aaaaaaaa.*16 chars exceeds the max message size of 12/);
  });

  it('clamps a ttl above the maximum instead of refusing it', async () => {
    let clock = Date.now();
    const { relay } = await start({ now: () => clock, maxTtlSeconds: 3600 });
    const client = await connect(relay);
    expect(await publish(client, topicA, message(8), 30 * 24 * 3600)).toBe(true);
    clock += 3599_000;
    expect(await storedOn(relay, topicA)).toEqual([message(8)]);
    clock += 2_000;
    expect(await storedOn(relay, topicA)).toEqual([]);
  });

  it('defaults: 192 KiB messages, 7-day ttl (the longest sign-client 2.25 sends)', () => {
    expect(defaultRelayLimits.maxMessageBytes).toBe(196_608);
    expect(defaultRelayLimits.maxTtlSeconds).toBe(604_800);
  });
});

describe('storage caps (refuse, never evict)', () => {
  it('per-topic bytes: refuses the publish that would pass the cap and keeps the stored ones', async () => {
    const { relay, logs } = await start({ maxStoredBytesPerTopic: 100 });
    const client = await connect(relay);
    expect(await publish(client, topicA, message(60, 'B'))).toBe(true);
    await expect(publish(client, topicA, message(60, 'C'))).rejects.toMatchObject({
      ...limitExceeded,
      message: expect.stringMatching(/storage full.*per-topic cap of 100 bytes/),
    });
    expect(await publish(client, topicB, message(60, 'D'))).toBe(true);
    expect(await storedOn(relay, topicA, topicB)).toEqual([message(60, 'B'), message(60, 'D')]);
    expect(logs.join('\n')).toMatch(
      /refused publish from 127\.0\.0\.1 \(client z6Mk\w{4}…\w{4}\): per-topic cap of 100 bytes reached on topic aaaaaaaa/,
    );
  });

  it('per-topic messages: refuses the third message at a cap of two', async () => {
    const { relay } = await start({ maxMessagesPerTopic: 2 });
    const client = await connect(relay);
    for (const fill of ['B', 'C']) await publish(client, topicA, message(8, fill));
    await expect(publish(client, topicA, message(8, 'D'))).rejects.toMatchObject(limitExceeded);
    expect(await storedOn(relay, topicA)).toEqual([message(8, 'B'), message(8, 'C')]);
  });

  it('total bytes: refuses any topic once the relay holds maxStoredBytes', async () => {
    const { relay } = await start({ maxStoredBytes: 100 });
    const client = await connect(relay);
    expect(await publish(client, topicA, message(80))).toBe(true);
    await expect(publish(client, topicB, message(40))).rejects.toMatchObject({
      ...limitExceeded,
      message: expect.stringContaining('total cap of 100 bytes'),
    });
    expect(relay.stats()).toMatchObject({ storedBytes: 80, storedMessages: 1 });
  });

  it('per-address bytes: a full address is refused while another address still publishes', async () => {
    const { relay } = await start({ maxStoredBytesPerIp: 100 });
    const greedy = await connect(relay, { localAddress: '127.0.0.2' });
    const other = await connect(relay);
    expect(await publish(greedy, topicA, message(80))).toBe(true);
    await expect(publish(greedy, topicB, message(40))).rejects.toMatchObject({
      ...limitExceeded,
      message: expect.stringContaining('per-address cap of 100 bytes'),
    });
    expect(await publish(other, topicB, message(80))).toBe(true);
  });

  it('frees the space of expired messages', async () => {
    let clock = Date.now();
    const { relay } = await start({ now: () => clock, maxStoredBytes: 100 });
    const client = await connect(relay);
    await publish(client, topicA, message(80), 60);
    await expect(publish(client, topicB, message(80))).rejects.toMatchObject(limitExceeded);
    clock += 61_000;
    expect(await publish(client, topicB, message(80))).toBe(true);
    expect(relay.stats().storedBytes).toBe(80);
  });

  it('wc_approveSession stores both of its messages or neither', async () => {
    const { relay } = await start({ maxStoredBytes: 100 });
    const client = await connect(relay);
    const params = {
      sessionTopic: topicB,
      pairingTopic: topicA,
      sessionProposalResponse: message(60),
      sessionSettlementRequest: message(60),
    };
    await expect(client.request('wc_approveSession', params)).rejects.toMatchObject(limitExceeded);
    expect(relay.stats().storedMessages).toBe(0);
  });
});

describe('publish quotas', () => {
  it('per connection: refuses past the burst, accepts again as tokens refill, other sockets unaffected', async () => {
    let clock = Date.now();
    const { relay } = await start({ now: () => clock, connPublishMessagesPerSecond: 1, connPublishMessagesBurst: 3 });
    const client = await connect(relay);
    for (let i = 0; i < 3; i++) expect(await publish(client, topicA, message(8))).toBe(true);
    await expect(publish(client, topicA, message(8))).rejects.toMatchObject({
      ...limitExceeded,
      message: expect.stringMatching(/rate limit.*per connection/),
    });
    const other = await connect(relay);
    expect(await publish(other, topicA, message(8))).toBe(true);
    clock += 1000;
    expect(await publish(client, topicA, message(8))).toBe(true);
  });

  it('per connection, bytes: refuses a publish larger than the bytes left', async () => {
    const { relay } = await start({ now: () => 0, connPublishBytesPerSecond: 10, connPublishBytesBurst: 100 });
    const client = await connect(relay);
    expect(await publish(client, topicA, message(80))).toBe(true);
    await expect(publish(client, topicA, message(40))).rejects.toMatchObject(limitExceeded);
    expect(await publish(client, topicA, message(20))).toBe(true);
  });

  it('per address: sockets of one address share the quota, another address has its own', async () => {
    const { relay } = await start({ now: () => 0, ipPublishMessagesPerSecond: 1, ipPublishMessagesBurst: 2 });
    const first = await connect(relay);
    const second = await connect(relay);
    const elsewhere = await connect(relay, { localAddress: '127.0.0.2' });
    expect(await publish(first, topicA, message(8))).toBe(true);
    expect(await publish(second, topicA, message(8))).toBe(true);
    await expect(publish(first, topicA, message(8))).rejects.toMatchObject({
      ...limitExceeded,
      message: expect.stringMatching(/per address/),
    });
    // A new socket (fresh did:key) from the same address does not get a fresh quota.
    const again = await connect(relay);
    await expect(publish(again, topicA, message(8))).rejects.toMatchObject(limitExceeded);
    expect(await publish(elsewhere, topicA, message(8))).toBe(true);
  });

  it('closes a socket with 1008 after the error that exceeds refusalsBeforeClose', async () => {
    const { relay, logs } = await start({ now: () => 0, connPublishMessagesBurst: 1, refusalsBeforeClose: 2 });
    const client = await connect(relay);
    expect(await publish(client, topicA, message(8))).toBe(true);
    const errors: unknown[] = [];
    for (let i = 0; i < 3; i++) publish(client, topicA, message(8)).catch((error: unknown) => errors.push(error));
    const { code } = await client.closed;
    expect(code).toBe(FLOOD_CLOSE_CODE);
    expect(errors).toHaveLength(3);
    expect(logs.join('\n')).toContain('more than 2 refused requests');
  });
});

describe('connections and subscriptions', () => {
  it('closes a socket beyond maxConnectionsPerIp with 1013; other addresses and later sockets get in', async () => {
    const { relay, logs } = await start({ maxConnectionsPerIp: 2 });
    const first = await connect(relay);
    await connect(relay);
    const third = await connect(relay);
    expect((await third.closed).code).toBe(TRY_AGAIN_LATER_CLOSE_CODE);
    expect(logs.join('\n')).toMatch(/refused connection from 127\.0\.0\.1: 2 sockets already open/);
    const elsewhere = await connect(relay, { localAddress: '127.0.0.2' });
    expect(await elsewhere.request('irn_subscribe', { topic: topicA })).toMatch(/^[0-9a-f]{64}$/);
    first.close();
    await first.closed;
    await until(async () => {
      const next = await connect(relay);
      const open = await Promise.race([
        next.request('irn_subscribe', { topic: topicA }).then(() => true),
        next.closed.then(() => false),
      ]);
      return open;
    });
  });

  it('refuses subscriptions beyond maxSubscriptionsPerConnection (a batch as a whole), re-subscribing is free', async () => {
    const { relay } = await start({ maxSubscriptionsPerConnection: 3 });
    const client = await connect(relay);
    await client.request('irn_batchSubscribe', { topics: ['1', '2', '3'] });
    await expect(client.request('irn_subscribe', { topic: '4' })).rejects.toMatchObject({
      ...limitExceeded,
      message: expect.stringContaining('at most 3 topics'),
    });
    await expect(client.request('irn_batchSubscribe', { topics: ['3', '4'] })).rejects.toMatchObject(limitExceeded);
    expect(await client.request('irn_subscribe', { topic: '2' })).toMatch(/^[0-9a-f]{64}$/);
    await client.request('irn_unsubscribe', { topic: '1' });
    expect(await client.request('irn_subscribe', { topic: '4' })).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('send buffers', () => {
  it('terminates a subscriber that stops reading once its send buffer passes the limit; the relay keeps serving', async () => {
    const big = 64 * 1024;
    const { relay, logs } = await start({
      maxBufferedBytesPerConnection: 256 * 1024,
      maxMessageBytes: big,
      maxStoredBytesPerTopic: 64 * 1024 * 1024,
      maxStoredBytes: 64 * 1024 * 1024,
      maxStoredBytesPerIp: 64 * 1024 * 1024,
      connPublishMessagesBurst: 1000,
      connPublishBytesBurst: 64 * 1024 * 1024,
      ipPublishMessagesBurst: 1000,
      ipPublishBytesBurst: 64 * 1024 * 1024,
    });
    // A raw subscriber that subscribes, then stops reading its socket (a peer that does not read).
    const token = await makeAuthToken({ aud: relay.url });
    const stalled = new WebSocket(`${relay.url}?auth=${token}`);
    await new Promise((resolve, reject) => {
      stalled.once('open', resolve);
      stalled.once('error', reject);
    });
    const subscribed = new Promise((resolve) => stalled.once('message', resolve));
    stalled.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: topicA } }));
    await subscribed;
    stalled.pause();
    const publisher = await connect(relay);
    let published = 0;
    await until(async () => {
      // Each message stays stored for a second only; every one is pushed to the stalled socket.
      expect(await publisher.request('irn_publish', { topic: topicA, message: message(big), ttl: 1 })).toBe(true);
      published++;
      if (published > 2000) throw new Error('no termination after 2000 publishes');
      return logs.some((line) => line.includes('waiting in its send buffer'));
    }, 15_000);
    await until(() => relay.stats().connections === 1);
    expect(await publisher.request('irn_subscribe', { topic: topicB })).toMatch(/^[0-9a-f]{64}$/);
    stalled.terminate();
  });
});

describe('configuration', () => {
  it('reads every limit from RELAY_<NAME> and refuses a bad value', () => {
    expect(limitEnvName('maxMessageBytes')).toBe('RELAY_MAX_MESSAGE_BYTES');
    expect(limitEnvName('connPublishBytesPerSecond')).toBe('RELAY_CONN_PUBLISH_BYTES_PER_SECOND');
    expect(limitsFromEnv({ RELAY_MAX_STORED_BYTES: '1000', RELAY_MAX_CONNECTIONS_PER_IP: '', OTHER: '1' })).toEqual({
      maxStoredBytes: 1000,
    });
    expect(() => limitsFromEnv({ RELAY_MAX_TTL_SECONDS: '7d' })).toThrow(
      'RELAY_MAX_TTL_SECONDS must be a positive integer, got "7d"',
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startRelay, type Relay, type RelayOptions } from './server.ts';
import { flood, type FloodResult } from './testFlooder.ts';
import { makeAuthToken } from './testClient.ts';
import { initSignClient, pairAndSign, shutdownSignClient, type SignClientInstance } from './testSignClient.ts';

/**
 * The memory-exhaustion attack on the relay: one client with a self-made did:key floods large
 * messages with a 30-day ttl (and reconnects with a fresh did:key whenever it is closed), while two
 * real sign-client 2.25 clients pair and sign through the same relay. Small limits keep it fast.
 * The flooder connects from 127.0.0.2 so that it is another address than its victims on 127.0.0.1.
 */

/** Small limits (bytes are characters of the base64 `message`). */
const limits = {
  maxMessageBytes: 32 * 1024,
  maxStoredBytes: 1024 * 1024,
  maxStoredBytesPerTopic: 256 * 1024,
  maxStoredBytesPerIp: 512 * 1024,
  connPublishMessagesPerSecond: 20,
  connPublishMessagesBurst: 40,
  connPublishBytesPerSecond: 128 * 1024,
  connPublishBytesBurst: 256 * 1024,
  ipPublishMessagesPerSecond: 40,
  ipPublishMessagesBurst: 80,
  ipPublishBytesPerSecond: 256 * 1024,
  ipPublishBytesBurst: 512 * 1024,
  refusalsBeforeClose: 10,
} satisfies RelayOptions;

/** Bounds of the whole attack. */
const maxTotalPublishes = 3000;
const attackTimeoutMs = 20_000;

let relay: Relay | undefined;
const signClients: SignClientInstance[] = [];

afterEach(async () => {
  for (const client of signClients.splice(0)) await shutdownSignClient(client);
  await relay?.close();
  relay = undefined;
});

describe('flood from one client', () => {
  it('refuses and disconnects the flooder, keeps stored bytes under the cap, and other sessions keep working', async () => {
    const logs: string[] = [];
    const started = await startRelay({ port: 0, log: (line) => logs.push(line), ...limits });
    relay = started;
    let peakStoredBytes = 0;
    const sample = (): void => {
      peakStoredBytes = Math.max(peakStoredBytes, started.stats().storedBytes);
    };

    // The victims: a dapp and a wallet that pair and sign while the flood runs.
    let pairingDone = false;
    const pairing = (async () => {
      const dapp = await initSignClient(started.url, 'dapp');
      signClients.push(dapp);
      const wallet = await initSignClient(started.url, 'wallet');
      signClients.push(wallet);
      return pairAndSign(dapp, wallet);
    })().finally(() => {
      pairingDone = true;
    });

    // The attacker: floods until closed, then comes back with a fresh did:key, until the victims are done.
    const rounds: FloodResult[] = [];
    const deadline = Date.now() + attackTimeoutMs;
    let sent = 0;
    do {
      const round = await flood({
        url: started.url,
        token: await makeAuthToken({ aud: started.url }),
        localAddress: '127.0.0.2',
        messageChars: 24 * 1024,
        maxPublishes: Math.min(500, maxTotalPublishes - sent),
        timeoutMs: Math.max(1, deadline - Date.now()),
        onAnswer: sample,
      });
      rounds.push(round);
      sent += round.sent;
      sample();
    } while (!pairingDone && sent < maxTotalPublishes && Date.now() < deadline);

    const { signatureValid, walletSeesPeer } = await pairing;
    sample();

    // The flooder got JSON-RPC errors first, then its socket was closed with a retryable code.
    const [first] = rounds;
    expect(first!.refusalsBeforeClose).toBeGreaterThan(0);
    expect(first!.refusals[0]).toMatchObject({
      code: expect.any(Number),
      message: expect.stringMatching(/rate|quota|limit|full/i),
    });
    expect(first!.closed?.code).toBe(1008);
    // Every round ended with the relay closing the socket (not with the flooder giving up).
    expect(rounds.filter((round) => round.closed?.code !== 1008)).toEqual([]);
    // Memory stayed under the cap the whole time.
    expect(peakStoredBytes).toBeLessThanOrEqual(limits.maxStoredBytes);
    // The victims paired and signed.
    expect(signatureValid).toBe(true);
    expect(walletSeesPeer).toBe('dapp');
    // Refusals were logged, but not one line per refused message.
    const refusedLines = logs.filter((line) => /refus/i.test(line));
    const refusals = rounds.reduce((sum, round) => sum + round.refusals.length, 0);
    expect(refusedLines.length).toBeGreaterThan(0);
    expect(refusedLines.length).toBeLessThan(refusals);
  });
});

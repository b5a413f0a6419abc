// Relay part of `npm run bench`, also runnable alone: `node scripts/bench-relay.mjs`.
//
// Starts the WalletConnect relay (apps/relay, default limits) in a child process on a free
// loopback port, then for FLOOD_SECONDS one flooder on 127.0.0.2 publishes 96 KiB base64
// messages with a 30-day ttl as fast as the relay answers (32 requests in flight) and comes back
// with a fresh did:key each time it is closed, while a second client pair on 127.0.0.1 does
// publish → push round trips. Prints the flooder's accepted/refused publishes and closes, the
// relay's heap/RSS before, after and at peak (process.memoryUsage in the relay process, sampled
// every 20 ms), its stored bytes against the cap, and the round-trip p50/p99 before and during the
// flood, and the relay's CPU time. The flooder and the measuring pair share this process (2 cores
// on the bench machine), so the round trips include its event-loop delay. Every wait has a
// timeout; traffic stays on loopback.

import { createMetric, printTable } from './bench-table.mjs';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth';
import WebSocket from 'ws';

const ROOT = join(import.meta.dirname, '..');
const FLOOD_SECONDS = 10;
const BASELINE_SECONDS = 2;
const FLOOD_MESSAGE_CHARS = 96 * 1024;
const FLOOD_WINDOW = 32;
const FLOOD_TTL = 30 * 24 * 3600;
/** Gap between round trips (4 publisher sockets take turns: ~8 publishes/s each, under the 10/s quota). */
const ROUND_TRIP_GAP_MS = 30;
const PUBLISHERS = 4;

const MB = 1024 * 1024;
/** @param {number} bytes */
const fmtMB = (bytes) => `${(bytes / MB).toFixed(1)} MB`;
/** @param {number} ms */
const fmtMs = (ms) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;

/**
 * @param {number[]} values
 * @param {number} q 0..1
 */
function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Rejects after `ms` unless `promise` settles first.
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} what
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------- relay child

/** Child mode: run the relay, sample its memory, answer `stats` requests over IPC. */
async function relayChild() {
  const { startRelay } = await import(pathToFileURL(join(ROOT, 'apps/relay/src/index.ts')).href);
  let logLines = 0;
  const relay = await startRelay({ port: 0, host: '127.0.0.1', log: () => logLines++ });
  const peak = { heapUsed: 0, rss: 0, storedBytes: 0 };
  const sample = () => {
    const memory = process.memoryUsage();
    peak.heapUsed = Math.max(peak.heapUsed, memory.heapUsed);
    peak.rss = Math.max(peak.rss, memory.rss);
    peak.storedBytes = Math.max(peak.storedBytes, relay.stats().storedBytes);
    return memory;
  };
  setInterval(sample, 20);
  process.on('message', (/** @type {any} */ message) => {
    if (message?.type === 'stats') {
      if (message.gc && global.gc) global.gc();
      const memory = sample();
      process.send?.({
        type: 'stats',
        memory,
        peak: { ...peak },
        stats: relay.stats(),
        limits: relay.limits,
        logLines,
        cpu: process.cpuUsage(),
      });
    }
    if (message?.type === 'stop') relay.close().then(() => process.exit(0));
  });
  process.send?.({ type: 'ready', url: relay.url });
}

/**
 * Starts the relay child and resolves with its URL and an IPC stats query.
 * @returns {Promise<{ url: string, query: (gc?: boolean) => Promise<any>, stop: () => Promise<void> }>}
 */
async function startRelayChild() {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(ROOT, 'scripts/bench-relay.mjs'), '--relay-child'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await withTimeout(
    new Promise((resolve, reject) => {
      child.on('message', (/** @type {any} */ message) => message?.type === 'ready' && resolve(message.url));
      exited.then(() => reject(new Error('relay child exited before listening')));
    }),
    15_000,
    'relay child start',
  );
  /** @param {boolean} [gc] */
  const query = (gc = false) =>
    withTimeout(
      new Promise((resolve) => {
        const onMessage = (/** @type {any} */ message) => {
          if (message?.type !== 'stats') return;
          child.off('message', onMessage);
          resolve(message);
        };
        child.on('message', onMessage);
        child.send({ type: 'stats', gc });
      }),
      5000,
      'relay stats',
    );
  const stop = async () => {
    child.send({ type: 'stop' });
    await withTimeout(exited, 5000, 'relay child stop').catch(() => child.kill('SIGKILL'));
  };
  return { url: /** @type {string} */ (url), query, stop };
}

// ---------------------------------------------------------------- clients

/**
 * Opens an authenticated socket (fresh did:key).
 * @param {string} url
 * @param {string} [localAddress]
 * @returns {Promise<WebSocket>}
 */
async function openSocket(url, localAddress) {
  const token = await signJWT('bench', url, 3600, generateKeyPair());
  const socket = new WebSocket(`${url}?auth=${token}&projectId=bench`, localAddress ? { localAddress } : {});
  await withTimeout(
    new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    }),
    5000,
    'socket open',
  );
  return socket;
}

/**
 * One flooder socket: publishes until the relay closes it or `until`.
 * @param {string} url
 * @param {number} until ms since the epoch
 * @param {{ accepted: number, refused: number, closes: Map<number, number>, refusalCodes: Map<number, number> }} totals
 */
async function floodOnce(url, until, totals) {
  const socket = await openSocket(url, '127.0.0.2');
  const message = randomBytes((FLOOD_MESSAGE_CHARS / 4) * 3).toString('base64');
  const topics = Array.from({ length: 8 }, () => randomBytes(32).toString('hex'));
  let id = 0;
  let inFlight = 0;
  const sendMore = () => {
    while (socket.readyState === WebSocket.OPEN && inFlight < FLOOD_WINDOW && Date.now() < until) {
      id++;
      inFlight++;
      socket.send(
        JSON.stringify({
          id,
          jsonrpc: '2.0',
          method: 'irn_publish',
          params: { topic: topics[id % topics.length], message, ttl: FLOOD_TTL, tag: 1108 },
        }),
      );
    }
  };
  socket.on('message', (data) => {
    const payload = JSON.parse(data.toString());
    if (payload.error) {
      totals.refused++;
      totals.refusalCodes.set(payload.error.code, (totals.refusalCodes.get(payload.error.code) ?? 0) + 1);
    } else if (payload.result === true) totals.accepted++;
    else return;
    inFlight--;
    sendMore();
  });
  const closed = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
  socket.on('open', sendMore);
  sendMore();
  const code = await Promise.race([closed, sleep(Math.max(0, until - Date.now())).then(() => null)]);
  if (code === null) {
    socket.terminate();
    return;
  }
  totals.closes.set(/** @type {number} */ (code), (totals.closes.get(/** @type {number} */ (code)) ?? 0) + 1);
}

/**
 * Publish → push round trips between publisher sockets and one subscriber until `until`.
 * @param {{ subscriber: WebSocket, publishers: WebSocket[], topic: string }} pair
 * @param {number} until
 * @returns {Promise<{ times: number[], failures: number }>}
 */
async function roundTrips(pair, until) {
  const times = [];
  let failures = 0;
  let next = 0;
  while (Date.now() < until) {
    const publisher = pair.publishers[next++ % pair.publishers.length];
    const marker = randomBytes(12).toString('base64');
    const t0 = performance.now();
    const pushed = new Promise((resolve) => {
      const onMessage = (/** @type {WebSocket.RawData} */ data) => {
        const payload = JSON.parse(data.toString());
        if (payload.method !== 'irn_subscription' || payload.params?.data?.message !== marker) return;
        pair.subscriber.off('message', onMessage);
        pair.subscriber.send(JSON.stringify({ id: payload.id, jsonrpc: '2.0', result: true }));
        resolve(undefined);
      };
      pair.subscriber.on('message', onMessage);
    });
    publisher.send(
      JSON.stringify({
        id: next,
        jsonrpc: '2.0',
        method: 'irn_publish',
        params: { topic: pair.topic, message: marker, ttl: 300, tag: 1108 },
      }),
    );
    try {
      await withTimeout(pushed, 5000, 'round trip');
      times.push(performance.now() - t0);
    } catch {
      failures++;
    }
    await sleep(ROUND_TRIP_GAP_MS);
  }
  return { times, failures };
}

// ---------------------------------------------------------------- benchmark

/**
 * Runs the relay flood benchmark and appends rows `[metric, value, notes]` to `rows`.
 * @param {Array<[string, string, string]>} rows
 * @param {(name: string, measure: () => Promise<void> | void) => Promise<void>} metric
 */
export async function relayBenchmarks(rows, metric) {
  await metric('relay under a flood', async () => {
    const relay = await startRelayChild();
    const sockets = [];
    try {
      const before = await relay.query(true);
      const topic = randomBytes(32).toString('hex');
      const subscriber = await openSocket(relay.url);
      sockets.push(subscriber);
      subscriber.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic } }));
      const publishers = [];
      for (let i = 0; i < PUBLISHERS; i++) publishers.push(await openSocket(relay.url));
      sockets.push(...publishers);
      const pair = { subscriber, publishers, topic };

      const baseline = await roundTrips(pair, Date.now() + BASELINE_SECONDS * 1000);

      const totals = { accepted: 0, refused: 0, closes: new Map(), refusalCodes: new Map() };
      const until = Date.now() + FLOOD_SECONDS * 1000;
      const flooding = (async () => {
        while (Date.now() < until) await floodOnce(relay.url, until, totals);
      })();
      const during = await roundTrips(pair, until);
      await flooding;
      const after = await relay.query(true);
      const { limits } = after;

      const closes = [...totals.closes].map(([code, count]) => `${count}× ${code}`).join(', ') || 'none';
      const codes = [...totals.refusalCodes].map(([code, count]) => `${count}× ${code}`).join(', ') || 'none';
      rows.push([
        `relay flood (${FLOOD_SECONDS} s, ${FLOOD_MESSAGE_CHARS / 1024} KiB, ttl 30 d): flooder publishes`,
        `${totals.accepted} accepted / ${totals.refused} refused`,
        `refusals ${codes}; sockets closed by the relay ${closes}; ${after.logLines - before.logLines} relay log lines`,
      ]);
      rows.push([
        'relay flood: stored bytes',
        `${fmtMB(after.peak.storedBytes)} peak`,
        `cap ${fmtMB(limits.maxStoredBytes)} total, ${fmtMB(limits.maxStoredBytesPerIp)} per address; ${fmtMB(after.stats.storedBytes)} (${after.stats.storedMessages} msgs) after`,
      ]);
      const relayCpuMs = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1000;
      rows.push([
        'relay flood: relay heap used',
        `${fmtMB(after.peak.heapUsed)} peak`,
        `before ${fmtMB(before.memory.heapUsed)}, after (gc) ${fmtMB(after.memory.heapUsed)}`,
      ]);
      rows.push([
        'relay flood: relay RSS',
        `${fmtMB(after.peak.rss)} peak`,
        `before ${fmtMB(before.memory.rss)}, after ${fmtMB(after.memory.rss)}`,
      ]);
      rows.push([
        'relay flood: relay CPU',
        `${(relayCpuMs / 1000).toFixed(1)} s`,
        `user + system in the relay process over the ${BASELINE_SECONDS} s baseline and the ${FLOOD_SECONDS} s flood (one core at most)`,
      ]);
      rows.push([
        'relay flood: other client publish → push round trip',
        `p50 ${fmtMs(quantile(during.times, 0.5))}, p99 ${fmtMs(quantile(during.times, 0.99))}`,
        `${during.times.length} round trips, ${during.failures} lost; without flood p50 ${fmtMs(quantile(baseline.times, 0.5))}, p99 ${fmtMs(quantile(baseline.times, 0.99))} (${baseline.times.length})`,
      ]);
    } finally {
      for (const socket of sockets) socket.terminate();
      await relay.stop();
    }
  });
}

const invokedAs = process.argv[1] ? pathToFileURL(process.argv[1]).href : '';
if (invokedAs === import.meta.url) {
  if (process.argv.includes('--relay-child')) {
    await relayChild();
  } else {
    /** @type {Array<[string, string, string]>} */
    const rows = [];
    await relayBenchmarks(rows, createMetric(rows));
    printTable(rows);
    process.exit(0);
  }
}

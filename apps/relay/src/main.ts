import { startRelay } from './server.ts';

/**
 * CLI entry (`npm start -w @airlock/relay`). Environment:
 * - `RELAY_PORT` (default 8555), `HOST` (default 127.0.0.1);
 * - optional limits `RELAY_MAX_MESSAGES_PER_TOPIC` (500), `RELAY_MAX_MESSAGES` (50 000),
 *   `RELAY_MAX_MESSAGE_BYTES` (524 288);
 * - `RELAY_AUDIENCES`: comma list of extra accepted JWT `aud` URLs (public URL behind a proxy).
 * Logs the URL once listening; SIGINT / SIGTERM close it.
 */
const readInt = (name: string): number | undefined => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got ${JSON.stringify(raw)}`);
  return value;
};

const relay = await startRelay({
  port: readInt('RELAY_PORT') ?? 8555,
  host: process.env.HOST || '127.0.0.1',
  maxMessagesPerTopic: readInt('RELAY_MAX_MESSAGES_PER_TOPIC'),
  maxMessages: readInt('RELAY_MAX_MESSAGES'),
  maxMessageBytes: readInt('RELAY_MAX_MESSAGE_BYTES'),
  audiences: (process.env.RELAY_AUDIENCES ?? '').split(',').map((s) => s.trim()).filter(Boolean),
});
console.log(`relay: listening on ${relay.url}`);

const shutdown = (): void => {
  relay.close().then(() => process.exit(0), () => process.exit(1));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

import { limitsFromEnv } from './limits.ts';
import { startRelay } from './server.ts';

/**
 * CLI entry (`npm start -w @airlock/relay`). Environment:
 * - `RELAY_PORT` (default 8555), `HOST` (default 127.0.0.1);
 * - every limit of `RelayLimits` as `RELAY_` + its name in upper snake case, e.g.
 *   `RELAY_MAX_STORED_BYTES`, `RELAY_CONN_PUBLISH_MESSAGES_PER_SECOND` (README.md "Limits");
 * - `RELAY_TRUST_PROXY=1`: take the client address from `X-Forwarded-For` (behind a reverse proxy);
 * - `RELAY_AUDIENCES`: comma list of extra accepted JWT `aud` URLs (public URL behind a proxy).
 * Logs the URL once listening; SIGINT / SIGTERM close it. Exits 1 with the variable's name when a value is invalid.
 */
const readPort = (): number => {
  const raw = process.env.RELAY_PORT;
  if (raw === undefined || raw === '') return 8555;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`RELAY_PORT must be a port number, got ${JSON.stringify(raw)}`);
  return value;
};

let relay: Awaited<ReturnType<typeof startRelay>>;
try {
  relay = await startRelay({
    port: readPort(),
    host: process.env.HOST || '127.0.0.1',
    ...limitsFromEnv(process.env),
    trustProxy: ['1', 'true'].includes(process.env.RELAY_TRUST_PROXY ?? ''),
    audiences: (process.env.RELAY_AUDIENCES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  });
} catch (error) {
  console.error(`relay: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`relay: listening on ${relay.url}`);

const shutdown = (): void => {
  relay.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

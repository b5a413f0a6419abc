import { DEFAULT_DEV_ACCOUNT_COUNT, DEFAULT_DEV_SEED } from './devAccounts.ts';
import { type BitcoinEsplora, startBitcoinEsplora } from './server.ts';

/**
 * CLI entry (`npm start -w @airlock/bitcoin-esplora`). Environment:
 * - `BITCOIN_ESPLORA_PORT` (default 3002), `HOST` (default 127.0.0.1);
 * - `BITCOIN_ESPLORA_SEED` (default `airlock-dev-bitcoin`), `BITCOIN_ESPLORA_ACCOUNTS` (default 4);
 * - `BITCOIN_ESPLORA_BLOCK_MS` (default 5000; 0 mines only on `POST /regtest/mine`).
 * Prints the URL and the funded dev addresses once listening; SIGINT / SIGTERM stop it.
 * Exits 1 with the variable's name when a value is invalid.
 */
const readInt = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return value;
};

let esplora: BitcoinEsplora;
try {
  esplora = await startBitcoinEsplora({
    port: readInt('BITCOIN_ESPLORA_PORT', 3002, 0, 65535),
    host: process.env.HOST || '127.0.0.1',
    seed: process.env.BITCOIN_ESPLORA_SEED || DEFAULT_DEV_SEED,
    accounts: readInt('BITCOIN_ESPLORA_ACCOUNTS', DEFAULT_DEV_ACCOUNT_COUNT, 1, 100),
    blockIntervalMs: readInt('BITCOIN_ESPLORA_BLOCK_MS', 5000, 0, 3_600_000),
  });
} catch (error) {
  console.error(`bitcoin-esplora: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`bitcoin-esplora: listening on ${esplora.url} (Esplora API, regtest)`);
for (const a of esplora.devAccounts) {
  console.log(
    `bitcoin-esplora: dev account ${a.index} payment ${a.payment.address} (1 BTC), ordinals ${a.ordinals.address}`,
  );
}

const shutdown = (): void => {
  esplora.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

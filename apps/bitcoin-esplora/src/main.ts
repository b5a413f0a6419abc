import { readInt, runStandIn } from '@airlock/testing/stand-in';
import { DEFAULT_DEV_ACCOUNT_COUNT, DEFAULT_DEV_SEED } from './devAccounts.ts';
import { startBitcoinEsplora } from './server.ts';

/**
 * CLI entry (`npm start -w @airlock/bitcoin-esplora`). Environment:
 * - `BITCOIN_ESPLORA_PORT` (default 3002), `HOST` (default 127.0.0.1);
 * - `BITCOIN_ESPLORA_SEED` (default `airlock-dev-bitcoin`), `BITCOIN_ESPLORA_ACCOUNTS` (default 4);
 * - `BITCOIN_ESPLORA_BLOCK_MS` (default 5000; 0 mines only on `POST /regtest/mine`).
 * Prints the URL and the funded dev addresses once listening; SIGINT / SIGTERM stop it.
 * Exits 1 with the variable's name when a value is invalid.
 */
await runStandIn(
  'bitcoin-esplora',
  () =>
    startBitcoinEsplora({
      port: readInt('BITCOIN_ESPLORA_PORT', 3002, 0, 65535),
      host: process.env.HOST || '127.0.0.1',
      seed: process.env.BITCOIN_ESPLORA_SEED || DEFAULT_DEV_SEED,
      accounts: readInt('BITCOIN_ESPLORA_ACCOUNTS', DEFAULT_DEV_ACCOUNT_COUNT, 1, 100),
      blockIntervalMs: readInt('BITCOIN_ESPLORA_BLOCK_MS', 5000, 0, 3_600_000),
    }),
  (esplora) => [
    `listening on ${esplora.url} (Esplora API, regtest)`,
    ...esplora.devAccounts.map(
      (a) => `dev account ${a.index} payment ${a.payment.address} (1 BTC), ordinals ${a.ordinals.address}`,
    ),
  ],
);

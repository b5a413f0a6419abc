import { readInt, runStandIn } from '@airlock/testing/stand-in';
import { DEFAULT_DEV_ACCOUNT_COUNT } from './devAccounts.ts';
import { startCosmosLcd } from './server.ts';

/**
 * CLI entry (`npm start -w @airlock/cosmos-lcd`). Environment: `COSMOS_LCD_PORT` (default 1317),
 * `HOST` (default 127.0.0.1), `COSMOS_LCD_ACCOUNTS` (default 4). Prints the URL and the funded dev
 * addresses once listening; SIGINT / SIGTERM stop it. Exits 1 with the variable's name when a value is invalid.
 */
await runStandIn(
  'cosmos-lcd',
  () =>
    startCosmosLcd({
      port: readInt('COSMOS_LCD_PORT', 1317, 0, 65535),
      host: process.env.HOST || '127.0.0.1',
      accounts: readInt('COSMOS_LCD_ACCOUNTS', DEFAULT_DEV_ACCOUNT_COUNT, 1, 100),
    }),
  (lcd) => [
    `listening on ${lcd.url} (LCD subset and CometBFT JSON-RPC subset, chain airlock-local-1)`,
    ...lcd.devAccounts.map((a, i) => `dev account ${i} ${a.address} (1000 STAKE)`),
  ],
);

import { readInt, runStandIn } from '@airlock/testing/stand-in';
import { startSubstrateRpc } from './server.ts';

/**
 * CLI entry (`npm start -w @airlock/substrate-rpc`). Environment: `SUBSTRATE_RPC_PORT` (default
 * 9933), `HOST` (default 127.0.0.1). Prints the URL and the seeded accounts once listening;
 * SIGINT / SIGTERM stop it. Exits 1 with the variable's name when a value is invalid.
 */
await runStandIn(
  'substrate-rpc',
  () =>
    startSubstrateRpc({ port: readInt('SUBSTRATE_RPC_PORT', 9933, 0, 65535), host: process.env.HOST || '127.0.0.1' }),
  (rpc) => [
    `listening on ${rpc.url} (Substrate JSON-RPC subset, chain Airlock Local)`,
    ...rpc.devAccounts.map((a) => `dev account ${a.name} ${a.address} (free ${a.free}, reserved ${a.reserved} planck)`),
  ],
);

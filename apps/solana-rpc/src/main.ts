import { readInt, runStandIn } from '@airlock/testing/stand-in';
import { DEFAULT_DEV_ACCOUNT_COUNT, DEFAULT_DEV_SEED } from './devAccounts.ts';
import { startSolanaRpc } from './server.ts';

/**
 * CLI entry (`npm start -w @airlock/solana-rpc`). Environment:
 * - `SOLANA_RPC_PORT` (default 8899), `SOLANA_RPC_WS_PORT` (default port + 1), `HOST` (default 127.0.0.1);
 * - `SOLANA_RPC_SEED` (default `airlock-dev-solana`), `SOLANA_RPC_ACCOUNTS` (default 10).
 * Prints the URLs, the dev accounts and the DEV mint once listening; SIGINT / SIGTERM stop it.
 * Exits 1 with the variable's name when a value is invalid.
 */
await runStandIn(
  'solana-rpc',
  () =>
    startSolanaRpc({
      port: readInt('SOLANA_RPC_PORT', 8899, 0, 65535),
      wsPort: readInt('SOLANA_RPC_WS_PORT', undefined, 1, 65535),
      host: process.env.HOST || '127.0.0.1',
      seed: process.env.SOLANA_RPC_SEED || DEFAULT_DEV_SEED,
      accounts: readInt('SOLANA_RPC_ACCOUNTS', DEFAULT_DEV_ACCOUNT_COUNT, 1, 100),
    }),
  (rpc) => [
    `listening on ${rpc.url} (WebSocket ${rpc.wsUrl})`,
    `DEV mint ${rpc.devMint.toBase58()} (6 decimals)`,
    ...rpc.devKeypairs.map((k, i) => `dev account ${i} ${k.publicKey.toBase58()} (1000 SOL, 1000000 DEV)`),
  ],
);

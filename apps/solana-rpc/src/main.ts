import { DEFAULT_DEV_ACCOUNT_COUNT, DEFAULT_DEV_SEED } from './devAccounts.ts';
import { type SolanaRpc, startSolanaRpc } from './server.ts';

/**
 * CLI entry (`npm start -w @airlock/solana-rpc`). Environment:
 * - `SOLANA_RPC_PORT` (default 8899), `SOLANA_RPC_WS_PORT` (default port + 1), `HOST` (default 127.0.0.1);
 * - `SOLANA_RPC_SEED` (default `airlock-dev-solana`), `SOLANA_RPC_ACCOUNTS` (default 10).
 * Prints the URLs, the dev accounts and the DEV mint once listening; SIGINT / SIGTERM stop it.
 * Exits 1 with the variable's name when a value is invalid.
 */
const readInt = (name: string, fallback: number | undefined, min: number, max: number): number | undefined => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  return value;
};

let rpc: SolanaRpc;
try {
  rpc = await startSolanaRpc({
    port: readInt('SOLANA_RPC_PORT', 8899, 0, 65535),
    wsPort: readInt('SOLANA_RPC_WS_PORT', undefined, 1, 65535),
    host: process.env.HOST || '127.0.0.1',
    seed: process.env.SOLANA_RPC_SEED || DEFAULT_DEV_SEED,
    accounts: readInt('SOLANA_RPC_ACCOUNTS', DEFAULT_DEV_ACCOUNT_COUNT, 1, 100),
  });
} catch (error) {
  console.error(`solana-rpc: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`solana-rpc: listening on ${rpc.url} (WebSocket ${rpc.wsUrl})`);
console.log(`solana-rpc: DEV mint ${rpc.devMint.toBase58()} (6 decimals)`);
for (const [i, keypair] of rpc.devKeypairs.entries()) {
  console.log(`solana-rpc: dev account ${i} ${keypair.publicKey.toBase58()} (1000 SOL, 1000000 DEV)`);
}

const shutdown = (): void => {
  rpc.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

/**
 * `@airlock/solana-rpc`: a local Solana JSON-RPC (HTTP and WebSocket subscriptions) over litesvm,
 * with deterministic funded dev accounts and a DEV SPL mint. See README.md.
 */
export { startSolanaRpc, MAX_BODY_BYTES, type SolanaRpc, type SolanaRpcOptions } from './server.ts';
export {
  DEFAULT_DEV_SEED,
  DEFAULT_DEV_ACCOUNT_COUNT,
  DEV_ACCOUNT_LAMPORTS,
  DEV_MINT_DECIMALS,
  DEV_TOKEN_AMOUNT,
  deriveKeypair,
  deriveDevKeypairs,
  deriveDevMintKeypair,
  deriveFaucetKeypair,
} from './devAccounts.ts';
export { FAUCET_LAMPORTS } from './genesis.ts';
export { RPC_ERROR } from './errors.ts';
export { METHODS } from './methods/index.ts';
export type { Chain, TransactionRecord } from './chain.ts';

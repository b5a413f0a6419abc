/**
 * `@airlock/cosmos-lcd`: a Cosmos stand-in (LCD subset and CometBFT JSON-RPC subset, seeded dev
 * accounts) for the dev stack and tests. Not a node: see README.md.
 */
export { startCosmosLcd, MAX_BODY_BYTES, type CosmosLcd, type CosmosLcdOptions } from './server.ts';
export { DEFAULT_DEV_ACCOUNT_COUNT, DEV_BALANCE, DEV_MNEMONIC, devWallet } from './devAccounts.ts';
export { createChain, MSG_SEND, type BroadcastResult, type CosmosAccount, type CosmosChain } from './chain.ts';
export { COMET_VERSION } from './comet.ts';

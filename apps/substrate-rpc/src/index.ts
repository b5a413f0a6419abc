/**
 * `@airlock/substrate-rpc`: a Substrate JSON-RPC stand-in (genesis hash, chain name, runtime
 * version, seeded free/reserved balances) for the dev stack and tests. Not a node: see README.md.
 */
export { startSubstrateRpc, MAX_BODY_BYTES, type SubstrateRpc, type SubstrateRpcOptions } from './server.ts';
export { DEV_ACCOUNT_NAMES, UNIT, devSubstrateAccounts, type DevSubstrateAccount } from './devAccounts.ts';
export { CHAIN_NAME, RUNTIME_VERSION, encodeAccountInfo, substrateRpc, systemAccountKey } from './rpc.ts';

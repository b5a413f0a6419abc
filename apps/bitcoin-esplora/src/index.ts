/**
 * `@airlock/bitcoin-esplora`: a Bitcoin regtest stand-in with an Esplora-compatible HTTP API and
 * deterministic funded dev accounts, for the dev stack and tests. Not a node: see README.md.
 */
export { startBitcoinEsplora, MAX_BODY_BYTES, type BitcoinEsplora, type BitcoinEsploraOptions } from './server.ts';
export {
  DEFAULT_DEV_ACCOUNT_COUNT,
  DEFAULT_DEV_SEED,
  DEV_ORDINALS_OUTPUTS,
  DEV_PAYMENT_OUTPUTS,
  REGTEST,
  deriveDevAccount,
  deriveDevAccounts,
  deriveDevKey,
  type DevBitcoinAccount,
} from './devAccounts.ts';
export { MIN_FEE_RATE, RejectError, type Chain } from './chain.ts';

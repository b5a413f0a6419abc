import { makeCosmoshubPath } from '@cosmjs/amino';
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing';

/**
 * The dev mnemonic of the local Cosmos network (the well-known test mnemonic of the EVM dev
 * tools, so nobody mistakes it for a real key). Its accounts are at the Cosmos Hub path
 * `m/44'/118'/0'/0/i`.
 */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

/** Funded dev accounts at start. */
export const DEFAULT_DEV_ACCOUNT_COUNT = 4;

/** Each dev account's starting balance: 1,000 STAKE (`ustake`, 6 decimals). */
export const DEV_BALANCE = 1_000_000_000n;

/**
 * The dev wallet of the local network: `count` accounts of {@link DEV_MNEMONIC} with `prefix`
 * (CosmJS `DirectSecp256k1HdWallet`, the same the Dev Keplr Wallet uses).
 */
export const devWallet = (count = DEFAULT_DEV_ACCOUNT_COUNT, prefix = 'cosmos') =>
  DirectSecp256k1HdWallet.fromMnemonic(DEV_MNEMONIC, {
    prefix,
    hdPaths: Array.from({ length: count }, (_, i) => makeCosmoshubPath(i)),
  });

import { mnemonicToAccount, type HDAccount } from 'viem/accounts';

/**
 * The Dev Wallet's keys: anvil's default mnemonic, the accounts every local anvil chain funds with
 * 10 000 ETH (docs/integration.md). Never use these keys on a real network.
 */

/** Anvil's default BIP-39 mnemonic (public, test only). */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

/** BIP-44 address indexes the wallet offers: anvil accounts 0 and 1. */
export const ACCOUNT_INDEXES = [0, 1] as const;

/**
 * Derives the wallet's local accounts (`m/44'/60'/0'/0/<index>`) with viem `mnemonicToAccount`.
 * @returns `[account 0 (0xf39F…2266), account 1 (0x7099…79C8)]`, checksummed addresses.
 */
export function createDevAccounts(mnemonic: string = ANVIL_MNEMONIC): HDAccount[] {
  return ACCOUNT_INDEXES.map((addressIndex) => mnemonicToAccount(mnemonic, { addressIndex }));
}

/**
 * The account with this address, compared case-insensitively, or `undefined`.
 * @param address `0x`-prefixed 20-byte hex, any case.
 */
export function findAccount(accounts: readonly HDAccount[], address: unknown): HDAccount | undefined {
  if (typeof address !== 'string') return undefined;
  const wanted = address.toLowerCase();
  return accounts.find((account) => account.address.toLowerCase() === wanted);
}

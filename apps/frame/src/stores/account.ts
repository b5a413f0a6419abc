import { create } from 'zustand';
import type { CaipAddress } from '@airlock/protocol';

/** Account store (spec §3 Account state). */
export type AccountState = {
  /** CAIP-10 id of the connected account on the wallet's chain, null when disconnected. */
  caipAddress: CaipAddress | null;
  /** EIP-55 checksummed address, null when disconnected. */
  address: `0x${string}` | null;
  /** Native balance in whole units (ether, not wei) as a decimal string, null until read. */
  balance: string | null;
  /** Native currency symbol of the balance (e.g. `ETH`), null until read. */
  balanceSymbol: string | null;
};

/** The initial (disconnected) account state. */
export const initialAccount: AccountState = { caipAddress: null, address: null, balance: null, balanceSymbol: null };

/** Account store (zustand). */
export const useAccountStore = create<AccountState>(() => ({ ...initialAccount }));

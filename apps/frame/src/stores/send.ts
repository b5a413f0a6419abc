import { create } from 'zustand';
import type { TokenBalance } from '../api/blockchain.ts';

/** Send store (spec §3 'Send state: token, sendTokenAmount, receiverAddress, … loading'). */
export type SendState = {
  /** The token to send (native entry has no `address`), null until picked. */
  token: TokenBalance | null;
  /** Amount in whole tokens as typed (decimal string, e.g. `1.5`). */
  sendTokenAmount: string;
  /** Receiver EVM address as typed. */
  receiverAddress: string;
  /** True while the wallet is asked to send. */
  loading: boolean;
  /** The last failure's message, null when none (the form keeps its values). */
  error: string | null;
};

/** The initial (empty) send state. */
export const initialSend: SendState = { token: null, sendTokenAmount: '', receiverAddress: '', loading: false, error: null };

/** Send store (zustand). */
export const useSendStore = create<SendState>(() => ({ ...initialSend }));

/** Resets the send state (spec §4 'resets send state'). */
export function resetSend(): void {
  useSendStore.setState({ ...initialSend });
}

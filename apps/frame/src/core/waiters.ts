import { ErrorCode, Message, err, ok, type CaipAddress, type Result } from '@airlock/protocol';
import type { FrameStore } from './store.ts';

/**
 * The promises dapp calls wait on: `open()` until the modal closes, a pending
 * `eth_requestAccounts` until the visitor connects, a wallet rejects, or the modal
 * closes. Settled from store changes (connected → accounts; modal closed → close
 * waiters, then pending accounts with 4001 'Modal closed').
 */
export type Waiters = {
  /** Resolves when the modal next closes, with the connected caipAddress or null. */
  untilClosed(): Promise<{ caipAddress: CaipAddress | null }>;
  /** Settles with the accounts on connect, 4001 'Connection rejected' / 'Modal closed' otherwise. */
  untilAccounts(): Promise<Result<string[]>>;
  /** Settles every pending `eth_requestAccounts` with `result` (a wallet rejection). */
  settleAccounts(result: Result<string[]>): void;
  /** Stops following the store. */
  stop(): void;
};

/** Creates the waiters of a frame, following `store`. */
export function createWaiters(store: FrameStore): Waiters {
  const closed: ((value: { caipAddress: CaipAddress | null }) => void)[] = [];
  const accounts: ((result: Result<string[]>) => void)[] = [];
  const settleAccounts = (result: Result<string[]>) => accounts.splice(0).forEach((settle) => settle(result));
  const stop = store.subscribe((state, previous) => {
    const { status, address, caipAddress } = state.connection;
    if (status === 'connected' && address && previous.connection.status !== 'connected') settleAccounts(ok([address]));
    if (previous.modal.open && !state.modal.open) {
      closed.splice(0).forEach((resolve) => resolve({ caipAddress: status === 'connected' ? caipAddress : null }));
      settleAccounts(err(ErrorCode.UserRejected, Message.ModalClosed));
    }
  });
  return {
    untilClosed: () => new Promise((resolve) => closed.push(resolve)),
    untilAccounts: () => new Promise((resolve) => accounts.push(resolve)),
    settleAccounts,
    stop,
  };
}

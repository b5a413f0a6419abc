import { ErrorCode, Message, err, ok, type CaipAddress, type Result } from '@airlock/protocol';
import type { FrameStore } from './store.ts';
import { connectionOf } from './connection.ts';

/**
 * The promises dapp calls wait on: `open()` until the modal closes, a pending
 * `eth_requestAccounts` until the visitor connects or the modal closes unconnected.
 * Settled from store changes (a wallet connected, the first or one more beside it → accounts; modal closed → close waiters, then
 * pending accounts with 4001). A wallet's rejection while the modal stays open does not
 * settle them: the visitor can still connect ('Try again', another wallet); it only
 * chooses the message of the 4001 given when the modal then closes ('Connection rejected'
 * instead of 'Modal closed').
 */
export type Waiters = {
  /** Resolves when the modal next closes, with the connected caipAddress or null. */
  untilClosed(): Promise<{ caipAddress: CaipAddress | null }>;
  /** Settles with the accounts on connect, 4001 'Connection rejected' / 'Modal closed' when the modal closes unconnected. */
  untilAccounts(): Promise<Result<string[]>>;
  /**
   * Settles every pending `eth_requestAccounts` with `result`. An error (a wallet
   * rejection) while the modal is open is kept as the answer for when it closes
   * unconnected; a connect before then answers with the accounts instead.
   */
  settleAccounts(result: Result<string[]>): void;
  /** Stops following the store. */
  stop(): void;
};

/** Creates the waiters of a frame, following `store`. */
export function createWaiters(store: FrameStore): Waiters {
  const closed: ((value: { caipAddress: CaipAddress | null }) => void)[] = [];
  const accounts: ((result: Result<string[]>) => void)[] = [];
  let rejection: Result<string[]> | null = null;
  const flush = (result: Result<string[]>) => {
    rejection = null;
    for (const settle of accounts.splice(0)) settle(result);
  };
  const settleAccounts = (result: Result<string[]>) => {
    if (!result.ok && store.getState().modal.open) rejection = result;
    else flush(result);
  };
  const stop = store.subscribe((state, previous) => {
    const { status, address, caipAddress, wallet } = connectionOf(state);
    const before = connectionOf(previous);
    // A connect settles the waiters: the first connection, or with multi-wallet another one beside it
    // (the list grows, or another wallet is shown) — the status stays 'connected' then.
    const connectedNow =
      before.status !== 'connected' ||
      state.connections.list.length > previous.connections.list.length ||
      before.wallet?.connectorId !== wallet?.connectorId;
    if (status === 'connected' && address && connectedNow) flush(ok([address]));
    if (previous.modal.open && !state.modal.open) {
      for (const resolve of closed.splice(0)) resolve({ caipAddress: status === 'connected' ? caipAddress : null });
      flush(rejection ?? err(ErrorCode.UserRejected, Message.ModalClosed));
    }
  });
  return {
    untilClosed: () => new Promise((resolve) => closed.push(resolve)),
    untilAccounts: () => new Promise((resolve) => accounts.push(resolve)),
    settleAccounts,
    stop,
  };
}

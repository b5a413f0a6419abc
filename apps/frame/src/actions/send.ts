import type { Hash } from 'viem';
import type { Frame } from '../store/frame.ts';
import { initialSend, type SendState } from '../store/state.ts';
import { refreshBalance, waitForMined } from './balance.ts';
import { resetRoute } from './modal.ts';
import { refreshPortfolio } from './portfolio.ts';
import type { FeeEstimate } from './sendFee.ts';
import { showToast } from './toast.ts';
import { connectionOf } from '../store/connection.ts';

/** Updates the send form (one state change). */
export function setSend(frame: Frame, patch: Partial<SendState>): void {
  frame.store.setState((s) => ({ send: { ...s.send, ...patch } }));
}

/** Resets the send state (spec §4 'resets send state'). */
export function resetSend(frame: Frame): void {
  frame.store.setState({ send: initialSend });
}

/**
 * Sends the token in the send form (spec §4 'Send'): checks it (spec §5 messages), asks
 * the active connector with `eth_sendTransaction` (with the reviewed `fee`'s gas limit and
 * fee caps when given, so the wallet cannot charge more than the review showed), then
 * resets the form, returns to Account and, once mined, refreshes balances and activity.
 * On a check or wallet failure the message goes to `send.error` and the form keeps its
 * values. Never throws.
 */
export async function submitSend(frame: Frame, fee: FeeEstimate | null = null): Promise<void> {
  const { send } = frame.store.getState();
  const connection = connectionOf(frame.store.getState());
  if (send.loading) return;
  const { address, caipNetworkId } = connection;
  const { buildSendTransaction } = await import('./sendTokens.ts');
  const built = buildSendTransaction(
    send,
    (address ?? '0x0000000000000000000000000000000000000000') as `0x${string}`,
    caipNetworkId,
  );
  if (!built.ok) return setSend(frame, { error: built.message });
  const connector = frame.connectors.active();
  if (!address || !connector) return setSend(frame, { error: 'Not connected' });
  setSend(frame, { loading: true, error: null });
  const toHex = (n: bigint) => `0x${n.toString(16)}` as const;
  const tx = fee
    ? {
        ...built.tx,
        gas: toHex(fee.gas),
        maxFeePerGas: toHex(fee.maxFeePerGas),
        maxPriorityFeePerGas: toHex(fee.maxPriorityFeePerGas),
      }
    : built.tx;
  const result = await connector.request({ method: 'eth_sendTransaction', params: [tx] }, caipNetworkId);
  if (!result.ok) return setSend(frame, { loading: false, error: result.error.message });
  resetSend(frame);
  resetRoute(frame, { view: 'Account' });
  showToast(frame, 'Transaction sent', 'success');
  void afterMined(frame, result.value as Hash, caipNetworkId);
}

async function afterMined(frame: Frame, hash: Hash, caipNetworkId: string): Promise<void> {
  if (!(await waitForMined(frame, hash, caipNetworkId))) return;
  // The indexer needs a moment to see the block; refresh now and once more shortly after.
  await Promise.all([refreshBalance(frame, { force: true }), refreshPortfolio(frame)]);
  const timer = setTimeout(() => void refreshPortfolio(frame), 2_000);
  frame.runtime.cleanups.push(() => clearTimeout(timer));
}

import type { Hash } from 'viem';
import { connectorRequest } from '../connectors/active.ts';
import { useAccountStore } from '../stores/account.ts';
import { useConnectionStore } from '../stores/connection.ts';
import { useNetworkStore } from '../stores/network.ts';
import { resetRoute } from '../stores/router.ts';
import { resetSend, useSendStore } from '../stores/send.ts';
import { showToast } from '../stores/toast.ts';
import { refreshBalance, waitForMined } from './balance.ts';
import { refreshPortfolio } from './portfolio.ts';

/**
 * Sends the token in the send store (spec §4 'Send: needs amount, receiver and
 * token; runs a native or token transfer, resets send state, and on success
 * returns to Account'): checks it (spec §5 messages), asks the connected
 * wallet with `eth_sendTransaction`, then resets the send state, returns to
 * Account and, once mined, refreshes balances and activity. On a check or
 * wallet failure the message goes to `error` and the form keeps its values.
 * Never throws.
 */
export async function submitSend(): Promise<void> {
  const send = useSendStore.getState();
  if (send.loading) return;
  const address = useAccountStore.getState().address;
  const connector = useConnectionStore.getState().connector;
  const caipNetworkId = useNetworkStore.getState().caipNetworkId;
  const { buildSendTransaction } = await import('./sendTokens.ts');
  const built = buildSendTransaction(send, address ?? '0x0000000000000000000000000000000000000000', caipNetworkId);
  if (!built.ok) {
    useSendStore.setState({ error: built.message });
    return;
  }
  if (!address || !connector) {
    useSendStore.setState({ error: 'Not connected' });
    return;
  }
  useSendStore.setState({ loading: true, error: null });
  const result = await connectorRequest(connector, { method: 'eth_sendTransaction', params: [built.tx] }, caipNetworkId);
  if (!result.ok) {
    useSendStore.setState({ loading: false, error: result.error.message });
    return;
  }
  resetSend();
  resetRoute({ view: 'Account' });
  showToast('Transaction sent', 'success');
  void afterMined(result.value as Hash, caipNetworkId);
}

async function afterMined(hash: Hash, caipNetworkId: string): Promise<void> {
  if (!(await waitForMined(hash, caipNetworkId))) return;
  // The indexer needs a moment to see the block; refresh now and once more shortly after.
  await Promise.all([refreshBalance(), refreshPortfolio()]);
  setTimeout(() => void refreshPortfolio(), 2_000);
}

import { formatCaipAddress, type CaipNetworkId } from '@airlock/protocol';
import { useAccountStore } from '../stores/account.ts';
import { useConnectionStore } from '../stores/connection.ts';
import { useModalStore } from '../stores/modal.ts';
import { useNetworkStore } from '../stores/network.ts';
import { findNetwork, getNetworks } from '../stores/options.ts';
import { loadActiveNetwork, saveActiveNetwork } from '../stores/persistence.ts';
import { currentRoute, pushRoute, replaceRoute } from '../stores/router.ts';
import { refreshBalance } from './balance.ts';
import { emitChainChanged } from './events.ts';

/**
 * The network to start on (spec §3 'active network id' in local storage):
 * the stored one when it is configured, otherwise the first configured network.
 */
export function startingNetwork(): CaipNetworkId {
  const stored = loadActiveNetwork();
  const network = findNetwork(stored) ?? getNetworks()[0];
  return (network?.caipNetworkId ?? 'eip155:1') as CaipNetworkId;
}

/** Sets the active network at boot from storage (no event). */
export function initNetwork(): void {
  useNetworkStore.setState({ caipNetworkId: startingNetwork(), switching: null });
}

/**
 * Makes `caipNetworkId` the active network: stores it (when configured),
 * moves the account's caipAddress to it, emits EIP-1193 `chainChanged`, and
 * while connected refreshes the balance. A chain that is not configured shows
 * UnsupportedChain when the modal is open; a configured one leaves it.
 * Nothing happens when it is already active.
 */
export function applyChain(caipNetworkId: CaipNetworkId): void {
  if (useNetworkStore.getState().caipNetworkId === caipNetworkId) return;
  const network = findNetwork(caipNetworkId);
  useNetworkStore.setState({ caipNetworkId });
  if (network) saveActiveNetwork(caipNetworkId);
  const { address } = useAccountStore.getState();
  if (address) {
    useAccountStore.setState({ caipAddress: formatCaipAddress(caipNetworkId, address), balance: null, balanceSymbol: null });
  }
  emitChainChanged(caipNetworkId);
  if (useConnectionStore.getState().status !== 'connected') return;
  void refreshBalance();
  if (!useModalStore.getState().open) return;
  const top = currentRoute().view;
  if (!network && top !== 'UnsupportedChain') pushRoute({ view: 'UnsupportedChain' });
  if (network && top === 'UnsupportedChain') replaceRoute({ view: 'Account' });
}

import type { WidgetState } from '@airlock/protocol';
import { hostEmit } from '../bridge/host.ts';
import { isWalletConnect } from '../connectors/walletconnect/constants.ts';
import { useAccountStore } from '../stores/account.ts';
import { useConnectionStore } from '../stores/connection.ts';
import { useModalStore } from '../stores/modal.ts';
import { useNetworkStore } from '../stores/network.ts';

/** The widget state the dapp sees (protocol WidgetState: spec §3 account and modal state, §4 status). */
export function getWidgetState(): WidgetState {
  const { status, connector } = useConnectionStore.getState();
  const account = useAccountStore.getState();
  return {
    open: useModalStore.getState().open,
    status,
    chainNamespace: 'eip155',
    caipNetworkId: useNetworkStore.getState().caipNetworkId,
    caipAddress: account.caipAddress,
    address: account.address,
    connectedWalletInfo:
      status === 'connected' && connector
        ? { name: connector.name, icon: connector.icon, type: isWalletConnect(connector) ? 'WALLET_CONNECT' : 'ANNOUNCED', rdns: connector.rdns }
        : null,
    balance: account.balance,
    balanceSymbol: account.balanceSymbol,
  };
}

/**
 * Emits `{ type: 'state', state }` to the host now and after every change of
 * the widget state (compared by value, so unrelated store updates send nothing).
 * @returns a function that stops the sync.
 */
export function startStateSync(): () => void {
  let last = '';
  const push = () => {
    const state = getWidgetState();
    const json = JSON.stringify(state);
    if (json === last) return;
    last = json;
    void hostEmit({ type: 'state', state });
  };
  push();
  const stops = [useConnectionStore, useAccountStore, useNetworkStore, useModalStore].map((store) =>
    (store.subscribe as (listener: () => void) => () => void)(push),
  );
  return () => stops.forEach((stop) => stop());
}

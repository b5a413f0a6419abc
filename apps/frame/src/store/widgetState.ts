import { chainNamespaceOf, type ConnectionStatus, type WidgetState } from '@airlock/protocol';
import { connectionOf } from './connection.ts';
import type { FrameState } from './state.ts';

/**
 * The widget state the dapp sees (protocol WidgetState: spec §3 account and modal state, §4 status),
 * derived from the store (`chainNamespace` from the active network's CAIP-2 id; the status of every
 * connected namespace; the modal's `loading`; the account's profile name and image); `siwx` (the session of the connected account on the active network: the
 * store holds live sessions only, siwx/watch.ts) only when sign-in is on. Pure.
 */
export function widgetState(state: FrameState): WidgetState {
  const { modal } = state;
  const c = connectionOf(state);
  const wallet = c.status === 'connected' ? c.wallet : null;
  return {
    open: modal.open,
    status: c.status,
    chainNamespace: chainNamespaceOf(c.caipNetworkId),
    caipNetworkId: c.caipNetworkId,
    caipAddress: wallet ? c.caipAddress : null,
    address: wallet ? c.address : null,
    connectedWalletInfo: wallet
      ? {
          name: wallet.name,
          icon: wallet.icon,
          type: wallet.type,
          ...(wallet.rdns ? { rdns: wallet.rdns } : {}),
          ...(wallet.explorerId ? { explorerId: wallet.explorerId } : {}),
        }
      : null,
    balance: wallet ? c.balance : null,
    balanceSymbol: wallet ? c.balanceSymbol : null,
    ...(wallet?.type === 'AUTH' && state.embedded.user?.socialProvider
      ? { socialProvider: state.embedded.user.socialProvider }
      : {}),
    ...(state.siwx.enabled ? { siwx: (wallet && c.caipAddress && state.siwx.sessions[c.caipAddress]) || null } : {}),
    statusByNamespace: statusByNamespace(state, c.status),
    loading: modal.loading === true,
    profileName: wallet && c.address ? (state.names[c.address.toLowerCase()] ?? null) : null,
    profileImage: wallet && c.address ? (state.profileImages[c.address.toLowerCase()] ?? null) : null,
  };
}

/**
 * Spec §4 status per namespace: `connected` for every namespace with an active connection, and the
 * shown namespace with the shown `status`. Pure.
 */
function statusByNamespace(state: FrameState, shown: ConnectionStatus): WidgetState['statusByNamespace'] {
  const statuses: Record<string, ConnectionStatus> = {};
  for (const namespace of Object.keys(state.connections.active)) statuses[namespace] = 'connected';
  statuses[chainNamespaceOf(state.active.caipNetworkId)] = shown;
  return statuses as WidgetState['statusByNamespace'];
}

import { chainNamespaceOf, type WidgetState } from '@airlock/protocol';
import { connectionOf } from './connection.ts';
import type { FrameState } from './state.ts';

/**
 * The widget state the dapp sees (protocol WidgetState: spec §3 account and modal state, §4 status),
 * derived from the store (`chainNamespace` from the active network's CAIP-2 id); `siwx` (the session of the connected account on the active network: the
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
      ? { name: wallet.name, icon: wallet.icon, type: wallet.type, ...(wallet.rdns ? { rdns: wallet.rdns } : {}) }
      : null,
    balance: wallet ? c.balance : null,
    balanceSymbol: wallet ? c.balanceSymbol : null,
    ...(wallet?.type === 'AUTH' && state.embedded.user?.socialProvider
      ? { socialProvider: state.embedded.user.socialProvider }
      : {}),
    ...(state.siwx.enabled ? { siwx: (wallet && c.caipAddress && state.siwx.sessions[c.caipAddress]) || null } : {}),
  };
}

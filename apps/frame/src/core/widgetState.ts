import type { WidgetState } from '@airlock/protocol';
import { activeSession } from '../siwx/sessions.ts';
import type { FrameState } from './state.ts';

/**
 * The widget state the dapp sees (protocol WidgetState: spec §3 account and modal state, §4 status),
 * derived from the store; `siwx` (the live session of the connected account, checked against `now`
 * in ms) only when sign-in is on. Pure.
 */
export function widgetState(state: FrameState, now: number = Date.now()): WidgetState {
  const { connection: c, modal } = state;
  const wallet = c.status === 'connected' ? c.wallet : null;
  return {
    open: modal.open,
    status: c.status,
    chainNamespace: 'eip155',
    caipNetworkId: c.caipNetworkId,
    caipAddress: wallet ? c.caipAddress : null,
    address: wallet ? c.address : null,
    connectedWalletInfo: wallet
      ? { name: wallet.name, icon: wallet.icon, type: wallet.type, ...(wallet.rdns ? { rdns: wallet.rdns } : {}) }
      : null,
    balance: wallet ? c.balance : null,
    balanceSymbol: wallet ? c.balanceSymbol : null,
    ...(state.siwx.enabled ? { siwx: activeSession(state, now) } : {}),
  };
}

import { ErrorCode, Message, err, ok, type CaipAddress, type Result } from '@airlock/protocol';
import { hostSetLayout } from '../bridge/host.ts';
import { useAccountStore } from '../stores/account.ts';
import { useConnectionStore } from '../stores/connection.ts';
import { useModalStore } from '../stores/modal.ts';
import { useNetworkStore } from '../stores/network.ts';
import { resetRoute, type Route } from '../stores/router.ts';
import { refreshWallets } from './wallets.ts';
import { basicModeView, isMobileUserAgent } from '../listing/platform.ts';
import { useOptionsStore } from '../stores/options.ts';

/** Views the dapp may ask `open()` for (protocol OpenableViewSchema). */
export type OpenableView = 'Connect' | 'Account' | 'Networks' | 'AllWallets';

/**
 * The first view when the modal opens (spec §2 opening rules):
 * an explicit view wins (Account needs an account and falls back to the
 * rules below); a connected address goes to Account; while disconnected,
 * wallet-only basic mode (`basic`, FrameConfig.basic) goes to AllWallets on
 * mobile and ConnectingWalletConnectBasic otherwise; anything else to Connect.
 * Pure.
 */
export function initialRoute(connected: boolean, view?: OpenableView, basic?: { mobile: boolean }): Route {
  if (view === 'Networks' || view === 'AllWallets' || view === 'Connect') return { view };
  if (connected) return { view: 'Account' };
  if (basic) return { view: basicModeView(basic.mobile) };
  return { view: 'Connect' };
}

type CloseWaiter = (value: { caipAddress: CaipAddress | null }) => void;
type AccountsWaiter = (result: Result<string[]>) => void;

const closeWaiters: CloseWaiter[] = [];
const accountsWaiters: AccountsWaiter[] = [];

/**
 * Shows the modal on the view of {@link initialRoute}, tells the host to show
 * the overlay (`setLayout({ open: true })`) and prefetches the page's wallets
 * (spec §2 'Opening prefetches wallet and network data').
 */
export function openModal(options: { view?: OpenableView | undefined } = {}): void {
  const connected = useConnectionStore.getState().status === 'connected';
  const basic = useOptionsStore.getState().config?.basic ? { mobile: isMobileUserAgent(navigator.userAgent) } : undefined;
  resetRoute(initialRoute(connected, options.view, basic));
  if (!useModalStore.getState().open) {
    useModalStore.setState({ open: true, shake: false });
    void hostSetLayout(true);
  }
  void refreshWallets();
}

/**
 * Closes the modal (spec §2 'Closing resets the stack to Connect'), hides the
 * overlay, settles `open()` callers with the connected caipAddress (or null)
 * and rejects pending `eth_requestAccounts` with 4001 'Modal closed'.
 * A no-op when already closed.
 */
export function closeModal(): void {
  if (!useModalStore.getState().open) return;
  useModalStore.setState({ open: false, shake: false });
  resetRoute();
  useConnectionStore.setState({ connectError: null });
  useNetworkStore.setState({ switching: null });
  void hostSetLayout(false);
  const caipAddress = useAccountStore.getState().caipAddress;
  closeWaiters.splice(0).forEach((resolve) => resolve({ caipAddress }));
  settleAccountsWaiters(err(ErrorCode.UserRejected, Message.ModalClosed));
}

/** A promise that resolves when the modal next closes, with the connected caipAddress or null (DESIGN.md §2a). */
export function waitForClose(): Promise<{ caipAddress: CaipAddress | null }> {
  return new Promise((resolve) => closeWaiters.push(resolve));
}

/**
 * A promise for a pending `eth_requestAccounts` (DESIGN.md §2a): settles with
 * the accounts when the visitor connects, 4001 'Connection rejected' when the
 * wallet rejects, 4001 'Modal closed' when the modal closes first.
 */
export function waitForAccounts(): Promise<Result<string[]>> {
  return new Promise((resolve) => accountsWaiters.push(resolve));
}

/** Settles every pending `eth_requestAccounts` with `result`. */
export function settleAccountsWaiters(result: Result<string[]>): void {
  accountsWaiters.splice(0).forEach((settle) => settle(result));
}

/** Settles pending `eth_requestAccounts` with the accounts. */
export function resolveAccountsWaiters(accounts: string[]): void {
  settleAccountsWaiters(ok(accounts));
}

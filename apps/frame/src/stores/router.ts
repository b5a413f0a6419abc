import { create } from 'zustand';
import type { WalletAnnouncement } from '@airlock/protocol';
import type { WalletListing } from '../listing/types.ts';

/** Views of the view stack (spec §2) that this frame implements. */
export type ViewName =
  | 'Connect'
  | 'ConnectingExternal'
  | 'Account'
  | 'Networks'
  | 'SwitchNetwork'
  | 'UnsupportedChain'
  | 'AllWallets'
  | 'ConnectingWalletConnect'
  | 'ConnectingWalletConnectBasic'
  | 'Send'
  | 'Receive';

/** A view on the stack with its data: the wallet for ConnectingExternal (EIP-6963) and ConnectingWalletConnect (listing, optional), the target for SwitchNetwork. */
export type Route =
  | { view: 'ConnectingExternal'; wallet: WalletAnnouncement }
  | { view: 'SwitchNetwork'; caipNetworkId: string }
  | { view: 'ConnectingWalletConnect'; wallet?: WalletListing }
  | { view: Exclude<ViewName, 'ConnectingExternal' | 'SwitchNetwork' | 'ConnectingWalletConnect'> };

/** Router store: the view stack (spec §2 'no URL routes, a modal with a view stack'). */
export type RouterState = {
  /** The stack, bottom first; never empty (starts as `[Connect]`). */
  stack: Route[];
};

/** Router store (zustand). */
export const useRouterStore = create<RouterState>(() => ({ stack: [{ view: 'Connect' }] }));

/** The view on top of the stack. */
export function currentRoute(): Route {
  const { stack } = useRouterStore.getState();
  return stack[stack.length - 1] ?? { view: 'Connect' };
}

/** Pushes a view on the stack (no-op when the same view is already on top). */
export function pushRoute(route: Route): void {
  const top = currentRoute();
  if (top.view === route.view && route.view !== 'ConnectingExternal' && route.view !== 'SwitchNetwork') return;
  useRouterStore.setState((s) => ({ stack: [...s.stack, route] }));
}

/** Replaces the top view. */
export function replaceRoute(route: Route): void {
  useRouterStore.setState((s) => ({ stack: [...s.stack.slice(0, -1), route] }));
}

/** Back navigation: pops the top view; the last view stays. Returns true when it popped. */
export function goBack(): boolean {
  const { stack } = useRouterStore.getState();
  if (stack.length <= 1) return false;
  useRouterStore.setState({ stack: stack.slice(0, -1) });
  return true;
}

/** Resets the stack to a single view (spec §2 'Closing resets the stack to Connect'). */
export function resetRoute(route: Route = { view: 'Connect' }): void {
  useRouterStore.setState({ stack: [route] });
}

import type { ChainNamespace, WalletListing } from '@airlock/protocol';
import type { ConnectEntry } from '../connectors/types.ts';

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
  | 'Receive'
  | 'Swap'
  | 'Onramp'
  | 'RegisterAccountName'
  | 'RegisterAccountNameSuccess'
  | 'SIWXSignMessage'
  | 'SwitchActiveChain'
  | 'EmailLogin'
  | 'ConnectingFarcaster'
  | 'UpdateEmailWallet'
  | 'ApproveTransaction'
  | 'ConnectingSocial'
  | 'ProfileWallets';

/**
 * A view on the stack with its data: the wallet for ConnectingExternal (EIP-6963) and ConnectingWalletConnect
 * (listing, optional), the target for SwitchNetwork, the registered name (`alice.reown.id`) for RegisterAccountNameSuccess,
 * for RegisterAccountName the name typed and the failure it returned with (spec §4 'Name registration failure returns to RegisterAccountName'),
 * and the embedded wallet's pending request id (and its method, which titles the view) for ApproveTransaction.
 */
export type Route =
  | { view: 'ConnectingExternal'; wallet: ConnectEntry }
  | { view: 'SwitchNetwork'; caipNetworkId: string }
  | { view: 'SwitchActiveChain'; caipNetworkId: string }
  | { view: 'ConnectingWalletConnect'; wallet?: WalletListing }
  | { view: 'ApproveTransaction'; requestId: string; method?: string }
  | { view: 'RegisterAccountNameSuccess'; name: string }
  | { view: 'RegisterAccountName'; name?: string; error?: string }
  /** Connect; with `namespace`, only the wallets of that namespace (a Solana dapp's `connect()`). */
  | { view: 'Connect'; namespace?: ChainNamespace }
  | {
      view: Exclude<
        ViewName,
        | 'ConnectingExternal'
        | 'SwitchNetwork'
        | 'SwitchActiveChain'
        | 'ConnectingWalletConnect'
        | 'RegisterAccountNameSuccess'
        | 'RegisterAccountName'
        | 'ApproveTransaction'
        | 'Connect'
      >;
    };

/** Views the dapp may ask `open()` for (protocol OpenableViewSchema). */
export type OpenableView = 'Connect' | 'Account' | 'Networks' | 'AllWallets' | 'ConnectingFarcaster';

/** The view on top of `stack` (Connect when empty). Pure. */
export function topRoute(stack: readonly Route[]): Route {
  return stack[stack.length - 1] ?? { view: 'Connect' };
}

/** `stack` with `route` pushed (unchanged when the same view is already on top, except ConnectingExternal, SwitchNetwork and ApproveTransaction). Pure. */
export function pushed(stack: readonly Route[], route: Route): Route[] {
  const top = topRoute(stack);
  const repeatable =
    route.view === 'ConnectingExternal' || route.view === 'SwitchNetwork' || route.view === 'ApproveTransaction';
  if (top.view === route.view && !repeatable) return [...stack];
  return [...stack, route];
}

/** `stack` with its top replaced by `route`. Pure. */
export function replacedTop(stack: readonly Route[], route: Route): Route[] {
  return [...stack.slice(0, -1), route];
}

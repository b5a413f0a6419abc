import type { ChainNamespace, HostEvent, Result, RpcRequest } from '@airlock/protocol';
import type { Frame } from '../store/frame.ts';
import type { FrameState } from '../store/state.ts';

/** A dapp request as the frame's `request()` receives it (validated FrameRequest). */
export type DappRequest = RpcRequest & { chainNamespace: string };

/**
 * A chain namespace as a plug-in (CAIP-2 namespace, spec §1): what the frame does differently
 * per namespace lives behind this one shape, in `namespaces/<name>/`, and the core picks the
 * plug-in by name from the list in `namespaces/index.ts` instead of branching on the name.
 * Today it holds the dapp-facing request router and provider events; the rest of what is namespace-specific
 * (CAIP formatting, address display, networks, balances, send, SIWX signing, explorer links)
 * still sits in shared code, listed by scripts/namespace-branches.json.
 */
export type Namespace = {
  /** The CAIP-2 namespace this plug-in serves. */
  readonly name: ChainNamespace;
  /**
   * Answers a request of the dapp's provider for this namespace (`getProvider(name).request`):
   * by the namespace's method policy, to the active connector or the network's RPC. Never throws.
   */
  request(frame: Frame, request: DappRequest): Promise<Result<unknown>>;
  /** The events of the dapp's provider for this namespace, derived from the store (app/events.ts). */
  readonly providerEvents: ProviderEvents<unknown>;
};

/**
 * How a namespace's provider events follow from the store: `view` picks what the provider
 * exposes (for eip155: connected, account, hex chain), `events` lists the events between two
 * views in the order a dapp expects. Both pure.
 */
export type ProviderEvents<View> = {
  /** The provider's view of `state`; `previous` is the view before it (a view may keep a part of it). */
  view(state: FrameState, previous?: View): View;
  /** The provider events from `before` to `after` (none when equal). */
  events(before: View, after: View): HostEvent[];
};

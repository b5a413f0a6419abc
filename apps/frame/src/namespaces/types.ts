import type { CaipNetworkId, ChainNamespace, HostEvent, Network, Result, RpcRequest } from '@airlock/protocol';
import type { ComponentType } from 'react';
import type { Connector } from '../connectors/types.ts';
import type { Frame } from '../store/frame.ts';
import type { FrameState } from '../store/state.ts';

/** A dapp request as the frame's `request()` receives it (validated FrameRequest). */
export type DappRequest = RpcRequest & { chainNamespace: string };

/**
 * A chain namespace as a plug-in (CAIP-2 namespace, spec §1): what the frame does differently
 * per namespace lives behind this one shape, in `namespaces/<name>/`, and the core picks the
 * plug-in by name from the list in `namespaces/index.ts` instead of branching on the name.
 * It holds the dapp-facing request router and provider events, the default account type, what the
 * namespace supports (send, swaps, on-ramp, names, token balances), the native-balance read and
 * explorer links; its Send view (`views.ts`) and SIWX signature (`siwx.ts`) are found by file name. Every part that needs a library loads lazily:
 * the objects themselves are in the frame's initial JS.
 */
export type Namespace = NamespaceInfo & {
  /**
   * Answers a request of the dapp's provider for this namespace (`getProvider(name).request`):
   * by the namespace's method policy, to the active connector or the network's RPC. Never throws.
   */
  request(frame: Frame, request: DappRequest): Promise<Result<unknown>>;
  /** The events of the dapp's provider for this namespace, derived from the store (app/events.ts). */
  readonly providerEvents: ProviderEvents<unknown>;
};

/**
 * The views of a namespace plug-in: `namespaces/<name>/views.ts` exports `views` of this type, found
 * by its file name (views/viewTable.tsx, `import.meta.glob`) in the modal's UI chunk. Apart from
 * {@link Namespace} because a lazy import in the frame's initial JS would carry the list of every
 * chunk the view needs.
 */
export type NamespaceViews = {
  /** The Send view of this namespace (a lazy chunk; absent: no Send). */
  send?(): Promise<{ default: ComponentType }>;
  /** What the Account view shows below its header for this namespace (a lazy chunk; absent: nothing). */
  accountDetails?(): Promise<{ default: ComponentType }>;
};

/**
 * The part of a namespace plug-in that the shared actions read (`namespaces/<name>/info.ts`,
 * listed in `namespaces/info.ts`): plain data and functions that import no action or view, so
 * an action may consult it without an import circle (the router and views of {@link Namespace}
 * import actions).
 */
export type NamespaceInfo = {
  /** The CAIP-2 namespace this plug-in serves. */
  readonly name: ChainNamespace;
  /**
   * The account type a wallet connected on this namespace starts with (spec §6): `eoa` for eip155
   * and solana page wallets, `payment` for bip122 (the wallet's payment address, beside `ordinals`).
   */
  readonly defaultAccountType: NamespaceAccountType;
  /** What the namespace offers beyond connecting and signing (spec §1 wallet features, §9). */
  readonly supports: NamespaceSupport;
  /**
   * The native balance of `address` on `network` (one of this namespace's) in whole units as a
   * decimal string ('0.5' BTC). Absent when the namespace has no balance source. `force` (a forced
   * refresh: after a send, a network switch) reads past any cache of the figure (spec §9), e.g. the
   * provider API's 30 s balance cache with `forceUpdate`.
   * @throws Error when the read fails (the caller shows 'Token Balance Unavailable').
   */
  readBalance?(frame: Frame, network: Network, address: string, options?: { force?: boolean }): Promise<string>;
  /** The explorer page of `address` on `network` (its `blockExplorers.default`), or null without an explorer. */
  explorerAddressUrl(network: Network, address: string): string | null;
};

/** An account type (spec §6): eip155 and solana `eoa` / `smartAccount`, bip122 `payment` / `ordinals`. */
export type NamespaceAccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinals';

/**
 * What a namespace supports (each absent = no): `send` the Account view's Send, `swaps` and `onramp`
 * the wallet features of spec §1, `names` name registration (spec §6), `tokens` the API's token
 * balances (spec §7), `evm` the EVM JSON-RPC (fee estimation, the ERC-20 send form), `oneClickSignIn`
 * WalletConnect's one-click sign-in (a SIWE message in `wc_sessionAuthenticate`, spec §5: a dapp whose
 * networks are all of such namespaces gets it).
 */
export type NamespaceSupport = Readonly<
  Partial<Record<'send' | 'swaps' | 'onramp' | 'names' | 'tokens' | 'evm' | 'oneClickSignIn', true>>
>;

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

/**
 * Signs the SIWX (CAIP-122) `message` of `address` on `caipNetworkId` through `connector`, the way
 * a namespace signs text, and returns the signature in the encoding its verifier takes. A namespace
 * with sign-in exports it as `signSiwx` from `namespaces/<name>/siwx.ts` (found by its file name
 * by siwx/sign.ts, loaded with the sign-in).
 * @throws Error 'Error signing message' (spec §8) when the wallet refuses or answers badly.
 */
export type SignSiwx = (
  connector: Pick<Connector, 'request'>,
  message: string,
  address: string,
  caipNetworkId: CaipNetworkId,
) => Promise<string>;

/**
 * `@airlock/host-sdk/cosmos`: the opt-in Cosmos entry (own budget, see
 * `scripts/check-budget.mjs`). Pass `cosmos()` in `createWidget({ extensions: [cosmos()] })`;
 * then the page's Keplr-shaped wallets (`window.keplr`, `window.leap`) are listed to the frame
 * and reached only through the allow-listed methods (see `createCosmosBridge`).
 * `widget.getProvider('cosmos')` is a Keplr-shaped {@link CosmosProvider} (its offline signer is
 * what CosmJS's `SigningStargateClient` takes) on the frame's cosmos namespace (docs/sdk.md).
 * A dapp without it pays nothing for Cosmos.
 */
import { createProvider } from '../provider.ts';
import type { ExtensionContext, Widget, WidgetExtension } from '../widgetTypes.ts';
import { createCosmosBridge } from './bridge.ts';
import { createCosmosProvider, type CosmosProvider } from './provider.ts';

export { COSMOS_NETWORKS } from './networks.ts';

export type * from './provider.ts';

/** The Cosmos extension of {@link createWidget}: the page-wallet bridge (HostMethods['cosmos'] of @airlock/protocol) and the Keplr-shaped provider. */
export const cosmos =
  (): WidgetExtension =>
  ({ methods, providers, send, request, emitter }: ExtensionContext) => {
    providers.set('cosmos', createCosmosProvider(createProvider(request('cosmos'), emitter('cosmos'))));
    // `send` is typed with the protocol's WalletEvent; the bridge also sends `cosmosChange` (docs/cosmos-polkadot.md).
    const bridge = createCosmosBridge(send as never);
    methods.cosmos = bridge;
    return bridge.stop;
  };

/** `widget.getProvider('cosmos')`, typed. Requires the {@link cosmos} extension (else it is a plain EIP-1193 provider). */
export const getCosmosProvider = (widget: Widget): CosmosProvider => widget.getProvider('cosmos') as never;

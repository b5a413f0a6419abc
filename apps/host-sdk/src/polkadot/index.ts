/**
 * `@airlock/host-sdk/polkadot`: the opt-in Polkadot entry (own budget, see
 * `scripts/check-budget.mjs`). Pass `polkadot()` in `createWidget({ extensions: [polkadot()] })`;
 * then the page's injected extensions (`window.injectedWeb3`: polkadot-js, Talisman, SubWallet …)
 * are listed to the frame and reached only through the allow-listed methods (see
 * `createPolkadotBridge`). `widget.getProvider('polkadot')` is a {@link PolkadotProvider} shaped as an
 * injected extension (`accounts`, `signer`: what `@polkadot/api` takes) on the frame's polkadot
 * namespace (docs/sdk.md). A dapp without it pays nothing for Polkadot.
 */
import { createProvider } from '../provider.ts';
import type { ExtensionContext, Widget, WidgetExtension } from '../widgetTypes.ts';
import { createPolkadotBridge } from './bridge.ts';
import { createPolkadotProvider, type PolkadotProvider } from './provider.ts';

export { POLKADOT_NETWORKS } from './networks.ts';

export type * from './provider.ts';

/** The Polkadot extension of {@link createWidget}: the page-wallet bridge (HostMethods['polkadot'] of @airlock/protocol) and the injected-extension-shaped provider. */
export const polkadot =
  (): WidgetExtension =>
  ({ methods, providers, send, request, emitter }: ExtensionContext) => {
    providers.set('polkadot', createPolkadotProvider(createProvider(request('polkadot'), emitter('polkadot'))));
    // `send` is typed with the protocol's WalletEvent; the bridge also sends `polkadotChange` (docs/cosmos-polkadot.md).
    const bridge = createPolkadotBridge(send as never);
    methods.polkadot = bridge;
    return bridge.stop;
  };

/** `widget.getProvider('polkadot')`, typed. Requires the {@link polkadot} extension (else it is a plain EIP-1193 provider). */
export const getPolkadotProvider = (widget: Widget): PolkadotProvider => widget.getProvider('polkadot') as never;

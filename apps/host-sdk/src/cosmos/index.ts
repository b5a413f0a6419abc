/**
 * `@airlock/host-sdk/cosmos`: the opt-in Cosmos entry (own budget, see
 * `scripts/check-budget.mjs`). Pass `cosmos()` in `createWidget({ extensions: [cosmos()] })`;
 * then the page's Keplr-shaped wallets (`window.keplr`, `window.leap`) are listed to the frame
 * and reached only through the allow-listed methods (see `createCosmosBridge`).
 * `widget.getProvider('cosmos')` is the frame's request channel of the cosmos namespace.
 * A dapp without it pays nothing for Cosmos.
 */
import type { ExtensionContext, WidgetExtension } from '../widgetTypes.ts';
import { createCosmosBridge } from './bridge.ts';

/** The Cosmos extension of {@link createWidget}: the page-wallet bridge (HostMethods['cosmos'] of @airlock/protocol). */
export const cosmos =
  (): WidgetExtension =>
  ({ methods, send }: ExtensionContext) => {
    // `send` is typed with the protocol's WalletEvent; the bridge also sends `cosmosChange` (docs/cosmos-polkadot.md).
    const bridge = createCosmosBridge(send as never);
    methods.cosmos = bridge;
    return bridge.stop;
  };

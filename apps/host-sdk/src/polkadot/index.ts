/**
 * `@airlock/host-sdk/polkadot`: the opt-in Polkadot entry (own budget, see
 * `scripts/check-budget.mjs`). Pass `polkadot()` in `createWidget({ extensions: [polkadot()] })`;
 * then the page's injected extensions (`window.injectedWeb3`: polkadot-js, Talisman, SubWallet …)
 * are listed to the frame and reached only through the allow-listed methods (see
 * `createPolkadotBridge`). `widget.getProvider('polkadot')` is the frame's request channel of the
 * polkadot namespace. A dapp without it pays nothing for Polkadot.
 */
import type { ExtensionContext, WidgetExtension } from '../widgetTypes.ts';
import { createPolkadotBridge } from './bridge.ts';

/** The Polkadot extension of {@link createWidget}: the page-wallet bridge (HostMethods['polkadot'] of @airlock/protocol). */
export const polkadot =
  (): WidgetExtension =>
  ({ methods, send }: ExtensionContext) => {
    // `send` is typed with the protocol's WalletEvent; the bridge also sends `polkadotChange` (docs/cosmos-polkadot.md).
    const bridge = createPolkadotBridge(send as never);
    methods.polkadot = bridge;
    return bridge.stop;
  };

/**
 * `@airlock/host-sdk/bitcoin`: the opt-in Bitcoin entry (own budget, see
 * `scripts/check-budget.mjs`). Pass `bitcoin()` in `createWidget({ extensions: [bitcoin()] })`;
 * then the page's Bitcoin wallets, Wallet Standard (`bitcoin:*` features) and sats-connect
 * (`window.btc_providers`), are listed to the frame and reached only through the allow-listed
 * features and methods (see `createBitcoinBridge`). `widget.getProvider('bip122')` is the
 * frame's request channel of the bip122 namespace, as for any namespace.
 * A dapp without it pays nothing for Bitcoin.
 */
import type { ExtensionContext, WidgetExtension } from '../widgetTypes.ts';
import { createBitcoinBridge } from './bridge.ts';

export { BIP122_NETWORKS } from './networks.ts';

/** The Bitcoin extension of {@link createWidget}: the page-wallet bridge (HostMethods['bitcoin'] of @airlock/protocol). */
export const bitcoin =
  (): WidgetExtension =>
  ({ methods, send }: ExtensionContext) => {
    // `send` is typed with the protocol's WalletEvent; the bridge also sends `bitcoinChange` (docs/bitcoin.md).
    const bridge = createBitcoinBridge(send as never);
    methods.bitcoin = bridge;
    return bridge.stop;
  };

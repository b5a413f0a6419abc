/**
 * `@airlock/host-sdk/solana`: the opt-in Solana entry (own budget, 2,048 B gzip). Pass
 * `solana()` in `createWidget({ extensions: [solana()] })`; then
 * - `widget.getProvider('solana')` is a {@link SolanaProvider} (cast it, or use {@link getSolanaProvider});
 * - the page's Wallet Standard wallets (Phantom, Solflare, Backpack …) are listed in the modal and
 *   reached only through the allow-listed features (see `createSolanaBridge`);
 * - Airlock registers itself as a Wallet Standard wallet named `Airlock`.
 * A dapp without it pays nothing for Solana.
 */
import type { ExtensionContext, Widget, WidgetExtension } from '../widgetTypes.ts';
import { createSolanaBridge } from './bridge.ts';
import { createSolanaProvider, type SolanaProvider } from './provider.ts';
import { registerAirlockWallet } from './wallet.ts';

export type {
  SolanaProvider,
  SolanaProviderEvents,
  SolanaPublicKey,
  SolanaSendOptions,
  SolanaTransaction,
} from './provider.ts';
export { AIRLOCK_WALLET_CHAINS, AIRLOCK_WALLET_NAME } from './wallet.ts';
export { SOLANA_NETWORKS } from './networks.ts';

/** The Solana extension of {@link createWidget}: bridge, provider and Airlock's own Wallet Standard wallet. */
export const solana =
  (): WidgetExtension =>
  ({ methods, providers, send, request, emitter }: ExtensionContext) => {
    const provider = createSolanaProvider(
      request('solana'),
      emitter('solana'),
      emitter('_s' as never), // the provider's own events (connect, accountChanged, disconnect)
      () => own.changed(),
    );
    const own = registerAirlockWallet(() => provider);
    providers.set('solana', provider);
    const bridge = createSolanaBridge(own.wallet, send);
    methods.solana = bridge; // HostMethods['solana'] of @airlock/protocol
    return () => (bridge.stop(), own.stop());
  };

/** `widget.getProvider('solana')`, typed. Requires the {@link solana} extension (else it is an EIP-1193 provider). */
export const getSolanaProvider = (widget: Widget): SolanaProvider => widget.getProvider('solana') as never;

import type { ConnectorContext } from '../context.ts';
import { pageWalletFamily, type PageWallet } from '../pageWallets.ts';

/**
 * Cosmos page wallets (Keplr's interface, `window.keplr`, and the wallets that mirror it, Leap's
 * `window.leap`, through the host's opt-in Cosmos entry): one connector per wallet, serving the
 * cosmos namespace. Each loads its implementation (connector.ts, with CosmJS's bech32 rules and the
 * protocol's schemas) on first use, so none of it is in the frame's initial JS.
 */
export const cosmosFamily = (context: ConnectorContext) =>
  pageWalletFamily<PageWallet>(context, {
    type: 'cosmos',
    namespace: 'cosmos',
    event: 'cosmosChange',
    wallets: (state) => state.cosmosWallets,
    load: (wallet, host, events) =>
      import('./connector.ts').then((m) =>
        m.createCosmosConnector(wallet, host, events, context.deployment.cosmosLocalLcdUrl),
      ),
  });

import type { ConnectorContext } from '../context.ts';
import { pageWalletFamily, type PageWallet } from '../pageWallets.ts';

/**
 * Polkadot page wallets (the injected extension protocol, `window.injectedWeb3[name]`, which
 * polkadot-js, Talisman and SubWallet speak, through the host's opt-in Polkadot entry): one
 * connector per extension, serving the polkadot namespace. Each loads its implementation
 * (connector.ts, with `@polkadot/util-crypto`'s SS58 rules) on first use. The extension is
 * enabled with the dapp's name (`metadata.name` of its config).
 */
export const polkadotFamily = (context: ConnectorContext) =>
  pageWalletFamily<PageWallet>(context, {
    type: 'polkadot',
    namespace: 'polkadot',
    event: 'polkadotChange',
    wallets: (state) => state.polkadotWallets,
    load: (wallet, host, events) =>
      import('./connector.ts').then((m) =>
        m.createPolkadotConnector(wallet, host, events, context.config.metadata?.name ?? context.parentOrigin),
      ),
  });

import type { Bip122Wallet } from '@airlock/protocol/bip122Wallets';
import type { ConnectorContext } from '../context.ts';
import { pageWalletFamily } from '../pageWallets.ts';

/**
 * Bitcoin page wallets (Wallet Standard `bitcoin:*`, through the host's opt-in Bitcoin entry):
 * one connector per host-given id, serving bip122. Each loads its implementation (connector.ts,
 * with the address rules and schemas) on first use, so none of it is in the frame's initial JS.
 */
export const bitcoinFamily = (context: ConnectorContext) =>
  pageWalletFamily<Bip122Wallet>(context, {
    type: 'bitcoin',
    namespace: 'bip122',
    event: 'bitcoinChange',
    wallets: (state) => state.bitcoinWallets,
    load: (wallet, host, events) =>
      import('./connector.ts').then((m) => m.createBitcoinConnector(wallet, host, events)),
  });

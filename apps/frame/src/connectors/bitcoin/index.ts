import type { Bip122Wallet } from '@airlock/protocol/bip122Wallets';
import type { ConnectorContext } from '../context.ts';
import { pageWalletFamily } from '../pageWallets.ts';

/**
 * Bitcoin page wallets (Wallet Standard `bitcoin:*` and sats-connect providers, through the host's opt-in Bitcoin entry):
 * one connector per host-given id, serving bip122. Each loads its implementation (connector.ts,
 * with the address rules and schemas) on first use, so none of it is in the frame's initial JS.
 */
export const bitcoinFamily = (context: ConnectorContext) =>
  pageWalletFamily<Bip122Wallet>(context, {
    type: 'bitcoin',
    namespace: 'bip122',
    event: 'bitcoinChange',
    wallets: (state) => state.bitcoinWallets,
    // A sats-connect provider (Xverse's interface) or a Wallet Standard wallet: each its own implementation.
    load: (wallet, host, events) =>
      wallet.kind === 'sats-connect'
        ? import('./satsConnect.ts').then((m) => m.createSatsConnectConnector(wallet, host))
        : import('./connector.ts').then((m) => m.createBitcoinConnector(wallet, host, events)),
  });

import type { SolanaWallet } from '@airlock/protocol';
import type { ConnectorContext } from '../context.ts';
import { pageWalletFamily } from '../pageWallets.ts';

/**
 * Solana page wallets (Wallet Standard, through the host's opt-in Solana entry): one connector per
 * host-given id. Each loads its implementation (connector.ts, with the base58 codec) on first
 * use, so nothing of it is in the frame's initial JS.
 */
export const solanaFamily = (context: ConnectorContext) =>
  pageWalletFamily<SolanaWallet>(context, {
    type: 'solana',
    namespace: 'solana',
    event: 'solanaChange',
    wallets: (state) => state.solanaWallets,
    load: (wallet, host, events) => import('./connector.ts').then((m) => m.createSolanaConnector(wallet, host, events)),
  });

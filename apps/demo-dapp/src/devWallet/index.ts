import type { Network } from '@airlock/protocol';
import { announceDevWallet } from './announce.ts';
import { autoApprove } from './approval.ts';
import { mountDevWalletBadge } from './badge.ts';
import { createPanelApprover } from './panel.ts';
import { createDevWalletProvider, type DevWalletProvider } from './provider.ts';
import './devWallet.css';

export { createDevWalletProvider, type DevWalletProvider } from './provider.ts';
export { announceDevWallet, DEV_WALLET_NAME, DEV_WALLET_RDNS } from './announce.ts';

/**
 * Installs the in-page Dev Wallet (dev and tests only): creates the provider
 * for `networks`, announces it with EIP-6963 (now and on every
 * `eip6963:requestProvider`), and mounts the badge. With `autoApprove` (the
 * dapp URL has `?autoApprove=1`) every request is approved without the panel;
 * otherwise the 'Dev Wallet request' panel asks.
 * @throws Error when `networks` has no eip155 network.
 */
export function installDevWallet(options: { networks: readonly Network[]; autoApprove: boolean }): DevWalletProvider {
  const provider = createDevWalletProvider({
    networks: options.networks,
    approve: options.autoApprove ? autoApprove : createPanelApprover(document),
  });
  announceDevWallet(provider, window);
  mountDevWalletBadge(provider, document);
  return provider;
}

import type { Network } from '@airlock/protocol';
import type { Wallet } from '@wallet-standard/base';
import { autoApprove } from '../devWallet/approval.ts';
import { createPanelApprover } from '../devWallet/panel.ts';
import { registerWalletStandard } from '../devWallet/session.ts';
import { devSolanaKeypair } from './keypair.ts';
import { createDevSolanaWallet } from './wallet.ts';

export { DEV_SOLANA_WALLET_NAME } from './wallet.ts';

/** Accessible name of its approval panel (docs/integration.md). */
export const SOLANA_PANEL_NAME = 'Dev Solana Wallet request';

/**
 * Installs the Dev Solana Wallet (dev and tests only) when `networks` has a solana network: the
 * key of local dev account 0, registered through the Wallet Standard (dispatches
 * `wallet-standard:register-wallet` and answers every `wallet-standard:app-ready`). With
 * `autoApprove` every request is approved; otherwise the 'Dev Solana Wallet request' panel asks.
 * Resolves with the wallet, or null without a solana network.
 */
export async function installDevSolanaWallet(options: {
  networks: readonly Network[];
  autoApprove: boolean;
}): Promise<Wallet | null> {
  const network = options.networks.find((n) => n.chainNamespace === 'solana');
  if (!network) return null;
  const wallet = createDevSolanaWallet({
    keypair: await devSolanaKeypair(0),
    rpcUrl: network.rpcUrls.default.http[0]!,
    approve: options.autoApprove ? autoApprove : createPanelApprover(document, SOLANA_PANEL_NAME),
  });
  registerWalletStandard(wallet);
  return wallet;
}

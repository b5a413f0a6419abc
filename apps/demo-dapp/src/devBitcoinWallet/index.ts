import { autoApprove } from '../devWallet/approval.ts';
import { createPanelApprover } from '../devWallet/panel.ts';
import { registerWalletStandard } from '../devWallet/session.ts';
import { devBitcoinKeys } from './keys.ts';
import { createDevBitcoinWallet, type DevBitcoinWallet } from './wallet.ts';

export { DEV_BITCOIN_WALLET_NAME } from './wallet.ts';
export { devBitcoinKeys } from './keys.ts';

/** Accessible name of its approval panel. */
export const BITCOIN_PANEL_NAME = 'Dev Bitcoin Wallet request';

/**
 * Installs the Dev Bitcoin Wallet (dev and tests only) when the demo config names the regtest
 * stand-in (`bitcoinEsploraUrl`): the keys of regtest dev account 0 (funded at the stand-in's
 * start), registered through the Wallet Standard (dispatches `wallet-standard:register-wallet`
 * and answers every `wallet-standard:app-ready`). With `autoApprove` every request is approved;
 * otherwise the 'Dev Bitcoin Wallet request' panel asks. Returns the wallet, or null without a URL.
 */
export function installDevBitcoinWallet(options: {
  esploraUrl?: string;
  autoApprove: boolean;
}): DevBitcoinWallet | null {
  if (!options.esploraUrl) return null;
  const wallet = createDevBitcoinWallet({
    keys: devBitcoinKeys(0),
    esploraUrl: options.esploraUrl,
    approve: options.autoApprove ? autoApprove : createPanelApprover(document, BITCOIN_PANEL_NAME),
  });
  registerWalletStandard(wallet);
  return wallet;
}

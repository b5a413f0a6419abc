import { autoApprove } from '../devWallet/approval.ts';
import { createPanelApprover } from '../devWallet/panel.ts';
import { createDevKeplrWallet, type DevKeplrWallet } from './wallet.ts';

export { DEV_KEPLR_WALLET_NAME } from './wallet.ts';

/** Accessible name of its approval panel. */
export const KEPLR_PANEL_NAME = 'Dev Keplr Wallet request';

/** The local Cosmos stand-in's dev mnemonic (apps/cosmos-lcd `DEV_MNEMONIC`): dev keys only. */
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

declare global {
  interface Window {
    /** Keplr's injected interface (here the Dev Keplr Wallet). */
    keplr?: DevKeplrWallet;
  }
}

/**
 * Installs the Dev Keplr Wallet (dev and tests only) as `window.keplr` when the demo config names
 * the Cosmos stand-in: account 0 of the stand-in's dev mnemonic (1,000 STAKE at its start), and
 * `keplr_keystorechange` on `window`. `unknownChains` (the demo's `?keplrUnknown=<chain id>`) are
 * chains it does not know until a dapp suggests them (`experimentalSuggestChain`). With `autoApprove` every request is approved; otherwise the
 * 'Dev Keplr Wallet request' panel (the dev wallets' shared panel) asks. A page that already has a
 * `window.keplr` (the real extension) keeps it. Returns the wallet, or null.
 */
export function installDevKeplrWallet(options: {
  cosmosLcdUrl?: string;
  autoApprove: boolean;
  unknownChains?: readonly string[];
}): DevKeplrWallet | null {
  if (!options.cosmosLcdUrl || window.keplr) return null;
  const wallet = createDevKeplrWallet({
    mnemonic: DEV_MNEMONIC,
    ...(options.unknownChains ? { unknownChains: options.unknownChains } : {}),
    approve: options.autoApprove ? autoApprove : createPanelApprover(document, KEPLR_PANEL_NAME),
  });
  window.keplr = wallet;
  // Keplr announces itself once loaded; dapps that started first wait for this event.
  dispatchEvent(new Event('keplr_keystorechange'));
  return wallet;
}

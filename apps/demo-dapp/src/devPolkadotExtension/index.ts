import { autoApprove } from '../devWallet/approval.ts';
import { createPanelApprover } from '../devWallet/panel.ts';
import { createDevPolkadotExtension, DEV_POLKADOT_EXTENSION_NAME } from './extension.ts';

export { DEV_POLKADOT_EXTENSION_NAME } from './extension.ts';

/** Accessible name of its approval panel. */
export const POLKADOT_PANEL_NAME = 'Dev Polkadot extension request';

declare global {
  interface Window {
    /** The injected extension protocol's registry (polkadot-js, Talisman, SubWallet … each add their own key). */
    injectedWeb3?: Record<string, { version: string; enable(origin: string): Promise<unknown> }>;
  }
}

/**
 * Installs the Dev Polkadot extension (dev and tests only) as
 * `window.injectedWeb3['dev-polkadot']` when the demo config names the Substrate stand-in. With
 * `autoApprove` every request is approved; otherwise the 'Dev Polkadot extension request' panel
 * (the dev wallets' shared panel) asks. Resolves with the extension, or null.
 */
export async function installDevPolkadotExtension(options: { substrateRpcUrl?: string; autoApprove: boolean }) {
  if (!options.substrateRpcUrl) return null;
  const extension = await createDevPolkadotExtension({
    approve: options.autoApprove ? autoApprove : createPanelApprover(document, POLKADOT_PANEL_NAME),
  });
  window.injectedWeb3 = { ...window.injectedWeb3, [DEV_POLKADOT_EXTENSION_NAME]: extension };
  return extension;
}

import type { DevWalletProvider } from './provider.ts';
import { DEV_WALLET_ICON } from './icon.ts';

/** EIP-6963 `EIP6963ProviderInfo` of the Dev Wallet: uuid (v4, one per page load), name, icon, rdns. */
export type DevWalletInfo = { uuid: string; name: string; icon: string; rdns: string };

/** The Dev Wallet's EIP-6963 reverse-DNS id. */
export const DEV_WALLET_RDNS = 'dev.airlock.wallet';
/** The Dev Wallet's display name. */
export const DEV_WALLET_NAME = 'Dev Wallet';

/**
 * Announces `provider` with EIP-6963: dispatches `eip6963:announceProvider`
 * (detail `Object.freeze({ info, provider })`) on `target` now, and again on
 * every `eip6963:requestProvider` event. The uuid stays the same for this call.
 * @returns A function that stops answering `eip6963:requestProvider`.
 */
export function announceDevWallet(provider: DevWalletProvider, target: Window = window): () => void {
  const info: DevWalletInfo = Object.freeze({
    uuid: crypto.randomUUID(),
    name: DEV_WALLET_NAME,
    icon: DEV_WALLET_ICON,
    rdns: DEV_WALLET_RDNS,
  });
  const announce = (): void => {
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  };
  target.addEventListener('eip6963:requestProvider', announce);
  announce();
  return () => target.removeEventListener('eip6963:requestProvider', announce);
}

import type { EIP1193Provider } from './provider.ts';

/** EIP-6963 `EIP6963ProviderInfo`: uuid (v4), name, icon (data URI), rdns. */
export type EIP6963ProviderInfo = {
  /** Unique per page load (UUIDv4), EIP-6963. */
  uuid: string;
  /** Display name, e.g. `Dev Wallet`. */
  name: string;
  /** A `data:image/…` URI; the frame validates it. */
  icon: string;
  /** Reverse-DNS id, e.g. `dev.airlock.wallet`. */
  rdns: string;
};

/** The page wallet as far as the host bridge needs it: `request`, and optional `on` / `removeListener`. */
export type WalletProvider = Pick<EIP1193Provider, 'request'> & {
  /** EIP-1193 event subscription, when the wallet offers it. */
  on?(event: string, listener: (data: never) => void): unknown;
  /** EIP-1193 event unsubscription, when the wallet offers it. */
  removeListener?(event: string, listener: (data: never) => void): unknown;
};

/** EIP-6963 `EIP6963ProviderDetail`: `{ info, provider }`, the `detail` of `eip6963:announceProvider`. */
export type EIP6963ProviderDetail = {
  /** Wallet info, EIP-6963. */
  info: EIP6963ProviderInfo;
  /** The wallet's EIP-1193 provider. */
  provider: WalletProvider;
};

/**
 * EIP-6963 discovery of the page's injected wallets.
 *
 * Adds the `eip6963:announceProvider` listener first, then dispatches
 * `eip6963:requestProvider`, so wallets that answer synchronously are not missed,
 * and keeps listening for late announcements until `stop()`. Announcements are
 * deduplicated by `info.uuid` (the first one wins); ones without `info.uuid` are ignored,
 * and so is the widget's own announcement (`isOwn(provider)`).
 *
 * @param onNew - called once per new wallet, after it is stored in `wallets`.
 * @param isOwn - true for the widget's own provider (its EIP-6963 self-announcement).
 * @returns `wallets` (uuid → detail, in announcement order) and `stop()` which removes the listener.
 */
export const discoverWallets = (
  onNew: (detail: EIP6963ProviderDetail) => void,
  isOwn: (provider: unknown) => boolean,
): { wallets: Map<string, EIP6963ProviderDetail>; stop: () => void } => {
  const wallets = new Map<string, EIP6963ProviderDetail>();
  const a = 'eip6963:announceProvider';
  const h = (e: Event) => {
    const d = (e as CustomEvent<EIP6963ProviderDetail | undefined>).detail;
    const u = d?.info?.uuid;
    if (u && !wallets.has(u) && !isOwn(d.provider)) wallets.set(u, d), onNew(d);
  };
  addEventListener(a, h);
  dispatchEvent(new Event('eip6963:requestProvider'));
  return { wallets, stop: () => removeEventListener(a, h) };
};

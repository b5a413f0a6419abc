import type { EIP1193Provider } from './provider.ts';
import { AIRLOCK_ICON } from './icon.ts';
import { uuid } from './uuid.ts';

/**
 * The widget's EIP-6963 `EIP6963ProviderInfo` fields a dapp may replace (`createWidget`'s
 * `announce` option); `uuid` is always a new UUID v4 per widget.
 */
export type AnnounceOptions = {
  /** Reverse-DNS id (EIP-6963 `rdns`); default `xyz.airlock`. */
  rdns?: string;
  /** Name shown by wallet pickers; default `Airlock`. */
  name?: string;
  /** A `data:image/…` URI (RFC 2397, required by EIP-6963); default a small SVG. */
  icon?: string;
};

/**
 * EIP-6963 self-announcement: dispatches `eip6963:announceProvider` with the frozen (EIP-6963) detail
 * `{ info: { uuid, name, icon, rdns }, provider }` now and in reply to every
 * `eip6963:requestProvider`, so wagmi's `injected()`, mipd's `createStore()` and any EIP-6963
 * dapp list the widget. Defaults: `{ name: 'Airlock', rdns: 'xyz.airlock', icon: AIRLOCK_ICON }`, each
 * replaced by `options`. Nothing is validated here: an `icon` that is no data URI is the dapp's choice.
 *
 * @param provider - the widget's eip155 provider (EIP-1193).
 * @returns `stop()`, which stops answering requests (dapps keep what they already stored).
 */
export const announceWidget = (provider: EIP1193Provider, options?: AnnounceOptions): (() => void) => {
  const detail = Object.freeze({
    info: {
      uuid: uuid(),
      name: 'Airlock',
      icon: AIRLOCK_ICON,
      rdns: 'xyz.airlock',
      ...options,
    },
    provider,
  });
  const announce = () => dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  const r = 'eip6963:requestProvider';
  addEventListener(r, announce);
  announce();
  return () => removeEventListener(r, announce);
};

import type UniversalProvider from '@walletconnect/universal-provider';
import type { Metadata } from '@airlock/protocol';
import { shieldDeniedLocalStorage } from './shield.ts';
import type { WalletConnectStorage } from './storage.ts';

/**
 * Creates the UniversalProvider. Reached only through dynamic `import()` (see
 * connector.ts), so `@walletconnect/universal-provider` stays out of the initial JS.
 */

/** The UniversalProvider instance type (`@walletconnect/universal-provider` 2.25). */
export type WalletConnectProvider = UniversalProvider;

/** What the provider is made with. */
export type ProviderOptions = {
  /** FrameConfig.projectId. */
  projectId: string;
  /** The deployment's relay (`ws(s)://`); null = WalletConnect's hosted relay. */
  relayUrl: string | null;
  /** The dapp as wallets are shown it: name, description and icons from the page, `url` = the verified parent origin. */
  metadata: Required<Pick<Metadata, 'name' | 'description' | 'url' | 'icons'>>;
  /** Scopes the library's global core and its own keys to the parent origin. */
  customStoragePrefix: string;
  /** The secret-storage adapter. */
  storage: WalletConnectStorage;
  /** Turn WalletConnect Verify on (only against the hosted relay; see docs/integration.md). */
  verify: boolean;
};

/**
 * Creates and initialises the provider (it restores a stored session itself).
 *
 * `metadata.url`: `@walletconnect/sign-client` (`populateAppMetadata`) replaces a
 * `metadata.url` whose host differs from `window.location` with the page URL — in this
 * iframe the FRAME's URL, so every dapp would look the same to wallets. After init the
 * client's metadata is set back to the verified parent origin; session proposals and
 * requests read `client.metadata` when they are sent.
 *
 * Verify: unless `verify`, `core.verify.register` resolves at once with no attestation
 * (the Verify iframe would wait 5 s per proposal offline). Verify attests the frame's
 * origin in any case (it reads `window.location.origin`), not the dapp's.
 * Telemetry to WalletConnect's servers is off.
 * @throws Error when the provider fails to initialise (relay unreachable …).
 */
export async function createProvider(options: ProviderOptions): Promise<UniversalProvider> {
  shieldDeniedLocalStorage();
  const { UniversalProvider } = await import('@walletconnect/universal-provider');
  const provider = await UniversalProvider.init({
    projectId: options.projectId,
    metadata: { ...options.metadata },
    logger: 'error',
    storage: options.storage as never,
    customStoragePrefix: options.customStoragePrefix,
    telemetryEnabled: false,
    ...(options.relayUrl ? { relayUrl: options.relayUrl } : {}),
  });
  const client = provider.client as unknown as { metadata: ProviderOptions['metadata'] } | undefined;
  if (client) client.metadata = { ...options.metadata };
  if (!options.verify) {
    const verify = (provider.client?.core as unknown as { verify?: { register?: unknown } } | undefined)?.verify;
    if (verify) verify.register = async () => undefined;
  }
  return provider;
}

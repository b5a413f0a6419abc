import type UniversalProvider from '@walletconnect/universal-provider';
import { useOptionsStore } from '../../stores/options.ts';
import { createFrameStorage } from './storage.ts';

/**
 * The UniversalProvider singleton (issue 3 §1). This module and everything
 * that imports it is reached only through dynamic `import()`, so
 * `@walletconnect/universal-provider` stays out of the frame's initial JS.
 */

/** The UniversalProvider instance type (`@walletconnect/universal-provider` 2.25). */
export type WalletConnectProvider = UniversalProvider;

let providerPromise: Promise<UniversalProvider> | null = null;

/** Per-namespace listeners installed once on the provider (see session.ts). */
let onInit: ((provider: UniversalProvider) => void) | null = null;

/** Registers the function that wires the provider's events (called once, when the provider is created). */
export function setProviderInit(init: (provider: UniversalProvider) => void): void {
  onInit = init;
}

/**
 * The provider, created on first use with the FrameConfig's `projectId`, the
 * deployment's `relayUrl` (WalletConnect's default relay when null), dapp
 * `metadata` (name, description, url — the verified parent origin when the
 * dapp gave none —, icons), and {@link createFrameStorage} as its storage.
 * Verify: unless the deployment's `walletConnectVerify` is true the client's Verify
 * registration is skipped (`core.verify.register` returns no attestation), so
 * against a local relay no proposal or request waits the 5 s the Verify
 * iframe needs to time out (DESIGN.md §4). Restores a stored session itself.
 * @throws Error when the frame has no configuration yet, or the provider fails to initialise (relay unreachable …).
 */
export function getProvider(): Promise<UniversalProvider> {
  providerPromise ??= createProvider().catch((error: unknown) => {
    providerPromise = null;
    throw error;
  });
  return providerPromise;
}

async function createProvider(): Promise<UniversalProvider> {
  const { config, parentOrigin, deployment } = useOptionsStore.getState();
  if (!config) throw new Error('The frame is not configured');
  shieldDeniedLocalStorage();
  const { UniversalProvider } = await import('@walletconnect/universal-provider');
  const metadata = {
    name: config.metadata?.name || 'Airlock dapp',
    description: config.metadata?.description ?? '',
    url: config.metadata?.url || parentOrigin || location.origin,
    icons: config.metadata?.icons ?? [],
  };
  const provider = await UniversalProvider.init({
    projectId: config.projectId,
    metadata,
    logger: 'error',
    storage: createFrameStorage() as never,
    ...(deployment?.relayUrl ? { relayUrl: deployment.relayUrl } : {}),
  });
  if (!deployment?.walletConnectVerify) disableVerify(provider);
  onInit?.(provider);
  return provider;
}

/**
 * Turns WalletConnect Verify off for this client: `core.verify.register`
 * (which loads the Verify iframe and waits up to 5 s for an attestation on
 * every proposal and request) resolves at once with no attestation.
 */
function disableVerify(provider: UniversalProvider): void {
  const verify = (provider.client?.core as unknown as { verify?: { register?: unknown } } | undefined)?.verify;
  if (verify) verify.register = async () => undefined;
}

/**
 * A third-party iframe whose storage is blocked throws a SecurityError on
 * any read of `window.localStorage`, and `@walletconnect/keyvaluestorage`
 * reads it when its module loads (before our custom storage is used). When
 * the read throws, `window.localStorage` is replaced by an in-memory
 * Storage for this document; WalletConnect's real state still goes through
 * {@link createFrameStorage} (the host's storage).
 */
export function shieldDeniedLocalStorage(): void {
  try {
    void globalThis.localStorage;
    return;
  } catch {
    /* denied: install the in-memory stand-in */
  }
  const items = new Map<string, string>();
  const memory: Storage = {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
  try {
    Object.defineProperty(globalThis, 'localStorage', { value: memory, configurable: true });
  } catch {
    /* not replaceable: the import fails and the caller reports it */
  }
}

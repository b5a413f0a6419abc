import { errorResult, type Result } from '@airlock/protocol';
import type { EmbeddedConnector } from './connector.ts';

/**
 * The embedded connector as the core holds it from the start: a thin object whose
 * methods load the implementation (the connector, its channel and the approval wiring)
 * with `import()` the first time they run — when the visitor starts an email login or
 * the silent reconnect finds a stored embedded preference. Nothing of it is in the
 * initial JS. A failed load answers like a failed call (-32603 with the error's message)
 * and is retried on the next call.
 */
export function createLazyEmbeddedConnector(load: () => Promise<EmbeddedConnector>): EmbeddedConnector {
  let loading: Promise<EmbeddedConnector> | null = null;
  let loaded: EmbeddedConnector | null = null;
  const get = () => {
    loading ??= load().then(
      (connector) => (loaded = connector),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const run = async <T>(fn: (c: EmbeddedConnector) => Promise<Result<T>>): Promise<Result<T>> => {
    try {
      return await fn(await get());
    } catch (error) {
      return errorResult(error);
    }
  };
  return {
    id: 'embedded',
    type: 'AUTH',
    ref: { type: 'embedded' },
    // The embedded wallet has an account on each (spec §2: switching there needs no other wallet).
    namespaces: ['eip155', 'solana'],
    accountOn: (chainNamespace) => loaded?.accountOn?.(chainNamespace) ?? null,
    connect: (options) => run((c) => c.connect(options)),
    async restore(caipNetworkId) {
      try {
        return await (await get()).restore(caipNetworkId);
      } catch {
        return null;
      }
    },
    async disconnect() {
      if (loading) await (await loading.catch(() => null))?.disconnect();
    },
    request: (request, caipNetworkId) => run((c) => c.request(request, caipNetworkId)),
    switchNetwork: (network) => run((c) => c.switchNetwork(network)),
    cancel: () => loaded?.cancel(),
    reload: () => run((c) => c.reload()),
    destroy: () => loaded?.destroy(),
    element: () => loaded?.element() ?? null,
    connectEmail: (email) => run((c) => c.connectEmail(email)),
    showSocials: (providers, passkey) => run((c) => c.showSocials(providers, passkey)),
    connectPasskey: (caipNetworkId) => run((c) => c.connectPasskey(caipNetworkId)),
    connectSocial: (request, caipNetworkId) => run((c) => c.connectSocial(request, caipNetworkId)),
    abortSocial: () => loaded?.abortSocial(),
    connectOtp: (otp, caipNetworkId) => run((c) => c.connectOtp(otp, caipNetworkId)),
    connectDevice: (caipNetworkId) => run((c) => c.connectDevice(caipNetworkId)),
    getFarcasterUri: () => run((c) => c.getFarcasterUri()),
    connectFarcaster: (caipNetworkId) => run((c) => c.connectFarcaster(caipNetworkId)),
    cancelFarcaster: () => loaded?.cancelFarcaster(),
    updateEmail: (email) => run((c) => c.updateEmail(email)),
    updateEmailPrimaryOtp: (otp) => run((c) => c.updateEmailPrimaryOtp(otp)),
    updateEmailSecondaryOtp: (otp) => run((c) => c.updateEmailSecondaryOtp(otp)),
    abort: (requestId) => loaded?.abort(requestId),
    isPending: (requestId) => loaded?.isPending(requestId) ?? false,
  };
}

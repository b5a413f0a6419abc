import { cancelled, errorResult, type Result } from '@airlock/protocol';
import type { Connector } from './types.ts';

/**
 * One way to build every connector (after wagmi's `createConnector`): a connector folder
 * describes who it is once (id, name, icon, type, the namespaces it serves, how it is
 * remembered) and how its implementation is made; `defineConnector` turns that into the one
 * uniform {@link Connector} the core holds. The implementation is made on first use, so a
 * folder whose code is large imports it with `import()` and none of it is in the initial JS.
 * The connector reports its wallet's events through the `ConnectorEvents` the core gives the
 * folder's factory (app/connectors.ts wires them to the store); it never imports actions.
 *
 * One cancel behaviour for all: `cancel()` (or `disconnect()`) while a `connect` runs —
 * whether its implementation is still loading or the wallet is still asked — makes that
 * `connect` resolve with `cancelled('aborted')`, and the implementation is told to stop too.
 * A failed load answers like a failed call (the error's code and message, -32603 by default)
 * and is retried on the next call; `restore` then answers null, `disconnect` resolves.
 */

/** What an implementation does: the behaviour of a {@link Connector}, without who it is. */
export type ConnectorImplementation = Pick<
  Connector,
  'connect' | 'restore' | 'disconnect' | 'request' | 'switchNetwork' | 'accountOn'
> & {
  /** Stops its running `connect` where it has more to stop than the wrapper's own (a pairing, a login); optional. */
  cancel?(): void;
};

/** Who a connector is (the uniform fields of {@link Connector}) and how its implementation is made. */
export type ConnectorDefinition<I extends ConnectorImplementation> = Pick<
  Connector,
  'id' | 'name' | 'icon' | 'type' | 'ref' | 'namespaces' | 'rdns'
> & {
  /** Makes the implementation, on first use (an `import()` of the folder's code when it is large). */
  load(): Promise<I>;
};

/** A defined connector: the {@link Connector} plus access to its implementation for kind-specific calls. */
export type DefinedConnector<I extends ConnectorImplementation> = Connector & {
  /** Runs `fn` on the implementation (loading it first); a failed load or a throw answers a failed Result. */
  run<T>(fn: (implementation: I) => Promise<Result<T>>): Promise<Result<T>>;
  /** The implementation once made, else null (nothing is loaded by asking). */
  loaded(): I | null;
};

/** Builds the uniform connector of `definition` (see the file comment for loading and cancelling). */
export function defineConnector<I extends ConnectorImplementation>(
  definition: ConnectorDefinition<I>,
): DefinedConnector<I> {
  let loading: Promise<I> | null = null;
  let loaded: I | null = null;
  let attempt = 0;
  const load = () => {
    loading ??= definition.load().then(
      (implementation) => (loaded = implementation),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const run = async <T>(fn: (implementation: I) => Promise<Result<T>>): Promise<Result<T>> => {
    try {
      return await fn(await load());
    } catch (error) {
      return errorResult(error);
    }
  };
  const stop = () => {
    attempt++;
    loaded?.cancel?.();
  };
  return {
    id: definition.id,
    name: definition.name,
    icon: definition.icon,
    type: definition.type,
    rdns: definition.rdns,
    ref: definition.ref,
    namespaces: definition.namespaces,
    accountOn: (chainNamespace) => loaded?.accountOn?.(chainNamespace) ?? null,
    async connect(options) {
      const id = ++attempt;
      const result = await run(async (implementation) => {
        if (id !== attempt) return cancelled('aborted');
        return implementation.connect(options);
      });
      return id === attempt ? result : cancelled('aborted');
    },
    async restore(caipNetworkId) {
      try {
        return await (await load()).restore(caipNetworkId);
      } catch {
        return null;
      }
    },
    async disconnect() {
      stop();
      if (loading) await (await loading.catch(() => null))?.disconnect();
    },
    request: (request, caipNetworkId) => run((c) => c.request(request, caipNetworkId)),
    switchNetwork: (network) => run((c) => c.switchNetwork(network)),
    cancel: stop,
    run,
    loaded: () => loaded,
  };
}

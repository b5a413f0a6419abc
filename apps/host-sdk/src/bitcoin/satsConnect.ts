/** A sats-connect provider (Xverse's interface): `request(method, params)` → `{ result }` or `{ error }`. */
export type SatsConnectProvider = {
  request(method: string, params: unknown): Promise<{ result?: unknown; error?: { code?: number; message?: string } }>;
};

/** The allow-listed sats-connect methods (`SATS_CONNECT_METHODS` of the protocol): a listed provider's features, and all the bridge calls. */
export const SATS_METHODS = ['getAccounts', 'signMessage', 'signPsbt', 'sendTransfer'];

/** One entry of `window.btc_providers`: `id` is the provider's path on `window`, e.g. `XverseProviders.BitcoinProvider`. */
type Listed = { id?: unknown; name?: unknown; icon?: unknown };

/**
 * The sats-connect providers the page lists in `window.btc_providers`, each under a UUID of
 * this page load: an entry counts when its `id` is a dotted path of plain identifiers that
 * leads, through own properties from `window`, to an object with a `request` function, and its
 * `icon` is a `data:image` URI. `onNew` is called when `list()` finds a new one.
 */
export const satsConnectProviders = (onNew: () => void) => {
  const found = new Map<string, { provider: SatsConnectProvider; name: string; icon: string }>();
  const resolve = (path: string): SatsConnectProvider | undefined => {
    let at: any = globalThis;
    for (const key of path.split('.')) {
      if (!/^[A-Za-z_$][\w$]*$/.test(key) || key == '__proto__' || !Object.hasOwn(Object(at), key)) return;
      at = at[key];
    }
    return typeof at?.request == 'function' ? at : undefined;
  };
  return {
    list() {
      const listed = (globalThis as { btc_providers?: unknown }).btc_providers;
      for (const { id, name, icon } of Array.isArray(listed) ? (listed as Listed[]) : []) {
        const provider = typeof id == 'string' ? resolve(id) : undefined;
        if (!provider || typeof name != 'string' || !/^data:image\//.test(String(icon))) continue;
        if ([...found.values()].some((f) => f.provider == provider)) continue;
        found.set(crypto.randomUUID(), { provider, name, icon: icon as string });
        onNew();
      }
      return [...found].map(([id, { name, icon }]) => ({
        id,
        kind: 'sats-connect' as const,
        name,
        icon,
        chains: [],
        features: SATS_METHODS,
      }));
    },
    get: (id: string) => found.get(id)?.provider,
  };
};

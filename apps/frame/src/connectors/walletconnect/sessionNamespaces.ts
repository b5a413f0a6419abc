import {
  EIP5792_METHODS,
  ErrorCode,
  eip155ChainId,
  eip155NetworkId,
  err,
  errorResult,
  ok,
  toHexChainId,
  type CaipNetworkId,
  type Network,
  type Result,
  type RpcRequest,
} from '@airlock/protocol';
import { notGrantedCalls } from './answers.ts';
import { bip122Request, sessionBip122Accounts } from './bip122.ts';
import { cosmosWalletConnectRequest, sessionCosmosAccounts } from './cosmos.ts';
import {
  sessionAccounts,
  sessionAddresses,
  sessionChains,
  sessionGrants,
  sessionNamespaceAccounts,
  type SessionLike,
} from './session.ts';

/** A session's accounts on one network (addresses as the frame shows them). */
export type SessionAccounts = { caipNetworkId: CaipNetworkId; accounts: string[] };

/** What a request of a session namespace is sent with: the session, the network, and the wallet call. */
export type SessionRequestContext = {
  session: SessionLike;
  caipNetworkId: string;
  /** The wallet's current addresses first, in its order (bip122: its last `bip122_addressesChanged` on the network). */
  order?: readonly string[];
  /** Sends a WalletConnect request on the network (`provider.request({ method, params }, caipNetworkId)`). */
  call(method: string, params: object): Promise<unknown>;
};

/** One namespace of a WalletConnect session as the connector serves it: its accounts, its requests, its network switch. */
export type SessionNamespace = {
  /**
   * The session's accounts on `caipNetworkId`, else on its first network of the namespace; null
   * when none. `order` (the wallet's last account change on that network) puts those addresses
   * first, in their order.
   */
  accounts(session: SessionLike | undefined, caipNetworkId?: string, order?: readonly string[]): SessionAccounts | null;
  /** Answers a dapp request of the namespace over the session (the session has accounts on `caipNetworkId`). Never throws. */
  request(request: RpcRequest, context: SessionRequestContext): Promise<Result<unknown>>;
  /**
   * Asks the wallet to move to `network` (eip155: `wallet_switchEthereumChain`, EIP-3326); throws
   * the wallet's refusal. Absent: the network is named per request, switching asks the wallet
   * nothing (the session must have an account there).
   */
  switchTo?(network: Network, call: (method: string, params: object) => Promise<unknown>): Promise<void>;
  /** Loads what `accounts` needs when it is not in this chunk (the connector awaits it for the configured namespaces). */
  load?(): Promise<void>;
};

/** polkadot.ts once loaded: it brings `@polkadot/util-crypto` (SS58), so only a dapp with a polkadot network loads it. */
let polkadotModule: typeof import('./polkadot.ts') | null = null;
const loadPolkadot = async () => {
  polkadotModule ??= await import('./polkadot.ts');
  return polkadotModule;
};

/** 4100 for a network the session has no account on. */
const noAccount = (caipNetworkId: string) =>
  err(ErrorCode.Unauthorized, `The session has no account on ${caipNetworkId}`);

/** `items` with the addresses of `order` first, in its order (the rest as they were); `key` reads an item's address. */
function ranked<T>(items: readonly T[], order: readonly string[] = [], key: (item: T) => string = String): T[] {
  const rank = (item: T) => (order.includes(key(item)) ? order.indexOf(key(item)) : order.length);
  return [...items].sort((a, b) => rank(a) - rank(b));
}

/**
 * Every namespace the WalletConnect connector serves, by CAIP-2 namespace, in the order a session
 * without the asked network falls back on: eip155 (its chain switched in the wallet, EIP-3326;
 * EIP-5792 only when granted), solana (solana.ts, loaded on demand), bip122 (bip122.ts), cosmos
 * (cosmos.ts), polkadot (polkadot.ts, loaded on demand). Each answers the session's accounts on a
 * network (on its first one when that network has none) and routes the dapp's requests of that
 * namespace; but eip155, whose requests go to the wallet as they are, each only when the session
 * granted the method (4200) and only for the session's addresses on the very network (4100). The
 * connector reads no namespace name: adding one is an entry here (and its methods in namespaces.ts).
 */
export const SESSION_NAMESPACES: Partial<Record<string, SessionNamespace>> = {
  eip155: {
    accounts(session, caipNetworkId, order) {
      const wanted = caipNetworkId ? eip155ChainId(caipNetworkId) : null;
      const chosen = wanted !== null && sessionChains(session).includes(wanted) ? wanted : undefined;
      const accounts = ranked(sessionAddresses(session, chosen), order);
      const first = accounts[0];
      // The asked chain when the session has it, else the chain of its first account.
      const chain = chosen ?? sessionAccounts(session).find((a) => a.address === first)?.chainId;
      return chain === undefined ? null : { caipNetworkId: eip155NetworkId(chain), accounts };
    },
    async request(request, { session, call }) {
      // EIP-5792 passes through only when the wallet granted it in this session (else it could not answer).
      if (EIP5792_METHODS.has(request.method) && !sessionGrants(session, 'eip155', request.method))
        return err(ErrorCode.UnsupportedMethod, notGrantedCalls(request.method));
      try {
        return ok(await call(request.method, request.params ?? []));
      } catch (error) {
        return errorResult(error);
      }
    },
    async switchTo(network, call) {
      await call('wallet_switchEthereumChain', [{ chainId: toHexChainId(Number(network.id)) }]);
    },
  },
  solana: {
    accounts(session, caipNetworkId, order) {
      const all = sessionNamespaceAccounts(session, 'solana');
      const network = all.find((a) => a.caipNetworkId === caipNetworkId)?.caipNetworkId ?? all[0]?.caipNetworkId;
      if (!network) return null;
      const on = all.filter((a) => a.caipNetworkId === network).map((a) => a.address);
      return { caipNetworkId: network, accounts: ranked([...new Set(on)], order) };
    },
    async request(request, { session, caipNetworkId, order, call }) {
      const accounts = SESSION_NAMESPACES.solana!.accounts(session, caipNetworkId, order);
      if (accounts?.caipNetworkId !== caipNetworkId) return noAccount(caipNetworkId);
      const { solanaRequest } = await import('./solana.ts');
      return solanaRequest(request, { address: accounts.accounts[0]!, call });
    },
  },
  bip122: {
    accounts(session, caipNetworkId, order) {
      const found = sessionBip122Accounts(session, caipNetworkId, order);
      return found && { caipNetworkId: found.caipNetworkId, accounts: found.accounts.map((a) => a.address) };
    },
    async request(request, { session, caipNetworkId, order, call }) {
      const accounts = sessionBip122Accounts(session, caipNetworkId, order);
      if (accounts?.caipNetworkId !== caipNetworkId) return noAccount(caipNetworkId);
      return bip122Request(request, { session, accounts, call });
    },
  },
  cosmos: {
    accounts(session, caipNetworkId, order) {
      const found = sessionCosmosAccounts(session, caipNetworkId);
      return found && { caipNetworkId: found.caipNetworkId, accounts: ranked(found.accounts, order) };
    },
    async request(request, { session, caipNetworkId, order, call }) {
      const found = sessionCosmosAccounts(session, caipNetworkId);
      if (found?.caipNetworkId !== caipNetworkId) return noAccount(caipNetworkId);
      const accounts = { ...found, accounts: ranked(found.accounts, order) };
      return cosmosWalletConnectRequest(request, { session, accounts, call });
    },
  },
  polkadot: {
    // Null until loaded (`load`, which the connector awaits when a polkadot network is configured).
    accounts(session, caipNetworkId, order) {
      const found = polkadotModule?.sessionPolkadotAccounts(session, caipNetworkId);
      return found
        ? {
            caipNetworkId: found.caipNetworkId,
            accounts: ranked(
              found.accounts.map((a) => a.address),
              order,
            ),
          }
        : null;
    },
    async request(request, { session, caipNetworkId, order, call }) {
      const polkadot = await loadPolkadot();
      const found = polkadot.sessionPolkadotAccounts(session, caipNetworkId);
      if (found?.caipNetworkId !== caipNetworkId) return noAccount(caipNetworkId);
      const accounts = { ...found, accounts: ranked(found.accounts, order, (a) => a.address) };
      return polkadot.polkadotWalletConnectRequest(request, { session, accounts, call });
    },
    async load() {
      await loadPolkadot();
    },
  },
};

/** The CAIP-2 namespace of a network id (`bip122:000…` → `bip122`). */
export const namespaceOfId = (caipNetworkId: string | undefined) =>
  caipNetworkId?.slice(0, Math.max(0, caipNetworkId.indexOf(':'))) ?? '';

/**
 * The session's accounts on `caipNetworkId` (those of `order` first) when its namespace is one of
 * {@link SESSION_NAMESPACES} and the session has that very network; else null.
 */
export const sessionAccountsOn = (
  session: SessionLike | undefined,
  caipNetworkId: string | undefined,
  order?: readonly string[],
) => {
  const found = SESSION_NAMESPACES[namespaceOfId(caipNetworkId)]?.accounts(session, caipNetworkId, order);
  return found && found.caipNetworkId === caipNetworkId ? found : null;
};

/** The session's accounts on its first network of the first namespace of {@link SESSION_NAMESPACES} that has any; null when none. */
export const firstSessionAccounts = (session: SessionLike | undefined): SessionAccounts | null =>
  Object.values(SESSION_NAMESPACES)
    .map((served) => served?.accounts(session) ?? null)
    .find((found) => !!found) ?? null;

/**
 * The accounts a wallet's `accountsChanged` session event names (`data`: CAIP-10 ids, or plain
 * addresses on the event's network `chainId`), per network, in the event's order, each as the
 * frame shows it. Only the event's namespace counts, and only accounts the session holds on that
 * very network (its accounts are the grant: one it never approved could not sign). Null when
 * none is left or the event is malformed.
 */
export function changedSessionAccounts(
  session: SessionLike | undefined,
  chainId: unknown,
  data: unknown,
): Map<string, string[]> | null {
  if (!Array.isArray(data)) return null;
  const eventNamespace = typeof chainId === 'string' ? namespaceOfId(chainId) : undefined;
  const shown = (caip: string, namespace: string, network: string) =>
    SESSION_NAMESPACES[namespace]?.accounts({ namespaces: { [namespace]: { accounts: [caip] } } }, network)
      ?.accounts[0];
  const byNetwork = new Map<string, string[]>();
  for (const entry of data) {
    if (typeof entry !== 'string') continue;
    const caip = entry.split(':').length === 3 ? entry : typeof chainId === 'string' ? `${chainId}:${entry}` : '';
    const network = caip.slice(0, Math.max(0, caip.lastIndexOf(':')));
    const namespace = namespaceOfId(network);
    if (!namespace || (eventNamespace !== undefined && namespace !== eventNamespace)) continue;
    const address = shown(caip, namespace, network);
    const held = (session?.namespaces?.[namespace]?.accounts ?? [])
      .filter((a) => a.startsWith(`${network}:`))
      .map((a) => shown(a, namespace, network));
    if (!address || !held.includes(address)) continue;
    const list = byNetwork.get(network) ?? [];
    if (!list.includes(address)) list.push(address);
    byNetwork.set(network, list);
  }
  return byNetwork.size > 0 ? byNetwork : null;
}

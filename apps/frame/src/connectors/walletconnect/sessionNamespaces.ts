import { ErrorCode, err, type CaipNetworkId, type Result, type RpcRequest } from '@airlock/protocol';
import { bip122Request, sessionBip122Accounts } from './bip122.ts';
import { cosmosWalletConnectRequest, sessionCosmosAccounts } from './cosmos.ts';
import type { SessionLike } from './session.ts';

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

/** One namespace the frame reads from the session alone: its accounts, and its requests. */
export type SessionNamespace = {
  /** The session's accounts on `caipNetworkId`, else on its first network of the namespace; null when none. */
  accounts(session: SessionLike | undefined, caipNetworkId?: string): SessionAccounts | null;
  /** Answers a dapp request of the namespace over the session (the session has accounts on `caipNetworkId`). Never throws. */
  request(request: RpcRequest, context: SessionRequestContext): Promise<Result<unknown>>;
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

/**
 * Namespaces whose accounts the frame reads from the session alone and whose network is named per
 * request (switching asks the wallet nothing), by CAIP-2 namespace: bip122 (bip122.ts), cosmos
 * (cosmos.ts), polkadot (polkadot.ts, loaded on demand). Each answers the session's accounts on a network (on its
 * first one when that network has none) and routes the dapp's requests of that namespace, each
 * only when the session granted the method (4200) and only for the session's addresses (4100).
 */
export const SESSION_NAMESPACES: Partial<Record<string, SessionNamespace>> = {
  bip122: {
    accounts(session, caipNetworkId) {
      const found = sessionBip122Accounts(session, caipNetworkId);
      return found && { caipNetworkId: found.caipNetworkId, accounts: found.accounts.map((a) => a.address) };
    },
    async request(request, { session, caipNetworkId, order, call }) {
      const accounts = sessionBip122Accounts(session, caipNetworkId, order);
      if (accounts?.caipNetworkId !== caipNetworkId) return noAccount(caipNetworkId);
      return bip122Request(request, { session, accounts, call });
    },
  },
  cosmos: {
    accounts: sessionCosmosAccounts,
    async request(request, { session, caipNetworkId, call }) {
      const accounts = sessionCosmosAccounts(session, caipNetworkId);
      if (accounts?.caipNetworkId !== caipNetworkId) return noAccount(caipNetworkId);
      return cosmosWalletConnectRequest(request, { session, accounts, call });
    },
  },
  polkadot: {
    // Null until loaded (`load`, which the connector awaits when a polkadot network is configured).
    accounts(session, caipNetworkId) {
      const found = polkadotModule?.sessionPolkadotAccounts(session, caipNetworkId);
      return found ? { caipNetworkId: found.caipNetworkId, accounts: found.accounts.map((a) => a.address) } : null;
    },
    async request(request, { session, caipNetworkId, call }) {
      const polkadot = await loadPolkadot();
      const accounts = polkadot.sessionPolkadotAccounts(session, caipNetworkId);
      if (accounts?.caipNetworkId !== caipNetworkId) return noAccount(caipNetworkId);
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

/** The session's accounts on `caipNetworkId` when its namespace is one of {@link SESSION_NAMESPACES} and the session has that very network. */
export const sessionAccountsOn = (session: SessionLike | undefined, caipNetworkId: string | undefined) => {
  const found = SESSION_NAMESPACES[namespaceOfId(caipNetworkId)]?.accounts(session, caipNetworkId);
  return found && found.caipNetworkId === caipNetworkId ? found : null;
};

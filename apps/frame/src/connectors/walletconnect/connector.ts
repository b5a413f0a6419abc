import {
  cancelled,
  EIP5792_METHODS,
  ErrorCode,
  err,
  errorResult,
  ok,
  parseCaipAddress,
  eip155ChainId,
  fromHexChainId,
  toHexChainId,
  type CaipNetworkId,
  type Network,
  type Result,
} from '@airlock/protocol';
import { accountAddressOf } from '../../namespaces/addresses.ts';
import type { ConnectorImplementation } from '../define.ts';
import type { ConnectorEvents, ConnectorSession } from '../types.ts';
import { bip122ChangedAddresses, sessionBip122Accounts } from './bip122.ts';
import { authenticateSession } from './oneClick.ts';
import { cacaoChain, type OneClickAnswer } from './authenticate.ts';
import { walletConnectIcon } from './icon.ts';
import { WALLETCONNECT_CONNECTOR_ID } from './id.ts';
import { buildNamespaces } from './namespaces.ts';
import type { ProviderOptions, WalletConnectProvider } from './provider.ts';
import { SESSION_NAMESPACES, sessionAccountsOn, namespaceOfId, type SessionAccounts } from './sessionNamespaces.ts';
import { sessionAddresses, sessionChains, sessionGrants, sessionSolanaAccount, type SessionLike } from './session.ts';

export { WALLETCONNECT_CONNECTOR_ID };

/** What the connector needs: the provider options and the configured networks (for the proposal's namespaces). */
export type WalletConnectConnectorOptions = ProviderOptions & { networks: readonly Network[] };

type SessionEvent = { topic?: string; params?: { event?: { name?: string; data?: unknown }; chainId?: string } };

/**
 * The WalletConnect connector. The provider is created on first use (dynamic import).
 * The wallet's events come ONLY from its session: `session_event` (accountsChanged /
 * chainChanged, checked against the session's namespaces; `bip122_addressesChanged`, the
 * session's own addresses of that network put first, an account change when the connection is on
 * that network), `session_update` (new
 * namespaces) and `session_delete`. Nothing the page sends reaches it.
 */
export function createWalletConnectConnector(
  options: WalletConnectConnectorOptions,
  events: ConnectorEvents,
): ConnectorImplementation {
  let providerPromise: Promise<WalletConnectProvider> | null = null;
  let pairing = 0;
  let chainId: number | undefined;
  /** The network the connection is on (the last session given or network switched to): where a bip122 address change applies. */
  let activeNetwork: string | undefined;
  /** Per bip122 network, the addresses of the wallet's last `bip122_addressesChanged` (the current ones first). */
  const bitcoinOrder = new Map<string, string[]>();

  const wire = (provider: WalletConnectProvider) => {
    const session = () => provider.session as unknown as SessionLike | undefined;
    provider.on('session_event', (event: SessionEvent) => {
      const name = event.params?.event?.name;
      const data = event.params?.event?.data;
      if (name === 'accountsChanged' && Array.isArray(data)) {
        const approved = sessionAddresses(session());
        const next = data
          .map((a) => (typeof a === 'string' && a.split(':').length === 3 ? safeAddress(a) : null))
          .filter((a): a is `0x${string}` => !!a && approved.includes(a as `0x${string}`));
        if (next.length > 0) events.onAccountsChanged([...new Set(next)]);
      } else if (name === 'bip122_addressesChanged') {
        const network = event.params?.chainId;
        const changed = bip122ChangedAddresses(session(), network, data);
        if (!changed) return;
        bitcoinOrder.set(network!, changed);
        const found = sessionBip122Accounts(session(), network, changed);
        if (found && found.caipNetworkId === activeNetwork)
          events.onAccountsChanged(found.accounts.map((a) => a.address));
      } else if (name === 'chainChanged') {
        const raw = typeof data === 'string' && data.includes(':') ? eip155ChainId(data) : fromHexChainId(data);
        if (raw !== null && sessionChains(session()).includes(raw)) {
          if (activeNetwork === `eip155:${chainId}`) activeNetwork = `eip155:${raw}`;
          chainId = raw;
          events.onChainChanged(raw);
        }
      }
    });
    provider.on('session_update', () => {
      const addresses = sessionAddresses(session(), chainId);
      if (addresses.length > 0) events.onAccountsChanged(addresses);
    });
    provider.on('session_delete', () => events.onDisconnect());
  };

  let current: WalletConnectProvider | null = null;
  const currentSession = () => current?.session as unknown as SessionLike | undefined;
  const getProvider = () => {
    providerPromise ??= import('./provider.ts')
      .then((m) => m.createProvider(options))
      .then(async (provider) => {
        // The session namespaces of the configured networks whose readers load apart (polkadot's SS58).
        const configured = Object.keys(buildNamespaces(options.networks));
        await Promise.all(configured.map((namespace) => SESSION_NAMESPACES[namespace]?.load?.()));
        wire(provider);
        current = provider;
        return provider;
      })
      .catch((error: unknown) => {
        providerPromise = null;
        throw error;
      });
    return providerPromise;
  };

  const sessionOf = (provider: WalletConnectProvider, preferred?: CaipNetworkId): ConnectorSession | null => {
    const found = readSession(provider, preferred);
    activeNetwork = found ? (found.caipNetworkId ?? `eip155:${found.chainId}`) : undefined;
    return found;
  };
  const readSession = (provider: WalletConnectProvider, preferred?: CaipNetworkId): ConnectorSession | null => {
    const session = provider.session as unknown as SessionLike | undefined;
    const named = (found: SessionAccounts): ConnectorSession => ({
      ...found,
      name: (session?.peer?.metadata?.name || 'WalletConnect').slice(0, 64),
      icon: walletConnectIcon(session?.peer?.metadata?.icons?.[0]),
    });
    // A network served from the session alone (bip122) when the visitor asked for it.
    const asked = sessionAccountsOn(session, preferred);
    if (asked) return named(asked);
    const solana = sessionSolanaAccount(session, preferred);
    if (solana && (preferred?.startsWith('solana:') || sessionAddresses(session).length === 0)) {
      const meta = session?.peer?.metadata;
      return {
        accounts: [solana.address],
        caipNetworkId: solana.caipNetworkId,
        name: (meta?.name || 'WalletConnect').slice(0, 64),
        icon: walletConnectIcon(meta?.icons?.[0]),
      };
    }
    const wanted = preferred ? (eip155ChainId(preferred) ?? undefined) : undefined;
    const chains = sessionChains(session);
    const chosen = wanted !== undefined && chains.includes(wanted) ? wanted : undefined;
    const accounts = sessionAddresses(session, chosen);
    const first = accounts[0];
    if (!first) {
      // No eip155 or solana account: the first account of a namespace served from the session.
      const other = Object.values(SESSION_NAMESPACES)
        .map((served) => served?.accounts(session))
        .find((found) => !!found);
      return other ? named(other) : null;
    }
    const onChain = (provider.session?.namespaces?.eip155?.accounts ?? []).find((a) =>
      a.toLowerCase().endsWith(first.toLowerCase()),
    );
    chainId = chosen ?? (onChain ? (eip155ChainId(onChain.split(':').slice(0, 2).join(':')) ?? undefined) : undefined);
    if (chainId === undefined) return null;
    const meta = session?.peer?.metadata;
    return {
      accounts,
      chainId,
      name: (meta?.name || 'WalletConnect').slice(0, 64),
      icon: walletConnectIcon(meta?.icons?.[0]),
    };
  };

  return {
    async connect(connectOptions = {}) {
      const id = ++pairing;
      try {
        const provider = await getProvider();
        if (id !== pairing) return cancelled('aborted');
        if (provider.session) await provider.disconnect().catch(() => undefined);
        bitcoinOrder.clear();
        const listener = (uri: string) => {
          if (id === pairing) connectOptions.onUri?.(uri);
        };
        // One-click sign-in (docs/siwx.md) when the sign-in module gives the fields; else a plain proposal.
        const oneClick = (await connectOptions.siwx?.request().catch(() => null)) ?? null;
        if (id !== pairing) return cancelled('aborted');
        let answer: OneClickAnswer | null = null;
        provider.on('display_uri', listener);
        try {
          const optionalNamespaces = buildNamespaces(options.networks);
          if (oneClick) answer = await authenticateSession(provider, oneClick, optionalNamespaces);
          else await provider.connect({ optionalNamespaces });
        } finally {
          provider.removeListener('display_uri', listener);
        }
        if (id !== pairing) return cancelled('aborted');
        const preferred = (answer ? cacaoChain(answer.cacao) : null) ?? connectOptions.caipNetworkId;
        const session = sessionOf(provider, preferred as CaipNetworkId | undefined);
        if (!session) {
          await provider.disconnect().catch(() => undefined);
          return err(ErrorCode.InternalError, 'The wallet approved no account of the configured networks');
        }
        if (answer) await connectOptions.siwx?.complete(answer);
        return ok(session);
      } catch (error) {
        return rejectionNamed(errorResult(error));
      }
    },
    async restore(caipNetworkId) {
      try {
        const provider = await getProvider();
        return provider.session ? sessionOf(provider, caipNetworkId) : null;
      } catch {
        return null;
      }
    },
    async disconnect() {
      pairing++;
      if (!providerPromise) return;
      try {
        const provider = await providerPromise;
        if (provider.session) await provider.disconnect();
      } catch {
        /* already gone */
      }
    },
    accountOn(chainNamespace) {
      const session = currentSession();
      if (chainNamespace === 'eip155') return sessionAddresses(session, chainId)[0] ?? null;
      if (chainNamespace === 'solana') return sessionSolanaAccount(session)?.address ?? null;
      return SESSION_NAMESPACES[chainNamespace]?.accounts(session)?.accounts[0] ?? null;
    },
    async request(request, caipNetworkId) {
      try {
        const provider = await getProvider();
        if (!provider.session) return err(ErrorCode.Disconnected, 'Disconnected');
        const session = provider.session as unknown as SessionLike;
        // A namespace served from the session (bip122, cosmos, polkadot): its own module routes the request.
        const served = SESSION_NAMESPACES[namespaceOfId(caipNetworkId)];
        if (served)
          return await served.request(request, {
            session,
            caipNetworkId,
            order: bitcoinOrder.get(caipNetworkId),
            call: (method, params) => provider.request({ method, params }, caipNetworkId),
          });
        if (caipNetworkId.startsWith('solana:')) {
          const { solanaRequest } = await import('./solana.ts');
          const account = sessionSolanaAccount(provider.session as unknown as SessionLike, caipNetworkId);
          if (!account) return err(ErrorCode.Unauthorized, 'The session has no solana account');
          return await solanaRequest(provider, request, account.caipNetworkId, account.address);
        }
        // EIP-5792 passes through only when the wallet granted it in this session (else it could not answer).
        if (EIP5792_METHODS.has(request.method) && !sessionGrants(provider.session as never, 'eip155', request.method))
          return err(ErrorCode.UnsupportedMethod, notGranted(request.method));
        return ok(await provider.request({ method: request.method, params: request.params ?? [] }, caipNetworkId));
      } catch (error) {
        return errorResult(error);
      }
    },
    async switchNetwork(network) {
      try {
        const provider = await getProvider();
        if (!provider.session) return err(ErrorCode.Disconnected, 'Disconnected');
        // A bip122 network is named per request: the session must have accounts on it.
        const served = SESSION_NAMESPACES[network.chainNamespace];
        if (served) {
          if (!sessionAccountsOn(provider.session as unknown as SessionLike, network.caipNetworkId))
            return err(ErrorCode.ChainDisconnected, `The session has no account on ${network.name}`);
          activeNetwork = network.caipNetworkId;
          return ok(null);
        }
        // A solana chain is named per request: switching asks the wallet nothing.
        if (network.chainNamespace === 'solana') {
          if (!sessionSolanaAccount(provider.session as unknown as SessionLike))
            return err(ErrorCode.ChainDisconnected, 'The session has no solana account');
          activeNetwork = network.caipNetworkId;
          return ok(null);
        }
        await provider.request(
          { method: 'wallet_switchEthereumChain', params: [{ chainId: toHexChainId(Number(network.id)) }] },
          network.caipNetworkId,
        );
        chainId = Number(network.id);
        activeNetwork = network.caipNetworkId;
        return ok(null);
      } catch (error) {
        return errorResult(error);
      }
    },
    cancel() {
      pairing++;
    },
  };
}

/**
 * WalletConnect's own 'User rejected' (5000, its SDK error codes) is the visitor's no, like
 * EIP-1193 4001: it keeps its code and message and names the cancellation (`data.cancelled`),
 * so the core tells it from a failure (`cancelReason`).
 */
function rejectionNamed<T>(result: Result<T>): Result<T> {
  if (result.ok || result.error.code !== WALLETCONNECT_USER_REJECTED) return result;
  return { ok: false, error: { ...result.error, data: { cancelled: 'rejected' } } };
}

/** 4200's message for an EIP-5792 method the WalletConnect session did not grant. */
export const notGranted = (method: string) =>
  `The connected wallet does not support ${method} (EIP-5792): its WalletConnect session did not grant it`;

/** WalletConnect's 'User rejected' error code (SDK error codes, 5000). */
export const WALLETCONNECT_USER_REJECTED = 5000;

/**
 * The address of a CAIP-10 account id as its namespace keeps it (eip155 EIP-55), or null when
 * malformed (the caller keeps only the session's approved eip155 addresses).
 */
function safeAddress(caipAddress: string): string | null {
  try {
    const { address } = parseCaipAddress(caipAddress);
    return accountAddressOf(caipAddress, address);
  } catch {
    return null;
  }
}

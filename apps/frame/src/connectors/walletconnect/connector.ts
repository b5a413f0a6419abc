import {
  cancelled,
  ErrorCode,
  err,
  errorResult,
  ok,
  eip155ChainId,
  eip155NetworkId,
  fromHexChainId,
  type CaipNetworkId,
  type Network,
  type Result,
} from '@airlock/protocol';
import type { ConnectorImplementation } from '../define.ts';
import type { ConnectorEvents, ConnectorSession } from '../types.ts';
import { notGrantedCalls } from './answers.ts';
import { bip122ChangedAddresses } from './bip122.ts';
import { authenticateSession } from './oneClick.ts';
import { cacaoChain, type OneClickAnswer } from './authenticate.ts';
import { walletConnectIcon } from './icon.ts';
import { WALLETCONNECT_CONNECTOR_ID } from './id.ts';
import { buildNamespaces } from './namespaces.ts';
import type { ProviderOptions, WalletConnectProvider } from './provider.ts';
import {
  SESSION_NAMESPACES,
  changedSessionAccounts,
  firstSessionAccounts,
  namespaceOfId,
  sessionAccountsOn,
  type SessionAccounts,
} from './sessionNamespaces.ts';
import { sessionChains, type SessionLike } from './session.ts';

export { WALLETCONNECT_CONNECTOR_ID };

/** What the connector needs: the provider options and the configured networks (for the proposal's namespaces). */
export type WalletConnectConnectorOptions = ProviderOptions & { networks: readonly Network[] };

type SessionEvent = { topic?: string; params?: { event?: { name?: string; data?: unknown }; chainId?: string } };

/**
 * The WalletConnect connector. The provider is created on first use (dynamic import).
 * The wallet's events come ONLY from its session: `session_event` (`accountsChanged` of any
 * namespace and `bip122_addressesChanged`: the session's own accounts the event names are put
 * first on their network, and an account change is sent only when the connection is on that very
 * network, so one namespace's accounts never land in another's connection; `chainChanged`, an
 * eip155 chain of the session, a chain change only while the connection is on eip155),
 * `session_update` (new namespaces: the accounts on the connection's network again) and
 * `session_delete`. Nothing the page sends reaches it. Every namespace is served through
 * {@link SESSION_NAMESPACES} (sessionNamespaces.ts); nothing here reads a namespace's name.
 */
export function createWalletConnectConnector(
  options: WalletConnectConnectorOptions,
  events: ConnectorEvents,
): ConnectorImplementation {
  let providerPromise: Promise<WalletConnectProvider> | null = null;
  let pairing = 0;
  /** The network the connection is on (the last session given or network switched to): where an account change applies. */
  let activeNetwork: string | undefined;
  /** Per namespace, the last network of it the connection was on (eip155: the wallet's chain). */
  const lastNetwork = new Map<string, string>();
  /** Per network, the addresses of the wallet's last account change there (the current ones first). */
  const order = new Map<string, string[]>();
  const setActive = (caipNetworkId: string | undefined) => {
    activeNetwork = caipNetworkId;
    if (caipNetworkId) lastNetwork.set(namespaceOfId(caipNetworkId), caipNetworkId);
  };
  /** The session's accounts on the connection's network (its wallet's order first); null when it has none there. */
  const activeAccounts = (session: SessionLike | undefined) =>
    sessionAccountsOn(session, activeNetwork, activeNetwork ? order.get(activeNetwork) : undefined);

  const wire = (provider: WalletConnectProvider) => {
    const session = () => provider.session as unknown as SessionLike | undefined;
    const changed = (byNetwork: Map<string, string[]>) => {
      for (const [network, addresses] of byNetwork) order.set(network, addresses);
      // Only a change on the connection's own network changes its accounts.
      const found = activeNetwork && byNetwork.has(activeNetwork) ? activeAccounts(session()) : null;
      if (found && found.accounts.length > 0) events.onAccountsChanged(found.accounts);
    };
    provider.on('session_event', (event: SessionEvent) => {
      const name = event.params?.event?.name;
      const data = event.params?.event?.data;
      if (name === 'accountsChanged') {
        const found = changedSessionAccounts(session(), event.params?.chainId, data);
        if (found) changed(found);
      } else if (name === 'bip122_addressesChanged') {
        const network = event.params?.chainId;
        const addresses = bip122ChangedAddresses(session(), network, data);
        if (addresses) changed(new Map([[network!, addresses]]));
      } else if (name === 'chainChanged') {
        const raw = typeof data === 'string' && data.includes(':') ? eip155ChainId(data) : fromHexChainId(data);
        if (raw === null || !sessionChains(session()).includes(raw)) return;
        const network = eip155NetworkId(raw);
        const onIt = namespaceOfId(activeNetwork) === namespaceOfId(network);
        lastNetwork.set(namespaceOfId(network), network);
        // On another namespace the wallet's chain is remembered for later, the connection stays where it is.
        if (onIt) {
          activeNetwork = network;
          events.onChainChanged(raw);
        }
      }
    });
    provider.on('session_update', () => {
      const found = activeAccounts(session());
      if (found && found.accounts.length > 0) events.onAccountsChanged(found.accounts);
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
    const session = provider.session as unknown as SessionLike | undefined;
    // The asked network when the session has it, else the first network of the first namespace it has.
    const found =
      sessionAccountsOn(session, preferred, preferred && order.get(preferred)) ?? firstSessionAccounts(session);
    setActive(found?.caipNetworkId);
    return found && named(found, session);
  };

  return {
    async connect(connectOptions = {}) {
      const id = ++pairing;
      try {
        const provider = await getProvider();
        if (id !== pairing) return cancelled('aborted');
        if (provider.session) await provider.disconnect().catch(() => undefined);
        order.clear();
        lastNetwork.clear();
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
      const network = lastNetwork.get(chainNamespace);
      const found = SESSION_NAMESPACES[chainNamespace]?.accounts(
        currentSession(),
        network,
        network ? order.get(network) : undefined,
      );
      return found?.accounts[0] ?? null;
    },
    async request(request, caipNetworkId) {
      try {
        const provider = await getProvider();
        if (!provider.session) return err(ErrorCode.Disconnected, 'Disconnected');
        // The network's namespace routes the request (its grants and accounts checked there).
        const served = SESSION_NAMESPACES[namespaceOfId(caipNetworkId)];
        if (!served) return err(ErrorCode.ChainDisconnected, `WalletConnect does not serve ${caipNetworkId}`);
        return await served.request(request, {
          session: provider.session as unknown as SessionLike,
          caipNetworkId,
          order: order.get(caipNetworkId),
          call: (method, params) => provider.request({ method, params }, caipNetworkId),
        });
      } catch (error) {
        return errorResult(error);
      }
    },
    async switchNetwork(network) {
      try {
        const provider = await getProvider();
        if (!provider.session) return err(ErrorCode.Disconnected, 'Disconnected');
        const served = SESSION_NAMESPACES[network.chainNamespace];
        if (!served) return err(ErrorCode.ChainDisconnected, `WalletConnect does not serve ${network.name}`);
        if (served.switchTo) {
          // The wallet moves (eip155: EIP-3326); its refusal is the switch's.
          await served.switchTo(network, (method, params) =>
            provider.request({ method, params }, network.caipNetworkId),
          );
        } else if (!sessionAccountsOn(provider.session as unknown as SessionLike, network.caipNetworkId)) {
          // A network named per request: the session must have accounts on it, the wallet is asked nothing.
          return err(ErrorCode.ChainDisconnected, `The session has no account on ${network.name}`);
        }
        setActive(network.caipNetworkId);
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
export const notGranted = notGrantedCalls;

/** WalletConnect's 'User rejected' error code (SDK error codes, 5000). */
export const WALLETCONNECT_USER_REJECTED = 5000;

/**
 * The connector's session from the session's accounts on one network: eip155 with its decimal
 * `chainId`, another namespace with its `caipNetworkId`; named and shown as the wallet's peer.
 */
function named(found: SessionAccounts, session: SessionLike | undefined): ConnectorSession {
  const chainId = eip155ChainId(found.caipNetworkId);
  const meta = session?.peer?.metadata;
  return {
    accounts: found.accounts,
    ...(chainId !== null ? { chainId } : { caipNetworkId: found.caipNetworkId }),
    name: (meta?.name || 'WalletConnect').slice(0, 64),
    icon: walletConnectIcon(meta?.icons?.[0]),
  };
}

import type { WalletKitTypes } from '@reown/walletkit';
import { getSdkError } from '@walletconnect/utils';
import type { ProposalTypes, SessionTypes } from '@walletconnect/types';
import type { Result, RpcErrorShape } from '@airlock/protocol';
import { createDevAccounts } from './accounts.ts';
import {
  BITCOIN_METHODS,
  BITCOIN_READ_METHODS,
  bitcoinDevKeys,
  bitcoinRequestSummary,
  executeBitcoinRequest,
  isBitcoinRequest,
} from './bitcoin.ts';
import { chainRequestsOf } from './chainRequests.ts';
import { chainIdOf, findNetwork } from './config.ts';
import { SOLANA_METHODS, solanaRequestSummary, executeSolanaRequest, solanaDevKey } from './solana.ts';
import { approvedNamespaces, summariseNamespaces } from './namespaces.ts';
import {
  executeRequest,
  isImplementedMethod,
  summariseRequest,
  unsupportedMethodError,
  USER_REJECTED_REQUEST,
} from './requests.ts';
import { approveAuthentication, rejectAuthentication, toAuthentication } from './authenticate.ts';
import { closeWalletKit, createWalletKit } from './walletKit.ts';

/**
 * The Dev Wallet's logic, without UI: pairs with `wc:` URIs, hands session proposals
 * and requests to callbacks, approves / rejects them, executes requests with the anvil accounts,
 * switches chains (`chainChanged`), lists and disconnects sessions. The React UI and the tests
 * drive this module the same way.
 */

export type {
  DevWallet,
  DevWalletOptions,
  PendingProposal,
  PendingRequest,
  SessionSummary,
} from './walletTypes.ts';
import type { DevWallet, DevWalletOptions, PendingProposal, PendingRequest, SessionSummary } from './walletTypes.ts';

const defaultMetadata = (): WalletKitTypes.Metadata => ({
  name: 'Airlock Dev Wallet',
  description: 'Local WalletConnect wallet with the anvil test accounts (never use on a real network).',
  url: typeof location === 'undefined' ? 'http://127.0.0.1' : location.origin,
  icons: [],
});

/** A JSON-RPC error object for walletkit (its `data` must be a string). */
const toJsonRpcError = ({ code, message, data }: RpcErrorShape) =>
  data === undefined
    ? { code, message }
    : { code, message, data: typeof data === 'string' ? data : JSON.stringify(data) };

/** Storage key of the per-session current network (`{ [topic]: caipNetworkId }`). */
const sessionChainsKey = (prefix: string | undefined) =>
  `airlock-dev-wallet${prefix ? `:${prefix}` : ''}//session-chains`;

/**
 * Starts the Dev Wallet: creates walletkit on the configured relay (no other network access, see
 * `walletKit.ts`), restores sessions and pending proposals / requests from storage, and wires the
 * walletkit events to the callbacks.
 * @throws the core's error when storage or the relay cannot be reached at start.
 */
export async function createDevWallet(options: DevWalletOptions): Promise<DevWallet> {
  const { config } = options;
  const accounts = options.accounts ?? createDevAccounts();
  const walletkit = await createWalletKit({
    config,
    metadata: options.metadata ?? defaultMetadata(),
    storage: options.storage,
    customStoragePrefix: options.customStoragePrefix,
    logger: options.logger,
  });
  const storage = walletkit.core.storage;
  const chainsKey = sessionChainsKey(options.customStoragePrefix);
  const sessionChains: Record<string, string> = (await storage.getItem<Record<string, string>>(chainsKey)) ?? {};
  const saveSessionChains = () => storage.setItem(chainsKey, sessionChains);

  const summariseSession = (session: SessionTypes.Struct): SessionSummary => {
    const namespace = session.namespaces.eip155;
    const chains = namespace?.chains ?? namespace?.accounts.map((a) => a.split(':').slice(0, 2).join(':')) ?? [];
    const caipNetworkId = sessionChains[session.topic] ?? chains[0] ?? '';
    const onChain = (namespace?.accounts ?? [])
      .filter((a) => a.startsWith(`${caipNetworkId}:`))
      .map((a) => a.split(':')[2]!);
    const address = accounts.find((account) => onChain.includes(account.address))?.address ?? onChain[0] ?? '';
    return {
      topic: session.topic,
      dappName: session.peer.metadata.name,
      dappUrl: session.peer.metadata.url,
      address,
      caipNetworkId,
      networkName: findNetwork(config, caipNetworkId)?.name ?? caipNetworkId,
      expiry: session.expiry,
    };
  };

  const getSessions = () =>
    Object.values(walletkit.getActiveSessions())
      .sort((a, b) => b.expiry - a.expiry)
      .map(summariseSession);
  const notifySessions = () => options.onSessionsChange?.(getSessions());

  const toProposal = (id: number, params: ProposalTypes.Struct): PendingProposal => ({
    id,
    params,
    dapp: {
      name: params.proposer.metadata.name,
      url: params.proposer.metadata.url,
      description: params.proposer.metadata.description,
    },
    namespaces: summariseNamespaces(params),
  });

  const solanaKey = solanaDevKey();
  const bitcoin = { keys: bitcoinDevKeys(), esploraUrl: config.bitcoin?.esploraUrl };
  const toRequest = ({
    id,
    topic,
    params,
  }: WalletKitTypes.SessionRequest | Omit<WalletKitTypes.SessionRequest, 'verifyContext'>): PendingRequest => {
    const input = {
      method: params.request.method,
      params: params.request.params as unknown,
      caipNetworkId: params.chainId,
    };
    const session = walletkit.getActiveSessions()[topic];
    return {
      id,
      topic,
      ...input,
      dappName: session?.peer.metadata.name ?? 'Unknown dapp',
      summary: chainRequestsOf(input)
        ? chainRequestsOf(input)!.summary(input, config)
        : isBitcoinRequest(input)
          ? bitcoinRequestSummary(input, config.bitcoin?.name)
          : input.method.startsWith('solana_')
            ? solanaRequestSummary(input, config.solana?.name)
            : summariseRequest(input, config, accounts),
    };
  };

  const respond = (request: PendingRequest, outcome: Result<unknown>) =>
    walletkit.respondSessionRequest({
      topic: request.topic,
      response: outcome.ok
        ? { id: request.id, jsonrpc: '2.0', result: outcome.value }
        : { id: request.id, jsonrpc: '2.0', error: toJsonRpcError(outcome.error) },
    });

  const receiveRequest = (request: PendingRequest) => {
    // Cosmos and Polkadot (chainRequests.ts): reads answered at once, the rest asked.
    const chain = chainRequestsOf(request);
    if (chain?.reads.includes(request.method)) {
      void chain.execute(request.method, request.params).then((outcome) => respond(request, outcome));
      return;
    }
    if (chain?.methods.includes(request.method)) {
      options.onRequest?.(request);
      return;
    }
    // A Bitcoin address read is answered at once; its signing methods ask like the others.
    if (isBitcoinRequest(request) && BITCOIN_READ_METHODS.includes(request.method)) {
      void executeBitcoinRequest(request.method, request.params, bitcoin).then((outcome) => respond(request, outcome));
      return;
    }
    if (isBitcoinRequest(request) && (BITCOIN_METHODS as readonly string[]).includes(request.method)) {
      options.onRequest?.(request);
      return;
    }
    if (isImplementedMethod(request.method) || (SOLANA_METHODS as readonly string[]).includes(request.method)) {
      options.onRequest?.(request);
      return;
    }
    const error = unsupportedMethodError(request.method);
    void respond(request, { ok: false, error }).then(
      () => options.onRefusedRequest?.(request, error),
      () => options.onRefusedRequest?.(request, error),
    );
  };

  /** EIP-3326 switch for one session: adds the chain to the session when missing, then `chainChanged`. */
  const switchChain = async (topic: string, caipNetworkId: string) => {
    const session = walletkit.getActiveSessions()[topic];
    if (!session) throw new Error(`No session ${topic}`);
    const namespace = session.namespaces.eip155 ?? { accounts: [], methods: [], events: [] };
    if (!(namespace.chains ?? []).includes(caipNetworkId)) {
      const { acknowledged } = await walletkit.updateSession({
        topic,
        namespaces: {
          ...session.namespaces,
          eip155: {
            ...namespace,
            chains: [...(namespace.chains ?? []), caipNetworkId],
            accounts: [...namespace.accounts, ...accounts.map((account) => `${caipNetworkId}:${account.address}`)],
          },
        },
      });
      await acknowledged();
    }
    await walletkit.emitSessionEvent({
      topic,
      event: { name: 'chainChanged', data: chainIdOf(caipNetworkId) },
      chainId: caipNetworkId,
    });
    sessionChains[topic] = caipNetworkId;
    await saveSessionChains();
    notifySessions();
  };

  walletkit.on('session_proposal', ({ id, params }) => options.onProposal?.(toProposal(id, params)));
  walletkit.on('session_request', (event) => receiveRequest(toRequest(event)));
  walletkit.on('session_delete', ({ topic }) => {
    delete sessionChains[topic];
    void saveSessionChains();
    notifySessions();
  });
  walletkit.on('proposal_expire', ({ id }) => options.onExpired?.(id));
  if (options.oneClick !== false) {
    walletkit.on('session_authenticate', (event) => {
      try {
        options.onAuthenticate?.(toAuthentication(walletkit, event, config, accounts[0]!));
      } catch {
        void rejectAuthentication(walletkit, event).catch(() => undefined); // none of its chains
      }
    });
  }
  walletkit.on('session_request_expire', ({ id }) => options.onExpired?.(id));

  for (const [id, params] of Object.entries(walletkit.getPendingSessionProposals())) {
    options.onProposal?.(toProposal(Number(id), params));
  }
  for (const pending of walletkit.getPendingSessionRequests()) receiveRequest(toRequest(pending));

  return {
    walletkit,
    accounts,
    pair: async (uri) => {
      const trimmed = uri.trim();
      if (!trimmed.startsWith('wc:')) throw new Error('Not a WalletConnect URI (it starts with wc:)');
      await walletkit.pair({ uri: trimmed });
    },
    approveProposal: async (proposal) => {
      let namespaces: SessionTypes.Namespaces;
      try {
        namespaces = approvedNamespaces(proposal.params, config, accounts);
      } catch (error) {
        await walletkit
          .rejectSession({ id: proposal.id, reason: getSdkError('UNSUPPORTED_CHAINS') })
          .catch(() => undefined);
        throw error;
      }
      const session = await walletkit.approveSession({ id: proposal.id, namespaces });
      notifySessions();
      return summariseSession(session);
    },
    rejectProposal: (proposal) => walletkit.rejectSession({ id: proposal.id, reason: getSdkError('USER_REJECTED') }),
    approveRequest: async (request) => {
      const outcome = chainRequestsOf(request)
        ? await chainRequestsOf(request)!.execute(request.method, request.params)
        : isBitcoinRequest(request)
          ? await executeBitcoinRequest(request.method, request.params, bitcoin)
          : request.method.startsWith('solana_')
            ? await executeSolanaRequest(request.method, request.params, {
                key: solanaKey,
                rpcUrl: config.solana?.rpcUrl,
              })
            : await executeRequest(request, {
                config,
                accounts,
                switchChain: (caipNetworkId) => switchChain(request.topic, caipNetworkId),
              });
      await respond(request, outcome);
      return outcome;
    },
    rejectRequest: (request) => respond(request, { ok: false, error: { ...USER_REJECTED_REQUEST } }),
    approveAuthentication: async (pending) => {
      await approveAuthentication(walletkit, pending, accounts[0]!);
      notifySessions();
    },
    rejectAuthentication: (pending) => rejectAuthentication(walletkit, pending),
    disconnect: async (topic) => {
      await walletkit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') });
      delete sessionChains[topic];
      await saveSessionChains();
      notifySessions();
    },
    getSessions,
    close: async () => {
      walletkit.events.removeAllListeners();
      await closeWalletKit(walletkit);
    },
  };
}

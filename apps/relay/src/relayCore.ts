import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { formatRequest, RpcError, rpcErrorCodes, type JsonRpcId, type JsonRpcRequest } from './jsonRpc.ts';
import { createMessageStore, shortTopic, type MessageStore, type StoredMessage } from './messageStore.ts';
import {
  approveSessionParamsSchema,
  batchPublishParamsSchema,
  batchUnsubscribeParamsSchema,
  proposeSessionParamsSchema,
  publishParamsSchema,
  subscribeParamsSchema,
  topicsParamsSchema,
  unsubscribeParamsSchema,
} from './rpcSchemas.ts';

/**
 * The relay's routing core, independent of the socket layer: topic subscriptions, publishing with
 * store-and-forward, and the JSON-RPC methods of the `irn` relay protocol plus the
 * `wc_proposeSession` / `wc_approveSession` methods of `@walletconnect/sign-client` 2.25.
 */

/** One authenticated socket as the core sees it. */
export type RelayClient = {
  /** did:key of the client (JWT `iss`), the SDK's clientId. */
  clientId: string;
  /** Sends one text frame to this socket. */
  send: (text: string) => void;
  /** Topics this socket subscribed to → subscription id. */
  subscriptions: Map<string, string>;
  /** Ids of `irn_subscription` pushes this socket has not acknowledged yet. */
  pendingAcks: Set<number>;
};

/** Limits of the relay. All counts are messages, sizes are characters of the base64 envelope. */
export type RelayLimits = {
  /** Most stored messages per topic (default 500). */
  maxMessagesPerTopic: number;
  /** Most stored messages in total (default 50 000). */
  maxMessages: number;
  /** Largest accepted `message` in characters (default 512 KiB); bigger publishes are refused. */
  maxMessageBytes: number;
  /** Longest ttl kept, in seconds (default 30 days); longer ttls are shortened to it. */
  maxTtlSeconds: number;
};

/** Defaults of {@link RelayLimits}. */
export const defaultRelayLimits: RelayLimits = {
  maxMessagesPerTopic: 500,
  maxMessages: 50_000,
  maxMessageBytes: 512 * 1024,
  maxTtlSeconds: 30 * 24 * 60 * 60,
};

/** Tags `@walletconnect/sign-client` uses for the messages inside the session methods. */
const sessionTags = { proposeRequest: 1100, proposeResponse: 1101, settleRequest: 1102 } as const;

/** Default ttl (s) of the session methods when the client omits it: the SDK's FIVE_MINUTES. */
const defaultSessionTtl = 300;

/** What a method handler returns: the JSON-RPC result and work to do once it was sent. */
export type MethodOutcome = { result: unknown; then?: () => void };

/** Options of {@link createRelayCore}. */
export type RelayCoreOptions = RelayLimits & {
  /** Clock in ms since the epoch. */
  now: () => number;
  /** One line per noteworthy event (drops, refusals). */
  log: (line: string) => void;
};

/** The core returned by {@link createRelayCore}. */
export type RelayCore = {
  /**
   * Runs one JSON-RPC request from `client`: returns its result and, for subscribe methods, a
   * `then` callback that pushes the topic's stored messages; call it after the result was sent so
   * the client knows the subscription before its messages arrive.
   * Throws {@link RpcError} (-32601 unknown method, -32602 invalid params or message too large).
   */
  handleRequest(client: RelayClient, request: JsonRpcRequest): MethodOutcome;
  /** Records the client's response to one of our `irn_subscription` pushes. */
  handleAck(client: RelayClient, id: JsonRpcId): void;
  /** Forgets a closed socket and all its subscriptions. */
  removeClient(client: RelayClient): void;
  /** The message store (for sweeping and inspection). */
  store: MessageStore;
};

/**
 * Subscription id the relay returns for `topic`: sha256 hex of `topic + clientId`, the same value
 * the SDK computes locally (`Subscriber.getSubscriptionId`), so ids agree on both sides.
 */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256').update(topic + clientId, 'utf8').digest('hex');
}

const parseParams = <T extends z.ZodType>(schema: T, params: unknown, method: string): z.infer<T> => {
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    throw new RpcError(rpcErrorCodes.invalidParams, `Invalid params for ${method}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'params'} ${issue.message}`).join('; ')}`);
  }
  return parsed.data;
};

/** Creates the routing core. See {@link RelayCore}. */
export function createRelayCore(options: RelayCoreOptions): RelayCore {
  const store = createMessageStore(options);
  const subscribers = new Map<string, Set<RelayClient>>();
  let nextPushId = 1;

  const push = (client: RelayClient, entry: StoredMessage): void => {
    if (entry.deliveredTo.has(client) || entry.publisherClientId === client.clientId) return;
    entry.deliveredTo.add(client);
    const id = nextPushId++;
    client.pendingAcks.add(id);
    const subId = client.subscriptions.get(entry.topic) ?? subscriptionId(entry.topic, client.clientId);
    client.send(
      formatRequest(id, 'irn_subscription', {
        id: subId,
        data: {
          topic: entry.topic,
          message: entry.message,
          publishedAt: entry.publishedAt,
          ...(entry.tag === undefined ? {} : { tag: entry.tag }),
          // Empty attestation: wallets skip the Verify API lookup.
          attestation: '',
        },
      }),
    );
  };

  const subscribe = (client: RelayClient, topic: string): string => {
    let id = client.subscriptions.get(topic);
    if (!id) {
      id = subscriptionId(topic, client.clientId);
      client.subscriptions.set(topic, id);
      let set = subscribers.get(topic);
      if (!set) {
        set = new Set();
        subscribers.set(topic, set);
      }
      set.add(client);
    }
    return id;
  };

  const deliverStored = (client: RelayClient, topic: string): void => {
    for (const entry of store.list(topic)) push(client, entry);
  };

  const unsubscribe = (client: RelayClient, topic: string): void => {
    client.subscriptions.delete(topic);
    const set = subscribers.get(topic);
    set?.delete(client);
    if (set && set.size === 0) subscribers.delete(topic);
  };

  const checkSize = (topic: string, message: string): void => {
    if (message.length > options.maxMessageBytes) {
      const line = `refused message on topic ${shortTopic(topic)}: ${message.length} chars exceeds the max message size of ${options.maxMessageBytes}`;
      options.log(`relay: ${line}`);
      throw new RpcError(rpcErrorCodes.invalidParams, `Message too large: ${message.length} > ${options.maxMessageBytes}`);
    }
  };

  const publish = (
    client: RelayClient,
    input: { topic: string; message: string; ttl: number; tag?: number; prompt?: boolean },
  ): void => {
    const ttl = Math.min(Math.ceil(input.ttl), options.maxTtlSeconds);
    const entry = store.add({ ...input, ttl, publisherClientId: client.clientId });
    for (const subscriber of subscribers.get(input.topic) ?? []) {
      if (subscriber !== client) push(subscriber, entry);
    }
  };

  /** Method table: name → handler returning the JSON-RPC result. */
  const methods: Record<string, (client: RelayClient, params: unknown, method: string) => MethodOutcome> = {
    irn_publish(client, params, method) {
      const p = parseParams(publishParamsSchema, params, method);
      checkSize(p.topic, p.message);
      publish(client, p);
      return { result: true };
    },
    irn_batchPublish(client, params, method) {
      const { messages } = parseParams(batchPublishParamsSchema, params, method);
      for (const p of messages) checkSize(p.topic, p.message);
      for (const p of messages) publish(client, p);
      return { result: true };
    },
    irn_subscribe(client, params, method) {
      const { topic } = parseParams(subscribeParamsSchema, params, method);
      return { result: subscribe(client, topic), then: () => deliverStored(client, topic) };
    },
    irn_batchSubscribe(client, params, method) {
      const { topics } = parseParams(topicsParamsSchema, params, method);
      return {
        result: topics.map((topic) => subscribe(client, topic)),
        then: () => topics.forEach((topic) => deliverStored(client, topic)),
      };
    },
    irn_unsubscribe(client, params, method) {
      const { topic } = parseParams(unsubscribeParamsSchema, params, method);
      unsubscribe(client, topic);
      return { result: true };
    },
    irn_batchUnsubscribe(client, params, method) {
      const { subscriptions } = parseParams(batchUnsubscribeParamsSchema, params, method);
      for (const { topic } of subscriptions) unsubscribe(client, topic);
      return { result: true };
    },
    irn_batchFetchMessages(client, params, method) {
      const { topics } = parseParams(topicsParamsSchema, params, method);
      const messages = topics.flatMap((topic) =>
        store
          .list(topic)
          .filter((entry) => !entry.deliveredTo.has(client) && entry.publisherClientId !== client.clientId)
          .map((entry) => {
            entry.deliveredTo.add(client);
            return {
              topic: entry.topic,
              message: entry.message,
              publishedAt: entry.publishedAt,
              ...(entry.tag === undefined ? {} : { tag: entry.tag }),
              attestation: '',
            };
          }),
      );
      return { result: { messages, hasMore: false } };
    },
    wc_proposeSession(client, params, method) {
      // sign-client 2.25 creates the pairing with `skipSubscribe`: the relay subscribes the proposer
      // to the pairing topic (to receive the wallet's answer) and publishes the proposal there.
      const p = parseParams(proposeSessionParamsSchema, params, method);
      checkSize(p.pairingTopic, p.sessionProposal);
      subscribe(client, p.pairingTopic);
      publish(client, { topic: p.pairingTopic, message: p.sessionProposal, ttl: p.ttl ?? defaultSessionTtl, tag: sessionTags.proposeRequest, prompt: true });
      return { result: true, then: () => deliverStored(client, p.pairingTopic) };
    },
    wc_approveSession(client, params, method) {
      // The wallet subscribes to the session topic with `skipSubscribe`: the relay subscribes it,
      // then publishes the proposal response (pairing topic) and the settle request (session topic).
      const p = parseParams(approveSessionParamsSchema, params, method);
      checkSize(p.pairingTopic, p.sessionProposalResponse);
      checkSize(p.sessionTopic, p.sessionSettlementRequest);
      const ttl = p.ttl ?? defaultSessionTtl;
      subscribe(client, p.sessionTopic);
      publish(client, { topic: p.pairingTopic, message: p.sessionProposalResponse, ttl, tag: sessionTags.proposeResponse, prompt: false });
      publish(client, { topic: p.sessionTopic, message: p.sessionSettlementRequest, ttl, tag: sessionTags.settleRequest, prompt: false });
      return { result: true, then: () => deliverStored(client, p.sessionTopic) };
    },
  };

  return {
    store,
    handleRequest(client, request) {
      const handler = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined;
      if (!handler) throw new RpcError(rpcErrorCodes.methodNotFound, `Method not found: ${request.method}`);
      return handler(client, request.params, request.method);
    },
    handleAck(client, id) {
      if (typeof id === 'number') client.pendingAcks.delete(id);
    },
    removeClient(client) {
      for (const topic of [...client.subscriptions.keys()]) unsubscribe(client, topic);
    },
  };
}

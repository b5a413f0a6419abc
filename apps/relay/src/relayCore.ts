import { createHash } from 'node:crypto';
import type { z } from 'zod/mini';
import type { ThrottledLog } from './throttledLog.ts';
import { formatRequest, RpcError, rpcErrorCodes, type JsonRpcId, type JsonRpcRequest } from './jsonRpc.ts';
import type { RelayLimits } from './limits.ts';
import { createMessageStore, shortTopic, type MessageStore, type StoredMessage } from './messageStore.ts';
import { canPublish, takePublish, type AddressQuota, type ConnectionQuota } from './quotas.ts';
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
  /** Ids of `irn_subscription` pushes this socket has not acknowledged yet (the newest 1 000 at most). */
  pendingAcks: Set<number>;
  /** Quota of the socket's IP address (shared with its other sockets). */
  address: AddressQuota;
  /** Quota of this socket. */
  quota: ConnectionQuota;
};

/** Tags `@walletconnect/sign-client` uses for the messages inside the session methods. */
const sessionTags = { proposeRequest: 1100, proposeResponse: 1101, settleRequest: 1102 } as const;

/** Default ttl (s) of the session methods when the client omits it: the SDK's FIVE_MINUTES. */
const defaultSessionTtl = 300;

/** What a method handler returns: the JSON-RPC result and work to do once it was sent. */
export type MethodOutcome = { result: unknown; after?: () => void };

/** Options of {@link createRelayCore}. */
export type RelayCoreOptions = RelayLimits & {
  /** Clock in ms since the epoch. */
  now: () => number;
  /** Rate-limited log of refusals, by kind (see `createThrottledLog`). */
  logRefusal: ThrottledLog;
};

/** Most unacknowledged push ids remembered per socket (a client that never acks must not grow memory). */
const maxPendingAcks = 1_000;

/**
 * A `message` as WalletConnect sends it: standard base64 with padding (`base64pad` of
 * `@walletconnect/utils`, the envelope type byte + iv + ciphertext).
 */
const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** One message a request asks to publish. */
type Publication = { topic: string; message: string; ttl: number; tag?: number; prompt?: boolean };

/** The core returned by {@link createRelayCore}. */
export type RelayCore = {
  /**
   * Runs one JSON-RPC request from `client`: returns its result and, for subscribe methods, a
   * `after` callback that pushes the topic's stored messages; call it after the result was sent so
   * the client knows the subscription before its messages arrive.
   * Throws {@link RpcError}: -32601 unknown method; -32602 invalid params, a `message` that is not
   * base64 or is larger than `maxMessageBytes`; -32005 a quota or storage cap reached (see README "Limits").
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
  return createHash('sha256')
    .update(topic + clientId, 'utf8')
    .digest('hex');
}

const parseParams = <T extends z.ZodMiniType>(schema: T, params: unknown, method: string): z.infer<T> => {
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    throw new RpcError(
      rpcErrorCodes.invalidParams,
      `Invalid params for ${method}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'params'} ${issue.message}`).join('; ')}`,
    );
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
    if (client.pendingAcks.size > maxPendingAcks) client.pendingAcks.delete(client.pendingAcks.values().next().value!);
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

  const who = (client: RelayClient): string =>
    `${client.address.ip} (client ${shortTopic(client.clientId.replace('did:key:', ''))})`;

  /** Refuses `topics` if they would take `client` past its subscription cap. */
  const checkSubscriptions = (client: RelayClient, topics: readonly string[]): void => {
    const fresh = new Set(topics.filter((topic) => !client.subscriptions.has(topic))).size;
    if (client.subscriptions.size + fresh <= options.maxSubscriptionsPerConnection) return;
    options.logRefusal(
      'subscriptions',
      `relay: refused subscribe from ${who(client)}: cap of ${options.maxSubscriptionsPerConnection} subscriptions per connection reached`,
    );
    throw new RpcError(
      rpcErrorCodes.limitExceeded,
      `Subscription limit reached: at most ${options.maxSubscriptionsPerConnection} topics per connection`,
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

  /** Refuses a `message` larger than `maxMessageBytes`. */
  const checkSize = (client: RelayClient, topic: string, message: string): void => {
    if (message.length <= options.maxMessageBytes) return;
    options.logRefusal(
      'size',
      `relay: refused message on topic ${shortTopic(topic)} from ${who(client)}: ${message.length} chars exceeds the max message size of ${options.maxMessageBytes}`,
    );
    throw new RpcError(
      rpcErrorCodes.invalidParams,
      `Message too large: ${message.length} > ${options.maxMessageBytes}`,
    );
  };

  /** Refuses a `message` that is not base64. */
  const checkBase64 = (client: RelayClient, topic: string, message: string): void => {
    if (base64Pattern.test(message)) return;
    options.logRefusal(
      'base64',
      `relay: refused message on topic ${shortTopic(topic)} from ${who(client)}: not base64`,
    );
    throw new RpcError(rpcErrorCodes.invalidParams, 'Invalid message: expected a base64 envelope');
  };

  /**
   * Publishes all of `items` or none: checks every message, the socket's and the address's publish
   * quotas and the store's caps, then stores and pushes each one. Throws {@link RpcError}.
   * The cheap checks (size, quotas, caps) come before the base64 scan, so refusing a flood costs little.
   */
  const publishAll = (client: RelayClient, items: readonly Publication[]): void => {
    for (const item of items) checkSize(client, item.topic, item.message);
    const bytes = items.reduce((sum, item) => sum + item.message.length, 0);
    const count = items.length;
    if (!canPublish(client.quota, count, bytes)) {
      options.logRefusal(
        'rate-connection',
        `relay: refused publish from ${who(client)}: connection quota of ${options.connPublishMessagesPerSecond} messages/s and ${options.connPublishBytesPerSecond} bytes/s exceeded`,
      );
      throw new RpcError(
        rpcErrorCodes.limitExceeded,
        `Publish rate limit exceeded: at most ${options.connPublishMessagesPerSecond} messages and ${options.connPublishBytesPerSecond} bytes per second per connection`,
      );
    }
    if (!canPublish(client.address, count, bytes)) {
      options.logRefusal(
        'rate-address',
        `relay: refused publish from ${who(client)}: address quota of ${options.ipPublishMessagesPerSecond} messages/s and ${options.ipPublishBytesPerSecond} bytes/s exceeded`,
      );
      throw new RpcError(
        rpcErrorCodes.limitExceeded,
        `Publish rate limit exceeded: at most ${options.ipPublishMessagesPerSecond} messages and ${options.ipPublishBytesPerSecond} bytes per second per address`,
      );
    }
    const full = store.admit(
      items.map((item) => ({ topic: item.topic, bytes: item.message.length, source: client.address.ip })),
    );
    if (full) {
      options.logRefusal('storage', `relay: refused publish from ${who(client)}: ${full}`);
      throw new RpcError(rpcErrorCodes.limitExceeded, `Relay storage full: ${full}`);
    }
    for (const item of items) checkBase64(client, item.topic, item.message);
    takePublish(client.quota, count, bytes);
    takePublish(client.address, count, bytes);
    for (const item of items) {
      const ttl = Math.min(Math.ceil(item.ttl), options.maxTtlSeconds);
      const entry = store.add({ ...item, ttl, publisherClientId: client.clientId, source: client.address.ip });
      for (const subscriber of subscribers.get(item.topic) ?? []) {
        if (subscriber !== client) push(subscriber, entry);
      }
    }
  };

  /** Method table: name → handler returning the JSON-RPC result. */
  const methods: Record<string, (client: RelayClient, params: unknown, method: string) => MethodOutcome> = {
    irn_publish(client, params, method) {
      const { topic, message, ttl, tag, prompt } = parseParams(publishParamsSchema, params, method);
      publishAll(client, [{ topic, message, ttl, tag, prompt }]);
      return { result: true };
    },
    irn_batchPublish(client, params, method) {
      const { messages } = parseParams(batchPublishParamsSchema, params, method);
      publishAll(
        client,
        messages.map(({ topic, message, ttl, tag, prompt }) => ({ topic, message, ttl, tag, prompt })),
      );
      return { result: true };
    },
    irn_subscribe(client, params, method) {
      const { topic } = parseParams(subscribeParamsSchema, params, method);
      checkSubscriptions(client, [topic]);
      return { result: subscribe(client, topic), after: () => deliverStored(client, topic) };
    },
    irn_batchSubscribe(client, params, method) {
      const { topics } = parseParams(topicsParamsSchema, params, method);
      checkSubscriptions(client, topics);
      return {
        result: topics.map((topic) => subscribe(client, topic)),
        after: () => topics.forEach((topic) => deliverStored(client, topic)),
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
      checkSubscriptions(client, [p.pairingTopic]);
      publishAll(client, [
        {
          topic: p.pairingTopic,
          message: p.sessionProposal,
          ttl: p.ttl ?? defaultSessionTtl,
          tag: sessionTags.proposeRequest,
          prompt: true,
        },
      ]);
      subscribe(client, p.pairingTopic);
      return { result: true, after: () => deliverStored(client, p.pairingTopic) };
    },
    wc_approveSession(client, params, method) {
      // The wallet subscribes to the session topic with `skipSubscribe`: the relay subscribes it,
      // then publishes the proposal response (pairing topic) and the settle request (session topic).
      const p = parseParams(approveSessionParamsSchema, params, method);
      const ttl = p.ttl ?? defaultSessionTtl;
      checkSubscriptions(client, [p.sessionTopic]);
      subscribe(client, p.sessionTopic);
      publishAll(client, [
        {
          topic: p.pairingTopic,
          message: p.sessionProposalResponse,
          ttl,
          tag: sessionTags.proposeResponse,
          prompt: false,
        },
        {
          topic: p.sessionTopic,
          message: p.sessionSettlementRequest,
          ttl,
          tag: sessionTags.settleRequest,
          prompt: false,
        },
      ]);
      return { result: true, after: () => deliverStored(client, p.sessionTopic) };
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

import type { RelayLimits } from './limits.ts';

/**
 * In-memory mailbox of published messages, kept until their ttl so that later subscribers get them
 * (the WalletConnect pairing flow relies on this: the wallet subscribes to the pairing topic after
 * the dapp published its proposal). Bounded in bytes and messages, in total, per topic and per
 * publishing IP address. At a cap the store refuses new messages; it never evicts stored ones, so
 * a flooder cannot push other clients' undelivered messages out.
 */

/** One stored message (the payload of an `irn_publish`). */
export type StoredMessage = {
  /** Monotonic insertion number (older messages have smaller numbers). */
  seq: number;
  /** Topic, 32-byte hex in WalletConnect (sha256 of the sym key). */
  topic: string;
  /** Opaque envelope, base64 in WalletConnect (type byte + iv + ciphertext). */
  message: string;
  /** Publish tag (e.g. 1100 session proposal, 1102 session settle), when the publisher gave one. */
  tag?: number;
  /** Whether the publisher asked for a push notification. Kept only for completeness. */
  prompt?: boolean;
  /** When the relay accepted the message, ms since the epoch. */
  publishedAt: number;
  /** `publishedAt + ttl * 1000`, ms since the epoch; the message is gone from then on. */
  expiresAt: number;
  /** did:key of the publishing client; the relay never delivers a message back to it. */
  publisherClientId: string;
  /** IP address the message was published from (its storage is charged to that address). */
  source: string;
  /** Identity tokens (one per subscriber socket) that already received this message. */
  deliveredTo: WeakSet<object>;
};

/**
 * Caps and hooks of {@link createMessageStore}: the store's caps of {@link RelayLimits}
 * (bytes are characters of `message`; "per IP" is per publishing source), and the clock.
 */
export type MessageStoreOptions = Pick<
  RelayLimits,
  | 'maxStoredBytes'
  | 'maxStoredBytesPerTopic'
  | 'maxStoredBytesPerIp'
  | 'maxMessages'
  | 'maxMessagesPerTopic'
  | 'maxMessagesPerIp'
> & {
  /** Clock in ms since the epoch. */
  now: () => number;
};

/** Input of {@link MessageStore.add}. */
export type NewMessage = {
  topic: string;
  message: string;
  /** Time to live in seconds (`irn_publish` `ttl`). */
  ttl: number;
  tag?: number;
  prompt?: boolean;
  publisherClientId: string;
  /** IP address of the publisher. */
  source: string;
};

/** One message that {@link MessageStore.admit} should make room for. */
export type Admission = { topic: string; bytes: number; source: string };

/** The store returned by {@link createMessageStore}. */
export type MessageStore = {
  /**
   * Checks whether all `items` fit under every cap together (expired messages are swept first when
   * they would not). Returns undefined when they fit, else the reason, e.g.
   * `per-topic cap of 1048576 bytes reached`. Stores nothing.
   */
  admit(items: readonly Admission[]): string | undefined;
  /** Stores a message (call {@link MessageStore.admit} first; `add` itself does not check caps) and returns it. */
  add(input: NewMessage): StoredMessage;
  /** Live (unexpired) messages of a topic, oldest first. Expired ones are removed on the way. */
  list(topic: string): StoredMessage[];
  /** Removes every expired message; returns how many were removed. */
  sweep(): number;
  /** Number of messages currently held (expired ones included until the next sweep/list). */
  readonly size: number;
  /** Bytes (characters of `message`) currently held. */
  readonly bytes: number;
};

/** Shortens a topic for log lines: first 8 and last 4 characters. */
export function shortTopic(topic: string): string {
  return topic.length > 16 ? `${topic.slice(0, 8)}…${topic.slice(-4)}` : topic;
}

/** Bytes and messages charged to one topic or one source. */
type Usage = { bytes: number; count: number };

const charge = (usage: Map<string, Usage>, key: string, bytes: number, count: number): void => {
  const entry = usage.get(key) ?? { bytes: 0, count: 0 };
  entry.bytes += bytes;
  entry.count += count;
  if (entry.count <= 0) usage.delete(key);
  else usage.set(key, entry);
};

/** Creates the bounded message store. See {@link MessageStore}. Expiry by ttl is silent. */
export function createMessageStore(options: MessageStoreOptions): MessageStore {
  const all = new Map<number, StoredMessage>();
  const byTopic = new Map<string, Map<number, StoredMessage>>();
  const topicUsage = new Map<string, Usage>();
  const sourceUsage = new Map<string, Usage>();
  let seq = 0;
  let bytes = 0;
  let lastSweepAt = Number.NEGATIVE_INFINITY;

  const remove = (entry: StoredMessage): void => {
    if (!all.delete(entry.seq)) return;
    bytes -= entry.message.length;
    charge(topicUsage, entry.topic, -entry.message.length, -1);
    charge(sourceUsage, entry.source, -entry.message.length, -1);
    const topicEntries = byTopic.get(entry.topic);
    topicEntries?.delete(entry.seq);
    if (topicEntries && topicEntries.size === 0) byTopic.delete(entry.topic);
  };

  const sweep = (): number => {
    const now = options.now();
    lastSweepAt = now;
    let removed = 0;
    for (const entry of [...all.values()]) {
      if (entry.expiresAt <= now) {
        remove(entry);
        removed++;
      }
    }
    return removed;
  };

  /** The first cap the items would break, or undefined. */
  const overCap = (items: readonly Admission[]): string | undefined => {
    const added = (key: (item: Admission) => string, k: string) =>
      items.reduce((sum, item) => (key(item) === k ? { bytes: sum.bytes + item.bytes, count: sum.count + 1 } : sum), {
        bytes: 0,
        count: 0,
      });
    const total = items.reduce((sum, item) => sum + item.bytes, 0);
    if (bytes + total > options.maxStoredBytes) return `total cap of ${options.maxStoredBytes} bytes reached`;
    if (all.size + items.length > options.maxMessages) return `total cap of ${options.maxMessages} messages reached`;
    for (const topic of new Set(items.map((item) => item.topic))) {
      const usage = topicUsage.get(topic) ?? { bytes: 0, count: 0 };
      const more = added((item) => item.topic, topic);
      if (usage.bytes + more.bytes > options.maxStoredBytesPerTopic)
        return `per-topic cap of ${options.maxStoredBytesPerTopic} bytes reached on topic ${shortTopic(topic)}`;
      if (usage.count + more.count > options.maxMessagesPerTopic)
        return `per-topic cap of ${options.maxMessagesPerTopic} messages reached on topic ${shortTopic(topic)}`;
    }
    for (const source of new Set(items.map((item) => item.source))) {
      const usage = sourceUsage.get(source) ?? { bytes: 0, count: 0 };
      const more = added((item) => item.source, source);
      if (usage.bytes + more.bytes > options.maxStoredBytesPerIp)
        return `per-address cap of ${options.maxStoredBytesPerIp} bytes reached`;
      if (usage.count + more.count > options.maxMessagesPerIp)
        return `per-address cap of ${options.maxMessagesPerIp} messages reached`;
    }
    return undefined;
  };

  return {
    admit(items) {
      const reason = overCap(items);
      // Expired messages still count until swept: sweep (at most once a second) and look again.
      if (reason === undefined || options.now() - lastSweepAt < 1000) return reason;
      return sweep() > 0 ? overCap(items) : reason;
    },
    add(input) {
      const publishedAt = options.now();
      const entry: StoredMessage = {
        seq: ++seq,
        topic: input.topic,
        message: input.message,
        publishedAt,
        expiresAt: publishedAt + input.ttl * 1000,
        publisherClientId: input.publisherClientId,
        source: input.source,
        deliveredTo: new WeakSet(),
        ...(input.tag === undefined ? {} : { tag: input.tag }),
        ...(input.prompt === undefined ? {} : { prompt: input.prompt }),
      };
      let topicEntries = byTopic.get(input.topic);
      if (!topicEntries) {
        topicEntries = new Map();
        byTopic.set(input.topic, topicEntries);
      }
      topicEntries.set(entry.seq, entry);
      all.set(entry.seq, entry);
      bytes += entry.message.length;
      charge(topicUsage, entry.topic, entry.message.length, 1);
      charge(sourceUsage, entry.source, entry.message.length, 1);
      return entry;
    },
    list(topic) {
      const topicEntries = byTopic.get(topic);
      if (!topicEntries) return [];
      const now = options.now();
      const live: StoredMessage[] = [];
      for (const entry of [...topicEntries.values()]) {
        if (entry.expiresAt <= now) remove(entry);
        else live.push(entry);
      }
      return live;
    },
    sweep,
    get size() {
      return all.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

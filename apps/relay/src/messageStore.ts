/**
 * In-memory mailbox of published messages, kept until their ttl so that later subscribers get them
 * (the WalletConnect pairing flow relies on this: the wallet subscribes to the pairing topic after
 * the dapp published its proposal). Bounded by a per-topic and a total message count; the oldest
 * message goes first, with one log line per dropped message.
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
  /** Identity tokens (one per subscriber socket) that already received this message. */
  deliveredTo: WeakSet<object>;
};

/** Limits and hooks of {@link createMessageStore}. */
export type MessageStoreOptions = {
  /** Most messages kept per topic; the oldest of that topic is dropped first. */
  maxMessagesPerTopic: number;
  /** Most messages kept across all topics; the oldest overall is dropped first. */
  maxMessages: number;
  /** Clock in ms since the epoch. */
  now: () => number;
  /** Receives one human-readable line per dropped message. */
  log: (line: string) => void;
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
};

/** The store returned by {@link createMessageStore}. */
export type MessageStore = {
  /** Stores a message (dropping older ones if a cap is reached) and returns it. */
  add(input: NewMessage): StoredMessage;
  /** Live (unexpired) messages of a topic, oldest first. Expired ones are removed on the way. */
  list(topic: string): StoredMessage[];
  /** Removes every expired message; returns how many were removed. */
  sweep(): number;
  /** Number of messages currently held (expired ones included until the next sweep/list). */
  readonly size: number;
  /** Characters of all held messages. */
  readonly bytes: number;
};

/** Shortens a topic for log lines: first 8 and last 4 characters. */
export function shortTopic(topic: string): string {
  return topic.length > 16 ? `${topic.slice(0, 8)}…${topic.slice(-4)}` : topic;
}

/**
 * Creates the bounded message store. Per-topic cap is enforced before the total cap; both drop the
 * oldest message and log `dropped message … : <reason>`. Expiry by ttl is normal and not logged.
 */
export function createMessageStore(options: MessageStoreOptions): MessageStore {
  const all = new Map<number, StoredMessage>();
  const byTopic = new Map<string, Map<number, StoredMessage>>();
  let seq = 0;
  let bytes = 0;

  const remove = (entry: StoredMessage): void => {
    if (all.delete(entry.seq)) bytes -= entry.message.length;
    const topicEntries = byTopic.get(entry.topic);
    topicEntries?.delete(entry.seq);
    if (topicEntries && topicEntries.size === 0) byTopic.delete(entry.topic);
  };

  const describe = (entry: StoredMessage): string =>
    `topic ${shortTopic(entry.topic)}${entry.tag === undefined ? '' : ` tag ${entry.tag}`}` +
    ` (${entry.message.length} chars, published ${new Date(entry.publishedAt).toISOString()})`;

  const drop = (entry: StoredMessage, reason: string): void => {
    remove(entry);
    options.log(`relay: dropped stored message on ${describe(entry)}: ${reason}`);
  };

  const oldestOf = (entries: Map<number, StoredMessage>): StoredMessage | undefined =>
    entries.values().next().value;

  return {
    add(input) {
      const publishedAt = options.now();
      const entry: StoredMessage = {
        seq: ++seq,
        topic: input.topic,
        message: input.message,
        publishedAt,
        expiresAt: publishedAt + input.ttl * 1000,
        publisherClientId: input.publisherClientId,
        deliveredTo: new WeakSet(),
        ...(input.tag === undefined ? {} : { tag: input.tag }),
        ...(input.prompt === undefined ? {} : { prompt: input.prompt }),
      };
      let topicEntries = byTopic.get(input.topic);
      if (!topicEntries) {
        topicEntries = new Map();
        byTopic.set(input.topic, topicEntries);
      }
      while (topicEntries.size >= options.maxMessagesPerTopic) {
        const oldest = oldestOf(topicEntries);
        if (!oldest) break;
        drop(oldest, `per-topic cap of ${options.maxMessagesPerTopic} messages reached`);
      }
      while (all.size >= options.maxMessages) {
        const oldest = oldestOf(all);
        if (!oldest) break;
        drop(oldest, `total cap of ${options.maxMessages} messages reached`);
      }
      // `drop` may have deleted the (then empty) topic map; re-attach it.
      byTopic.set(input.topic, topicEntries);
      topicEntries.set(entry.seq, entry);
      all.set(entry.seq, entry);
      bytes += entry.message.length;
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
    sweep() {
      const now = options.now();
      let removed = 0;
      for (const entry of [...all.values()]) {
        if (entry.expiresAt <= now) {
          remove(entry);
          removed++;
        }
      }
      return removed;
    },
    get size() {
      return all.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

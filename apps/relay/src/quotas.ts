import type { RelayLimits } from './limits.ts';
import { createTokenBucket, type TokenBucket } from './tokenBucket.ts';

/**
 * Publish quotas of the relay: token buckets per socket and per IP address (messages/s and
 * bytes/s), the count of open sockets per address, and the refusal budget after which a socket is
 * closed. Per-address state outlives the sockets until its buckets are full again, so a flooder
 * that reconnects (with a fresh did:key) does not get a fresh quota.
 */

/** Publish buckets (messages and bytes). */
export type PublishBuckets = { messages: TokenBucket; bytes: TokenBucket };

/** Quota state of one IP address. */
export type AddressQuota = PublishBuckets & {
  /** The address (IPv4, IPv6 or `unknown`). */
  ip: string;
  /** Sockets currently open from it. */
  connections: number;
  /** Its open sockets, for the send-buffer total ({@link bufferedBytes}). */
  sockets: Set<{ readonly bufferedAmount: number }>;
};

/** Quota state of one socket. */
export type ConnectionQuota = PublishBuckets & {
  /** Refusals the socket may still collect before it is closed (refills one per second). */
  refusals: TokenBucket;
};

/** The registry returned by {@link createQuotas}. */
export type Quotas = {
  /**
   * Counts one more socket from `ip` and returns its address quota, or undefined (counting nothing)
   * when `ip` already has `maxConnectionsPerIp` open sockets.
   */
  connect(ip: string): AddressQuota | undefined;
  /** Counts one socket of `address` as closed. */
  disconnect(address: AddressQuota): void;
  /** Fresh quota for one new socket. */
  forConnection(): ConnectionQuota;
  /** Forgets addresses without sockets whose buckets are full again; returns how many. */
  prune(): number;
  /** Number of addresses tracked (for inspection). */
  readonly addresses: number;
};

/**
 * Whether both buckets hold `messages` and `bytes` tokens; takes nothing.
 * Use {@link takePublish} once every bucket involved said yes.
 */
export function canPublish(buckets: PublishBuckets, messages: number, bytes: number): boolean {
  return buckets.messages.has(messages) && buckets.bytes.has(bytes);
}

/** Bytes waiting in the send buffers of all sockets of `address`. */
export function bufferedBytes(address: AddressQuota): number {
  let total = 0;
  for (const socket of address.sockets) total += socket.bufferedAmount;
  return total;
}

/** Takes `messages` and `bytes` tokens (after {@link canPublish} returned true). */
export function takePublish(buckets: PublishBuckets, messages: number, bytes: number): void {
  buckets.messages.take(messages);
  buckets.bytes.take(bytes);
}

/** Creates the quota registry for `limits`; `now` is ms since the epoch. */
export function createQuotas(limits: RelayLimits, now: () => number): Quotas {
  const byIp = new Map<string, AddressQuota>();
  const isFull = (bucket: TokenBucket, burst: number): boolean => bucket.available() >= burst;
  return {
    connect(ip) {
      let address = byIp.get(ip);
      if (!address) {
        address = {
          ip,
          connections: 0,
          sockets: new Set(),
          messages: createTokenBucket({
            perSecond: limits.ipPublishMessagesPerSecond,
            burst: limits.ipPublishMessagesBurst,
            now,
          }),
          bytes: createTokenBucket({
            perSecond: limits.ipPublishBytesPerSecond,
            burst: limits.ipPublishBytesBurst,
            now,
          }),
        };
        byIp.set(ip, address);
      }
      if (address.connections >= limits.maxConnectionsPerIp) return undefined;
      address.connections++;
      return address;
    },
    disconnect(address) {
      address.connections = Math.max(0, address.connections - 1);
    },
    forConnection() {
      return {
        messages: createTokenBucket({
          perSecond: limits.connPublishMessagesPerSecond,
          burst: limits.connPublishMessagesBurst,
          now,
        }),
        bytes: createTokenBucket({
          perSecond: limits.connPublishBytesPerSecond,
          burst: limits.connPublishBytesBurst,
          now,
        }),
        refusals: createTokenBucket({ perSecond: 1, burst: limits.refusalsBeforeClose, now }),
      };
    },
    prune() {
      let removed = 0;
      for (const [ip, address] of byIp) {
        if (
          address.connections === 0 &&
          isFull(address.messages, limits.ipPublishMessagesBurst) &&
          isFull(address.bytes, limits.ipPublishBytesBurst)
        ) {
          byIp.delete(ip);
          removed++;
        }
      }
      return removed;
    },
    get addresses() {
      return byIp.size;
    },
  };
}

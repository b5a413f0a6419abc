/**
 * Every limit of the relay, its default and its environment variable. The defaults keep a relay
 * with a few hundred MB of heap alive under a flood from one address, and are far above what real
 * WalletConnect 2.25 clients use (the e2e suite and the sign-client test run with them).
 *
 * Units: bytes are characters of the base64 `message` (base64 is ASCII, so one character is one
 * byte); rates are per second; ttl is in seconds.
 */

/** Limits of the relay. See README.md "Limits" for the reasoning behind each default. */
export type RelayLimits = {
  /** Largest accepted `message`, bytes (default 192 KiB); bigger publishes are refused with -32602. */
  maxMessageBytes: number;
  /** Longest ttl kept, seconds (default 7 days, the longest ttl sign-client 2.25 sends); longer ttls are shortened to it. */
  maxTtlSeconds: number;
  /** Most bytes stored over all topics (default 64 MiB); at the cap new publishes are refused. */
  maxStoredBytes: number;
  /** Most bytes stored on one topic (default 1 MiB). */
  maxStoredBytesPerTopic: number;
  /** Most bytes stored that were published from one IP address (default 16 MiB). */
  maxStoredBytesPerIp: number;
  /** Most messages stored over all topics (default 50 000). */
  maxMessages: number;
  /** Most messages stored on one topic (default 500). */
  maxMessagesPerTopic: number;
  /** Most messages stored that were published from one IP address (default 5 000). */
  maxMessagesPerIp: number;
  /** Most open sockets from one IP address (default 50); one more is closed with 1013. */
  maxConnectionsPerIp: number;
  /** Most topics one socket may be subscribed to (default 1 000). */
  maxSubscriptionsPerConnection: number;
  /** Publish rate of one socket, messages per second (default 10). */
  connPublishMessagesPerSecond: number;
  /** Publish burst of one socket, messages (default 50). */
  connPublishMessagesBurst: number;
  /** Publish rate of one socket, bytes per second (default 64 KiB). */
  connPublishBytesPerSecond: number;
  /** Publish burst of one socket, bytes (default 512 KiB; at least two max-size messages). */
  connPublishBytesBurst: number;
  /** Publish rate of all sockets of one IP address, messages per second (default 50). */
  ipPublishMessagesPerSecond: number;
  /** Publish burst of one IP address, messages (default 200). */
  ipPublishMessagesBurst: number;
  /** Publish rate of one IP address, bytes per second (default 256 KiB). */
  ipPublishBytesPerSecond: number;
  /** Publish burst of one IP address, bytes (default 2 MiB). */
  ipPublishBytesBurst: number;
  /**
   * Refused publishes a socket may collect before it is closed with 1008 (default 20). One refusal
   * is forgiven per second, so a client that backs off is never closed.
   */
  refusalsBeforeClose: number;
  /** Bytes waiting in one socket's send buffer beyond which the socket is terminated (default 8 MiB). */
  maxBufferedBytesPerConnection: number;
  /**
   * Bytes waiting in the send buffers of all sockets of one IP address beyond which the socket
   * being written to is terminated (default 32 MiB): bounds the memory of pushes that an address
   * subscribes many sockets to and then does not read.
   */
  maxBufferedBytesPerIp: number;
};

const KiB = 1024;
const MiB = 1024 * KiB;

/** Defaults of {@link RelayLimits}. */
export const defaultRelayLimits: RelayLimits = {
  maxMessageBytes: 192 * KiB,
  maxTtlSeconds: 7 * 24 * 60 * 60,
  maxStoredBytes: 64 * MiB,
  maxStoredBytesPerTopic: 1 * MiB,
  maxStoredBytesPerIp: 16 * MiB,
  maxMessages: 50_000,
  maxMessagesPerTopic: 500,
  maxMessagesPerIp: 5_000,
  maxConnectionsPerIp: 50,
  maxSubscriptionsPerConnection: 1_000,
  connPublishMessagesPerSecond: 10,
  connPublishMessagesBurst: 50,
  connPublishBytesPerSecond: 64 * KiB,
  connPublishBytesBurst: 512 * KiB,
  ipPublishMessagesPerSecond: 50,
  ipPublishMessagesBurst: 200,
  ipPublishBytesPerSecond: 256 * KiB,
  ipPublishBytesBurst: 2 * MiB,
  refusalsBeforeClose: 20,
  maxBufferedBytesPerConnection: 8 * MiB,
  maxBufferedBytesPerIp: 32 * MiB,
};

/** Environment variable of a limit: `RELAY_` + the option name in upper snake case (`maxMessageBytes` → `RELAY_MAX_MESSAGE_BYTES`). */
export function limitEnvName(key: keyof RelayLimits): string {
  return `RELAY_${key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}`;
}

/**
 * Reads every limit set in `env` (see {@link limitEnvName}); unset or empty variables are left out.
 * Throws an `Error` naming the variable when a value is not a positive integer.
 */
export function limitsFromEnv(env: Record<string, string | undefined>): Partial<RelayLimits> {
  const limits: Partial<RelayLimits> = {};
  for (const key of Object.keys(defaultRelayLimits) as (keyof RelayLimits)[]) {
    const name = limitEnvName(key);
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
    limits[key] = value;
  }
  return limits;
}

/** `defaultRelayLimits` overridden by the given values (undefined values keep the default). */
export function resolveLimits(overrides: Partial<Record<keyof RelayLimits, number | undefined>>): RelayLimits {
  const limits = { ...defaultRelayLimits };
  for (const key of Object.keys(defaultRelayLimits) as (keyof RelayLimits)[]) {
    const value = overrides[key];
    if (value !== undefined) limits[key] = value;
  }
  return limits;
}

import {
  cancelled,
  EMBEDDED_TIMEOUTS_MS,
  ErrorCode,
  asResult,
  err,
  errorResult,
  ok,
  secureFrameMethods,
  type EmbeddedParentMethods,
  type Result,
  type SecureFrameMethods,
} from '@airlock/protocol';
import type { z } from 'zod/mini';
import type { SecureFrameStatus } from '../../store/state.ts';
import type { SecureFrameConnection, SecureFrameLink } from './link.ts';
import { REQUEST_TIMED_OUT } from './text.ts';

/**
 * The channel to the secure frame: its lifecycle (spec §4: created → `ready` → 500 ms →
 * initialized; spec §9: 20 s to load) and every call with its time limit. Each answer
 * of C is checked: a well-formed Result (`asResult`) whose value matches the method's
 * result schema in the protocol's `secureFrameMethods` table.
 */

/** A method of the secure frame. */
export type SecureFrameMethodName = keyof typeof secureFrameMethods;
type Value<K extends SecureFrameMethodName> = z.infer<(typeof secureFrameMethods)[K]['result']>;

/** What the channel reports to its owner. */
export type ChannelEvents = {
  /** The lifecycle moved (see {@link SecureFrameStatus}). */
  onStatus(status: SecureFrameStatus): void;
  /** Runs once per load, when the frame became initialized (before any queued call): sync dapp data and theme here. */
  onInitialized(call: ChannelCall): Promise<void>;
};

/** A call on an initialized channel (used by {@link ChannelEvents.onInitialized}). */
export type ChannelCall = <K extends SecureFrameMethodName>(
  name: K,
  args: Parameters<SecureFrameMethods[K]>,
  timeoutMs?: number,
) => Promise<Result<Value<K>>>;

/** The channel. */
export type SecureFrameChannel = {
  /** The current lifecycle status. */
  status(): SecureFrameStatus;
  /**
   * Loads the secure frame if needed and waits until it is initialized. Resolves
   * `{ ok: false }` with -32603 'Network Error - Could not load embedded wallet' when it
   * did not become ready within 20 s (spec §9); a later call tries again.
   */
  ensure(): Promise<Result<null>>;
  /**
   * Calls `name` on C once it is initialized, with `timeoutMs` (default: the method's
   * spec §9 limit, {@link defaultTimeout}). Answers -32603 'Embedded Wallet Request Timed
   * Out' when C does not answer in time, -32603 with the validation message when its
   * value does not match the method's schema. Never rejects.
   */
  call: ChannelCall;
  /**
   * Try again after a failure (spec §8, §7 RELOAD): asks a connected C to `reload`, then
   * loads a fresh iframe and waits for `ready` again.
   */
  reload(): Promise<Result<null>>;
  /** Handles C's `ready` (validated by the caller): starts the 500 ms post-ready delay. */
  ready(): void;
  /** Closes the connection and removes the iframe. */
  destroy(): void;
};

/** The spec §9 limit of a method: 120 s for the login and email-update calls, 3 s for sign-out, 10 s otherwise. */
export function defaultTimeout(name: SecureFrameMethodName): number {
  switch (name) {
    case 'connectEmail':
    case 'connectDevice':
    case 'connectOtp':
    case 'updateEmail':
    case 'updateEmailPrimaryOtp':
    case 'updateEmailSecondaryOtp':
    case 'getFarcasterUri':
    case 'connectFarcaster':
    case 'connectSocial':
    case 'connectPasskey':
    case 'getSocialRedirectUri':
      return EMBEDDED_TIMEOUTS_MS.login;
    case 'signOut':
      return EMBEDDED_TIMEOUTS_MS.signOut;
    default:
      return EMBEDDED_TIMEOUTS_MS.default;
  }
}

/** Resolves with `fallback` after `ms` unless `promise` settles first (its rejection becomes `onError`). */
function within<T>(promise: Promise<T>, ms: number, fallback: () => T, onError: (e: unknown) => T): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve(onError(error));
      },
    );
  });
}

const timedOut = () => err(ErrorCode.InternalError, REQUEST_TIMED_OUT);

/**
 * Creates the channel over `link`, exposing `parent` (B's methods, already validated
 * wrappers) to C. Nothing loads until the first {@link SecureFrameChannel.ensure} or call.
 * `loadTimeoutMs` and `postReadyMs` default to spec §9 (20 000 ms, 500 ms).
 */
export function createSecureFrameChannel(
  link: SecureFrameLink,
  parent: EmbeddedParentMethods,
  events: ChannelEvents,
  options: { loadTimeoutMs?: number; postReadyMs?: number } = {},
): SecureFrameChannel {
  const loadTimeout = options.loadTimeoutMs ?? EMBEDDED_TIMEOUTS_MS.load;
  const postReady = options.postReadyMs ?? EMBEDDED_TIMEOUTS_MS.postReady;
  let status: SecureFrameStatus = 'idle';
  let connection: SecureFrameConnection | null = null;
  let loading: Promise<Result<null>> | null = null;
  let readySignal: (() => void) | null = null;
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;

  const setStatus = (next: SecureFrameStatus) => {
    status = next;
    events.onStatus(next);
  };

  const raw = async <K extends SecureFrameMethodName>(
    conn: SecureFrameConnection,
    name: K,
    args: readonly unknown[],
    timeoutMs: number,
  ): Promise<Result<Value<K>>> => {
    const answer = await within<Result<unknown>>(
      conn.call(name, args, timeoutMs + 1_000).then(asResult),
      timeoutMs,
      timedOut,
      (error) => ((error as { code?: unknown })?.code === 'METHOD_CALL_TIMEOUT' ? timedOut() : errorResult(error)),
    );
    if (!answer.ok) return answer;
    const parsed = secureFrameMethods[name].result.safeParse(answer.value);
    if (!parsed.success) return err(ErrorCode.InternalError, `Invalid answer from the embedded wallet (${name})`);
    return ok(parsed.data as Value<K>);
  };

  const initializedCall: ChannelCall = (name, args, timeoutMs) =>
    connection
      ? raw(connection, name, args, timeoutMs ?? defaultTimeout(name))
      : Promise.resolve(err(ErrorCode.InternalError, 'W3mFrame: iframe is not set'));

  /** Waits for `ready` (≤ loadTimeout from now), then the post-ready delay, then syncs. */
  const awaitReady = async (run: number, connect: () => Promise<void>): Promise<Result<null>> => {
    const gotReady = new Promise<void>((resolve) => (readySignal = resolve));
    const loaded = await within(
      Promise.all([connect(), gotReady]).then(() => true),
      loadTimeout,
      () => false,
      () => false,
    );
    if (run !== generation) return cancelled('aborted');
    if (!loaded) {
      readySignal = null;
      setStatus('failed');
      return err(ErrorCode.InternalError, 'Network Error - Could not load embedded wallet');
    }
    setStatus('ready');
    await new Promise<void>((resolve) => (readyTimer = setTimeout(resolve, postReady)));
    if (run !== generation) return cancelled('aborted');
    setStatus('initialized');
    await events.onInitialized(initializedCall);
    return ok(null);
  };

  const load = (): Promise<Result<null>> => {
    const run = ++generation;
    setStatus('loading');
    return awaitReady(run, async () => {
      connection?.close();
      connection = await link.open(parent, loadTimeout);
    });
  };

  const ensure = (): Promise<Result<null>> => {
    // The status turns 'initialized' before the init sync (SYNC_DAPP_DATA, SYNC_THEME) has
    // answered; a call in between waits for it, or the secure frame would refuse it as coming
    // from an unverified dapp ('Invalid App Configuration').
    if (loading && status !== 'failed') return loading;
    if (status === 'initialized') return Promise.resolve(ok(null));
    loading = load().finally(() => {
      loading = null;
    });
    return loading;
  };

  return {
    status: () => status,
    ensure,
    async call(name, args, timeoutMs) {
      const ready = await ensure();
      if (!ready.ok) return ready;
      return initializedCall(name, args, timeoutMs);
    },
    async reload() {
      // RELOAD (spec §7): tell a connected C to reload (it drops what it holds in memory),
      // then start over with a fresh iframe and handshake, so a C that no longer answers
      // is replaced too.
      const conn = connection;
      generation++;
      clearTimeout(readyTimer);
      connection = null;
      loading = null;
      if (conn) {
        await raw(conn, 'reload', [], 1_000);
        conn.close();
      }
      link.destroy();
      status = 'idle';
      return ensure();
    },
    ready() {
      const signal = readySignal;
      readySignal = null;
      if (signal) {
        signal();
        return;
      }
      // An unprompted `ready` (C reloaded by itself): run the lifecycle again.
      if (status === 'initialized' && connection) {
        const run = ++generation;
        setStatus('ready');
        clearTimeout(readyTimer);
        loading = (async (): Promise<Result<null>> => {
          await new Promise<void>((resolve) => (readyTimer = setTimeout(resolve, postReady)));
          if (run !== generation) return cancelled('aborted');
          setStatus('initialized');
          await events.onInitialized(initializedCall);
          return ok(null);
        })().finally(() => {
          loading = null;
        });
      }
    },
    destroy() {
      generation++;
      clearTimeout(readyTimer);
      connection?.close();
      connection = null;
      link.destroy();
      status = 'idle';
    },
  };
}

import { CallOptions, type RemoteProxy } from 'penpal';
import {
  ErrorCode,
  Message,
  Timeout,
  PersistedBlobSchema,
  WalletAnnouncementSchema,
  err,
  type HostEvent,
  type HostMethods,
  type Result,
  type RpcRequest,
  type WalletAnnouncement,
} from '@airlock/protocol';

/**
 * The host as the frame sees it: penpal's proxy of {@link HostMethods}; every
 * call takes an optional trailing penpal `CallOptions` (timeout in ms).
 * Tests pass a plain object of the same shape.
 */
export type HostBridge = RemoteProxy<HostMethods>;

let host: HostBridge | null = null;

/** Sets the connected host (after the penpal handshake) or clears it (null). */
export function setHost(next: HostBridge | null): void {
  host = next;
}

/** The connected host, or null before the handshake (and when the parent was refused). */
export function getHost(): HostBridge | null {
  return host;
}

/** True when `raw` is an EIP-1193-style error object: numeric code and string message. */
function isErrorShape(raw: unknown): raw is { code: number; message: string; data?: unknown } {
  return (
    !!raw &&
    typeof raw === 'object' &&
    typeof (raw as { code?: unknown }).code === 'number' &&
    typeof (raw as { message?: unknown }).message === 'string'
  );
}

/**
 * Checks that what the host returned is a Result (DESIGN.md §2: the frame
 * distrusts the page). Anything else becomes -32603 'Something went wrong'.
 * Errors keep their code, message and data.
 */
export function toResult(raw: unknown): Result<unknown> {
  if (raw && typeof raw === 'object' && 'ok' in raw) {
    const r = raw as { ok: unknown; value?: unknown; error?: unknown };
    if (r.ok === true) return { ok: true, value: r.value };
    if (r.ok === false && isErrorShape(r.error)) return err(r.error.code, r.error.message, r.error.data);
  }
  return err(ErrorCode.InternalError, Message.SomethingWentWrong);
}

/** Turns a thrown error (penpal timeout, destroyed connection) into a failed Result. */
export function thrownToResult(error: unknown): Result<never> {
  const penpalCode = (error as { code?: unknown } | null)?.code;
  if (penpalCode === 'METHOD_CALL_TIMEOUT') return err(ErrorCode.InternalError, Message.RequestTimedOut);
  if (isErrorShape(error)) return err(error.code, error.message, error.data);
  return err(ErrorCode.InternalError, error instanceof Error && error.message ? error.message : Message.SomethingWentWrong);
}

async function call(fn: (h: HostBridge) => Promise<unknown>): Promise<Result<unknown>> {
  if (!host) return err(ErrorCode.Disconnected, 'Host not connected');
  try {
    return toResult(await fn(host));
  } catch (error) {
    return thrownToResult(error);
  }
}

/** `setLayout({ open })` on the host: shows or hides the iframe overlay. Failures are ignored. */
export async function hostSetLayout(open: boolean): Promise<void> {
  await call((h) => h.setLayout({ open }, new CallOptions({ timeout: Timeout.read })));
}

/** `emit(event)` on the host: a state change or an EIP-1193 event for the dapp. Failures are ignored. */
export async function hostEmit(event: HostEvent): Promise<void> {
  await call((h) => h.emit(event, new CallOptions({ timeout: Timeout.read })));
}

/**
 * The wallets announced on the page (`wallets.list`), each validated with
 * WalletAnnouncementSchema; malformed entries (and duplicates by uuid) are dropped.
 * Returns [] when the host is unreachable.
 */
export async function hostListWallets(): Promise<WalletAnnouncement[]> {
  const result = await call((h) => h.wallets.list(new CallOptions({ timeout: Timeout.read })));
  if (!result.ok || !Array.isArray(result.value)) return [];
  const wallets: WalletAnnouncement[] = [];
  for (const entry of result.value) {
    const parsed = WalletAnnouncementSchema.safeParse(entry);
    if (parsed.success && !wallets.some((w) => w.uuid === parsed.data.uuid)) wallets.push(parsed.data);
  }
  return wallets;
}

/**
 * Forwards an EIP-1193 request to the page wallet `uuid` (`wallets.request`).
 * `waitsForPerson` picks the penpal timeout: Timeout.person (120 000 ms) for
 * prompts, Timeout.read (10 000 ms) otherwise. The wallet's error code and data
 * are kept; the value is NOT validated here (callers check the shape they expect).
 */
export function hostWalletRequest(uuid: string, request: RpcRequest, waitsForPerson: boolean): Promise<Result<unknown>> {
  const timeout = waitsForPerson ? Timeout.person : Timeout.read;
  return call((h) => h.wallets.request(uuid, request, new CallOptions({ timeout })));
}

/**
 * The frame's persisted blob kept on the dapp origin (`storage.get`), validated
 * as a string of at most 1 MiB (PersistedBlobSchema); null when none, when malformed, or when the
 * host is unreachable.
 */
export async function hostStorageGet(): Promise<string | null> {
  const result = await call((h) => h.storage.get(new CallOptions({ timeout: Timeout.read })));
  if (!result.ok) return null;
  const parsed = PersistedBlobSchema.safeParse(result.value);
  return parsed.success ? parsed.data : null;
}

/** Replaces the blob on the dapp origin (`storage.set`). Failures are ignored: the frame then forgets. */
export async function hostStorageSet(blob: string): Promise<void> {
  await call((h) => h.storage.set(blob, new CallOptions({ timeout: Timeout.read })));
}

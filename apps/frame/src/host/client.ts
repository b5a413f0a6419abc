import { CallOptions, type RemoteProxy } from 'penpal';
import {
  ErrorCode,
  PersistedBlobSchema,
  Timeout,
  WalletAnnouncementSchema,
  asResult,
  err,
  errorResult,
  methodPolicy,
  type HostEvent,
  type HostMethods,
  type Result,
  type RpcRequest,
  type WalletAnnouncement,
} from '@airlock/protocol';

/**
 * The client of the host's methods (outbound: frame → page). A leaf: it imports only
 * the protocol and penpal. Every answer from the page is checked (`asResult`, the
 * schemas) before use: the frame distrusts the page.
 */

/** The host as penpal gives it: a proxy of `HostMethods`, each call with an optional trailing `CallOptions` (timeout ms). */
export type HostRemote = RemoteProxy<HostMethods>;

/** The frame's view of the host. Calls made before {@link HostClient.attach} answer 4900 'Host not connected'. */
export type HostClient = {
  /** Sets the connected host (after the penpal handshake). */
  attach(remote: HostRemote): void;
  /** True once attached. */
  readonly connected: boolean;
  /**
   * `setLayout({ open })`: shows or hides the iframe overlay. In embedded mode (FrameConfig
   * `inline`) also `{ height, modal }`: the widget's height in CSS pixels and whether it shows as
   * the modal overlay (an approval) rather than in the page's element. Failures are ignored.
   */
  setLayout(open: boolean, inline?: { height: number; modal: boolean }): Promise<void>;
  /** `emit(event)`: a state change or an EIP-1193 event for the dapp. Failures are ignored. */
  emit(event: HostEvent): Promise<void>;
  /** The page's EIP-6963 wallets, each validated (malformed entries and duplicate uuids dropped); [] when unreachable. */
  listWallets(): Promise<WalletAnnouncement[]>;
  /**
   * Forwards a request to page wallet `uuid` (`wallets.request`) with the timeout of the
   * method-policy table: Timeout.person (120 000 ms) for methods that wait for a person,
   * Timeout.read (10 000 ms) otherwise. The wallet's error code and data are kept; the
   * value is NOT validated here (callers check the shape they expect).
   */
  walletRequest(uuid: string, request: RpcRequest): Promise<Result<unknown>>;
  /**
   * Calls `method` of the host's opt-in extension `extension` (`solana.list`, `solana.request`,
   * `bitcoin.list`, `bitcoin.request`, `cosmos.*`, `polkadot.*`, `multichain.notify`, HostMethods) with `args` and a timeout of `timeout` ms. The answer is NOT validated here (the
   * connector that asks checks it); without that extension on the page the call fails.
   */
  extensionCall(
    extension: 'solana' | 'bitcoin' | 'cosmos' | 'polkadot' | 'multichain',
    method: string,
    args: unknown[],
    timeout: number,
  ): Promise<Result<unknown>>;
  /** The blob on the dapp origin (`storage.get`), validated as a string ≤ 1 MiB; null when none, malformed or unreachable. */
  storageGet(): Promise<string | null>;
  /** Replaces the blob on the dapp origin (`storage.set`). Failures are ignored. */
  storageSet(blob: string): Promise<void>;
};

/** Creates a host client; `remote` may be given now (tests) or later with `attach`. */
export function createHostClient(remote: HostRemote | null = null): HostClient {
  let host = remote;
  const call = async (fn: (h: HostRemote) => Promise<unknown>): Promise<Result<unknown>> => {
    if (!host) return err(ErrorCode.Disconnected, 'Host not connected');
    try {
      return asResult(await fn(host));
    } catch (error) {
      return errorResult(error);
    }
  };
  const read = () => new CallOptions({ timeout: Timeout.read });
  return {
    attach(next) {
      host = next;
    },
    get connected() {
      return host !== null;
    },
    async setLayout(open, inline) {
      await call((h) => h.setLayout({ open, ...inline }, read()));
    },
    async emit(event) {
      await call((h) => h.emit(event, read()));
    },
    async listWallets() {
      const result = await call((h) => h.wallets.list(read()));
      if (!result.ok || !Array.isArray(result.value)) return [];
      const wallets: WalletAnnouncement[] = [];
      for (const entry of result.value) {
        const parsed = WalletAnnouncementSchema.safeParse(entry);
        if (parsed.success && !wallets.some((w) => w.uuid === parsed.data.uuid)) wallets.push(parsed.data);
      }
      return wallets;
    },
    walletRequest(uuid, request) {
      const timeout = methodPolicy(request.method)?.waitsForPerson ? Timeout.person : Timeout.read;
      return call((h) => h.wallets.request(uuid, request, new CallOptions({ timeout })));
    },
    extensionCall(extension, method, args, timeout) {
      return call((h) =>
        (h as unknown as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>)[extension]![method]!(
          ...args,
          new CallOptions({ timeout }),
        ),
      );
    },
    async storageGet() {
      const result = await call((h) => h.storage.get(read()));
      if (!result.ok) return null;
      const parsed = PersistedBlobSchema.safeParse(result.value);
      return parsed.success ? parsed.data : null;
    },
    async storageSet(blob) {
      await call((h) => h.storage.set(blob, read()));
    },
  };
}

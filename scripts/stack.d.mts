import type { StackMode, StackUrls } from './ports.mjs';

/** Repository root (absolute path). */
export declare const ROOT: string;

/** A running stack. */
export type Stack = {
  /** Origins and RPC URLs of this mode. */
  urls: StackUrls;
  /** Kills both anvils and closes every server; safe to call twice. */
  stop: () => Promise<void>;
  /** Stops the WalletConnect relay and starts a fresh one on the same port (e2e: also `POST /__e2e/restart-relay` on the dapp origin). */
  restartRelay: () => Promise<void>;
  /** The provider API (apps/api): `stop()` ends the process (its data stays), `start()` starts it again and waits until it answers (e2e: also `POST /__e2e/api/stop|start` on the dapp origin). */
  api: { stop: () => Promise<void>; start: () => Promise<void> };
  /** The onramp sandbox (apps/onramp-sandbox): `stop()` ends it, `start()` starts it again (e2e: also `POST /__e2e/onramp/stop|start` on the dapp origin). */
  onramp: { stop: () => Promise<void>; start: () => Promise<void> };
};

/**
 * Starts two anvils, builds what is missing (or everything when `build`), and serves the
 * frame, the demo dapp and the foreign page (docs/integration.md).
 * Rejects when a build fails, a port is busy or anvil does not come up.
 */
export declare function startStack(options: {
  mode: StackMode;
  build?: boolean;
  /** How long to wait, in ms, for ports held by another stack of the same mode; default 0 (fail at once). */
  waitForPortsMs?: number;
  log?: (line: string) => void;
}): Promise<Stack>;

/** Runs the workspace builds whose dist is missing (all when `force`); throws when one fails. */
export declare function buildApps(options?: { force?: boolean; log?: (line: string) => void }): void;

/** One JSON-RPC call over HTTP; resolves with `result`, rejects on a JSON-RPC error. */
export declare function rpc(url: string, method: string, params?: unknown[]): Promise<unknown>;

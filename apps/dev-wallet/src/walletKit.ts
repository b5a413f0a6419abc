import { Core } from '@walletconnect/core';
import type { CoreTypes, ICore } from '@walletconnect/types';
import { WalletKit, type WalletKitTypes } from '@reown/walletkit';
import type { DevWalletConfig } from './config.ts';

/**
 * Creating `@reown/walletkit` so that it talks to the configured relay and nothing else
 * (the dev stack and the tests run offline). Two remote lookups of `@walletconnect/core` 2.25 have no
 * option to turn them off, so {@link disableRemoteLookups} replaces them on the core instance:
 *
 * - Verify API: `core.verify.resolve` fetches `https://verify.walletconnect.org/attestation/<hash>`
 *   (5 s abort timer) when a message arrives without an attestation, and fetches the Verify public
 *   key for a JWT attestation. Our relay sends `attestation: ""` (resolve then returns early), and
 *   the Dev Wallet never resolves: every proposal and request has `verifyContext.verified.validation`
 *   `UNKNOWN`. `core.verify.register` (the hidden `verify.walletconnect.org` iframe a *dapp* loads
 *   for `wc_sessionPropose` / `wc_sessionRequest`, waiting up to 5 s offline) is never called by a
 *   wallet; it is stubbed as well so the wallet can never add that delay.
 * - Event client: walletkit calls `core.eventClient.init()` after start-up, which POSTs an `INIT`
 *   event to `https://pulse.walletconnect.org/batch` whatever `telemetryEnabled` says.
 *   `telemetryEnabled: false` stops the other events.
 *
 * The echo server (`registerDeviceToken`, push notifications) and WalletConnect Pay are only used
 * when called, which the Dev Wallet never does.
 */

/** The `@reown/walletkit` client (its `WalletKit` export is a value, so the type is derived). */
export type WalletKitClient = Awaited<ReturnType<typeof WalletKit.init>>;

/** Key-value storage for core, sign-client and walletkit state (`IKeyValueStorage` of `@walletconnect/keyvaluestorage`). */
export type WalletStorage = NonNullable<CoreTypes.Options['storage']>;

/** Options of {@link createWalletKit}. */
export type CreateWalletKitOptions = {
  /** Relay URL and project id come from here. */
  config: DevWalletConfig;
  /** App metadata shown to dapps (`name`, `description`, `url`, `icons`). */
  metadata: WalletKitTypes.Metadata;
  /** Storage; default the WalletConnect default (IndexedDB in browsers, a file in Node). */
  storage?: WalletStorage;
  /** Prefix of storage keys; two clients in one process need different ones (WalletConnect keys its storage by it). */
  customStoragePrefix?: string;
  /** pino level of the WalletConnect logger; default `error`. */
  logger?: string;
};

/**
 * Replaces the Verify API and event-client network calls of a core with no-ops (see the module
 * comment). Call before `WalletKit.init`. Returns the same core.
 */
export function disableRemoteLookups(core: ICore): ICore {
  core.verify.resolve = (async () => undefined) as unknown as ICore['verify']['resolve'];
  core.verify.register = async () => '';
  core.eventClient.init = async () => undefined;
  return core;
}

/**
 * Creates the WalletConnect core (relay connection, crypto, storage) and `@reown/walletkit` on it,
 * with the request queue disabled (the Dev Wallet queues requests itself, without the 1 s spacing).
 * Resolves once the relay socket is up.
 * @throws the core's error when storage or the relay connection fails on start-up.
 */
export async function createWalletKit(options: CreateWalletKitOptions): Promise<WalletKitClient> {
  const core = new Core({
    projectId: options.config.projectId,
    relayUrl: options.config.relayUrl,
    storage: options.storage,
    customStoragePrefix: options.customStoragePrefix,
    logger: options.logger ?? 'error',
    telemetryEnabled: false,
  });
  disableRemoteLookups(core);
  return WalletKit.init({ core, metadata: options.metadata, signConfig: { disableRequestQueue: true } });
}

/**
 * Stops the heartbeat and closes the relay socket, so a Node process (a test) can exit.
 * Never throws.
 */
export async function closeWalletKit(walletkit: WalletKitClient): Promise<void> {
  walletkit.core.heartbeat.stop();
  await walletkit.core.relayer.transportClose().catch(() => undefined);
}

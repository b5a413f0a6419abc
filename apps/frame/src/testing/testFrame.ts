import type { ApiClient } from '../api/client.ts';
import type { Deployment } from '../config/deployment.ts';
import { createFrame, type Frame } from '../app/frame.ts';
import { startFrame } from '../app/start.ts';
import { createHostClient } from '../host/client.ts';
import { storagePrefix } from '../storage/keys.ts';
import { createSecretStorage } from '../storage/secrets.ts';
import type { FrameConfig, WalletAnnouncement } from '@airlock/protocol';
import { createFakeHost, memoryStorage, testConfig, type FakeHost, type FakeWallet } from './fakeHost.ts';
import type { SecureFrameDouble } from './secureFrameDouble.ts';

/** Test helpers: a frame instance built with fakes (no module state to reset). */
export * from './fakeHost.ts';

/** A deployment without API or relay (tests). */
export const TEST_DEPLOYMENT: Deployment = {
  apiUrl: null,
  relayUrl: null,
  secureFrameOrigin: null,
  allowedOrigins: null,
  walletConnectVerify: false,
};

/** What {@link createTestFrame} takes. */
export type TestFrameOptions = {
  /** Page wallets the host announces. */
  wallets?: WalletAnnouncement[];
  /** The fake wallet behind them. */
  wallet?: FakeWallet;
  /** The FrameConfig (default {@link testConfig}). */
  config?: FrameConfig;
  /** The frame's localStorage: a Storage (default: a fresh in-memory one) or null (denied). */
  local?: Storage | null;
  /** An existing fake host (a reload keeps the dapp-origin blob). */
  fake?: FakeHost;
  /** The provider-API client (default: none). */
  api?: ApiClient | null;
  /** Run `startFrame` (preferences, first state, silent reconnect); default true. */
  start?: boolean;
  /** A double of the embedded wallet's secure frame: the deployment then has a secure frame, reached through it. */
  secureFrame?: SecureFrameDouble;
};

/** A frame instance on a fake host, started unless `start: false`. */
export async function createTestFrame(
  options: TestFrameOptions = {},
): Promise<{ frame: Frame; fake: FakeHost; local: Storage | null }> {
  const config = options.config ?? testConfig();
  const fake = options.fake ?? createFakeHost(options.wallets ?? [], options.wallet);
  const local = options.local === undefined ? memoryStorage() : options.local;
  const frame = createFrame({
    config,
    parentOrigin: config.parentOrigin,
    deployment: options.secureFrame ? { ...TEST_DEPLOYMENT, secureFrameOrigin: 'http://127.0.0.3:1' } : TEST_DEPLOYMENT,
    ...(options.secureFrame ? { embeddedLink: options.secureFrame.link() } : {}),
    host: createHostClient(fake.host),
    api: options.api ?? null,
    storage: { local, secrets: createSecretStorage(storagePrefix(config.parentOrigin), { local, doc: null }) },
  });
  if (options.start !== false) await startFrame(frame);
  return { frame, fake, local };
}

/** Lets pending promise callbacks run. */
export async function flush(times = 5): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise((r) => setTimeout(r, 0));
}

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zeroAddress } from 'viem';
import { createApi, type Api } from '../../../api/src/main.ts';
import { DEV_FID, devCustody, startFarcasterRelay, type FarcasterRelay } from '../../../farcaster-relay/src/index.ts';
import { createApiClient } from '../api/client.ts';
import { loadDevice } from '../keys/device.ts';
import { memoryStore, type KeyValueStore } from '../keys/store.ts';
import { createWalletSession } from '../wallet/session.ts';
import { createFarcasterLogin } from './login.ts';

/**
 * The secure frame's Farcaster login against the real API and the relay stand-in (WebCrypto
 * of Node stands in for the browser's; storage in memory): GET_FARCASTER_URI, the person
 * approves on the app page, CONNECT_FARCASTER signs the fid's wallet in; a reload keeps the
 * username; a second browser gets the same wallet.
 */

let api: Api;
let relay: FarcasterRelay;
let base: string;

beforeAll(async () => {
  relay = await startFarcasterRelay({ port: 0 });
  api = await createApi({
    port: 0,
    database: { inMemory: true },
    seed: { projects: [{ id: 'p1', name: 'P1', allowedOrigins: ['http://localhost:*'] }] },
    embedded: {
      smtpUrl: 'smtp://127.0.0.1:9',
      recoveryKey: randomBytes(32),
      secureFrameOrigins: ['http://127.0.0.3:1'],
      farcaster: {
        relayUrl: relay.url,
        rpcUrl: 'http://127.0.0.1:9',
        idRegistry: zeroAddress,
        custodyOf: async (fid) => (fid === BigInt(DEV_FID) ? devCustody().address : zeroAddress),
      },
    },
    log: () => {},
  });
  base = await api.start();
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await relay?.stop();
});

/** One browser profile: a store, a device, a session and its Farcaster login. */
async function browser(store: KeyValueStore = memoryStore()) {
  const device = await loadDevice(store);
  const apiClient = createApiClient(base, device);
  const dapp = () => ({ projectId: 'p1', dappOrigin: 'http://localhost:5173' });
  const session = createWalletSession({ api: apiClient, device, store, dapp, onUser: () => {} });
  const farcaster = createFarcasterLogin({ api: apiClient, dapp, finishLogin: session.finishLogin, pollMs: 20 });
  return { store, session, farcaster };
}

/** The person approves in the Farcaster app (the stand-in's page). */
async function approve(url: string) {
  const channelToken = new URL(url).searchParams.get('channelToken')!;
  await fetch(`${relay.url}/~/siwf`, { method: 'POST', body: new URLSearchParams({ channelToken }) });
}

describe('Farcaster login in the secure frame', () => {
  it('signs the fid wallet in after the approval, keeps the username on reload, same wallet in a second browser', async () => {
    const first = await browser();
    await expect(first.farcaster.connect()).rejects.toMatchObject({ code: -32602 });
    const { url } = await first.farcaster.getUri();
    const waiting = first.farcaster.connect();
    await approve(url);
    const user = await waiting;
    expect(user).toMatchObject({ email: null, userName: 'airlock-dev', socialProvider: 'farcaster' });
    const address = user.accounts[0]!.caipAddress.split(':')[2];

    const reloaded = await browser(first.store);
    const restored = await reloaded.session.getUser('eip155:31337');
    expect(restored).toMatchObject({ email: null, userName: 'airlock-dev', socialProvider: 'farcaster' });
    expect(restored.accounts[0]!.caipAddress).toBe(`eip155:31337:${address}`);

    const second = await browser();
    const other = await second.farcaster.getUri();
    const pending = second.farcaster.connect();
    await approve(other.url);
    expect((await pending).accounts[0]!.caipAddress.split(':')[2]).toBe(address);
  });

  it('a cancelled sign-in ends its wait, and a later approval signs nobody in', async () => {
    const profile = await browser();
    const { url } = await profile.farcaster.getUri();
    const waiting = profile.farcaster.connect();
    profile.farcaster.cancel();
    await expect(waiting).rejects.toMatchObject({ message: 'Cancelled' });
    await approve(url);
    await expect(profile.farcaster.connect()).rejects.toMatchObject({ code: -32602 });
    expect(await profile.session.isConnected()).toBe(false);
  });
});

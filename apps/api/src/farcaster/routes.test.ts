import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zeroAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createApi, type Api } from '../main.ts';
import { dropTestDatabases, testDatabase } from '../test/database.ts';
import { testDevice } from '../embedded/testClient.ts';
// The offline relay stand-in, in process (apps/farcaster-relay).
import { DEV_FID, devCustody, startFarcasterRelay, type FarcasterRelay } from '../../../farcaster-relay/src/index.ts';

/**
 * Sign In With Farcaster over real HTTP: the API, the relay stand-in and its app page, and
 * DPoP device keys. The channel's nonce is bound to the device key that opened it; a message
 * the custody key did not sign is refused; one wallet account per fid.
 */

let api: Api;
let relay: FarcasterRelay;
let base: string;
const DAPP = 'http://localhost:5173';
/** The IdRegistry as the tests see it: the dev fid's custody (stands in for the RPC read). */
const registry: Record<string, `0x${string}`> = { [String(DEV_FID)]: devCustody().address };

beforeAll(async () => {
  relay = await startFarcasterRelay({ port: 0 });
  api = await createApi({
    port: 0,
    database: await testDatabase(),
    seed: { projects: [{ id: 'p1', name: 'P1', allowedOrigins: ['http://localhost:*'] }] },
    embedded: {
      smtpUrl: 'smtp://127.0.0.1:9',
      recoveryKey: randomBytes(32),
      secureFrameOrigins: ['http://127.0.0.3:5178'],
      farcaster: {
        relayUrl: relay.url,
        rpcUrl: 'http://127.0.0.1:9',
        idRegistry: zeroAddress,
        custodyOf: async (fid) => registry[String(fid)] ?? zeroAddress,
      },
    },
    log: () => {},
  });
  base = await api.start();
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await relay?.stop();
  await dropTestDatabases();
});

type Device = Awaited<ReturnType<typeof testDevice>>;
const open = async (device: Device) => {
  const res = await device.call('/embedded/v1/farcaster/channel', { body: { projectId: 'p1', dappOrigin: DAPP } });
  expect(res.status).toBe(200);
  return res.body as { channelToken: string; url: string };
};
const poll = (device: Device, channelToken: string) =>
  device.call('/embedded/v1/farcaster/status', { body: { channelToken } });
/** What the person does in the Farcaster app: Approve on the channel's page. */
const approve = async (url: string) => {
  const token = new URL(url).searchParams.get('channelToken')!;
  const res = await fetch(`${relay.url}/~/siwf`, {
    method: 'POST',
    body: new URLSearchParams({ channelToken: token }),
  });
  expect(res.status).toBe(200);
};

describe('Sign In With Farcaster routes', () => {
  it('signs the device in once the person approved: a wallet account for the fid, without email', async () => {
    const device = await testDevice(base);
    const channel = await open(device);
    expect(channel.url).toMatch(/\/~\/siwf\?channelToken=/);
    expect((await poll(device, channel.channelToken)).body).toEqual({ status: 'pending' });
    await approve(channel.url);
    const done = await poll(device, channel.channelToken);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: 'approved',
      account: { email: null, addresses: null, userName: 'airlock-dev', socialProvider: 'farcaster' },
    });
    expect(done.body.session.accessToken).toBeTruthy();
    // Spent: a second redemption of the same channel is refused.
    expect((await poll(device, channel.channelToken)).status).toBe(400);
  });

  it('refuses to redeem a channel from another device key, and leaves it to the device that opened it', async () => {
    const owner = await testDevice(base);
    const thief = await testDevice(base);
    const channel = await open(owner);
    await approve(channel.url);
    const stolen = await poll(thief, channel.channelToken);
    expect(stolen.status).toBe(403);
    expect(stolen.body).toEqual({ message: 'This sign-in was started on another device' });
    expect(thief.session.accessToken).toBeUndefined();
    expect((await poll(owner, channel.channelToken)).body.status).toBe('approved');
  });

  it('gives the fid the same wallet on every device', async () => {
    const first = await testDevice(base);
    const a = await open(first);
    await approve(a.url);
    expect((await poll(first, a.channelToken)).status).toBe(200);
    const account = privateKeyToAccount(generatePrivateKey());
    const created = await first.call('/embedded/v1/wallet', {
      body: {
        eip155Address: account.address,
        solanaAddress: '32MvKPkohthEtFX36NPE9B45aryLsFVumKyjvFwQmuRX',
        authShare: randomBytes(17).toString('base64'),
        recoveryShare: randomBytes(17).toString('base64'),
      },
    });
    expect(created.status).toBe(204);
    const second = await testDevice(base);
    const b = await open(second);
    await approve(b.url);
    const again = await poll(second, b.channelToken);
    expect(again.body.account.addresses?.eip155).toBeTruthy();
    const mine = await first.call('/embedded/v1/account');
    expect(again.body.account.addresses).toEqual(mine.body.addresses);
  });

  it('refuses a message not signed by the fid custody key, and spends the channel', async () => {
    const device = await testDevice(base);
    const channel = await open(device);
    const token = new URL(channel.url).searchParams.get('channelToken')!;
    const status = await fetch(`${relay.url}/v1/channel/status`, { headers: { authorization: `Bearer ${token}` } });
    const { nonce } = (await status.json()) as { nonce: string };
    const stranger = privateKeyToAccount(generatePrivateKey());
    const message = [
      `${new URL(base).host} wants you to sign in with your Ethereum account:`,
      stranger.address,
      '',
      'Farcaster Auth',
      '',
      `URI: ${base}/embedded/v1/farcaster`,
      'Version: 1',
      'Chain ID: 10',
      `Nonce: ${nonce}`,
      `Issued At: ${new Date().toISOString()}`,
      'Resources:',
      `- farcaster://fid/${DEV_FID}`,
    ].join('\n');
    const forged = await fetch(`${relay.url}/v1/channel/authenticate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature: await stranger.signMessage({ message }), fid: DEV_FID }),
    });
    expect(forged.status).toBe(201);
    const refused = await poll(device, channel.channelToken);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'The Farcaster sign-in could not be verified' });
    expect((await poll(device, channel.channelToken)).status).toBe(400);
  });
});

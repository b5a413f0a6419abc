import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { EmbeddedUser } from '@airlock/protocol';
import { startMailCatcher, type MailCatcher } from '@airlock/mail-catcher';
import { createApi, type Api } from '../../../api/src/main.ts';
import { createApiClient } from '../api/client.ts';
import { loadDevice, unseal, type Sealed } from '../keys/device.ts';
import { memoryStore, type KeyValueStore } from '../keys/store.ts';
import { createWalletSession } from './session.ts';
import type { AccountType, SmartAccounts } from './smartAccounts.ts';

/**
 * The secure frame's session logic against the real API and a real SMTP server
 * (WebCrypto of Node stands in for the browser's; storage in memory): a new
 * account, a reload, a second device, an altered share.
 */

let mail: MailCatcher;
let api: Api;
let base: string;
const DAPP = 'http://localhost:5173';

beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  api = await createApi({
    port: 0,
    database: { inMemory: true },
    seed: { projects: [{ id: 'p1', name: 'P1', allowedOrigins: ['http://localhost:*'] }] },
    embedded: { smtpUrl: mail.smtpUrl, recoveryKey: randomBytes(32), secureFrameOrigins: ['http://127.0.0.3:1'] },
    log: () => {},
    clock: () => Date.now(), // read at each call, so a test's vi.setSystemTime moves the API's clock too
  });
  base = await api.start();
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await mail?.stop();
});

/** One browser profile: a store, a device, a session. */
async function browser(store: KeyValueStore = memoryStore(), smart?: SmartAccounts) {
  const device = await loadDevice(store);
  const users: (EmbeddedUser | null)[] = [];
  const session = createWalletSession({
    api: createApiClient(base, device),
    device,
    store,
    dapp: () => ({ projectId: 'p1', dappOrigin: DAPP }),
    onUser: (user) => users.push(user),
    sleep: () => new Promise((done) => setTimeout(done, 20)),
    ...(smart ? { smart } : {}),
  });
  return { store, session, users };
}

/** The smart account's address in {@link fakeSmart} (its RPC reads are the smart-account tests' own). */
const SMART = '0x5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a';

/**
 * Smart accounts enabled on eip155:31337 only, without a chain: the stored types, and the
 * account a type stands for (the EOA of `eoa()` or {@link SMART}).
 */
function fakeSmart(eoa: () => string) {
  const types: Record<string, AccountType> = {};
  const isEnabled = (id: string) => id === 'eip155:31337';
  const smart = {
    isEnabled,
    setType: async (id: string, type: AccountType) => {
      if (type === 'smartAccount' && !isEnabled(id)) throw new Error('not enabled');
      types[id] = type;
    },
    view: async (id: string) =>
      isEnabled(id) && types[id] !== 'eoa'
        ? { address: SMART, type: 'smartAccount' as const, deployed: false }
        : { address: eoa(), type: 'eoa' as const, deployed: false },
    clear: () => {},
  };
  return { smart: smart as unknown as SmartAccounts, types };
}

const email = `ana.${randomBytes(3).toString('hex')}@example.com`;

describe('wallet session', () => {
  it('creates a wallet on the first login, restores it after a reload, and rebuilds the same addresses on a second device', async () => {
    const first = await browser();
    const t = Date.now();
    expect(await first.session.connectEmail(email)).toEqual({ action: 'VERIFY_OTP' });
    const { code } = await mail.waitFor(email, { since: t });
    const user = await first.session.connectOtp(code!);
    expect(user.email).toBe(email);
    expect(user.accounts.map((a) => a.caipAddress.split(':')[0])).toEqual(['eip155', 'solana']);
    expect(first.users.at(-1)).toEqual(user);
    const address = first.session.keys()!.eip155.address;

    // Nothing stored in the clear: the records hold CryptoKeys and sealed bytes only.
    const stored = (await first.store.get<{ share: Sealed }>('share'))!;
    expect(stored.share.data).toBeInstanceOf(ArrayBuffer);
    await expect(unseal(await loadDevice(memoryStore()), stored.share)).rejects.toThrow();
    expect((await first.store.get<{ signingKey: CryptoKey }>('device'))!.signingKey.extractable).toBe(false);

    // A reload: a new session object on the same store, restored without a code.
    const reloaded = await browser(first.store);
    expect(await reloaded.session.isConnected()).toBe(true);
    expect((await reloaded.session.getUser('eip155:31337')).accounts[0]!.caipAddress).toBe(`eip155:31337:${address}`);

    // A second device: the mailed approval link, then a rebuild from auth + recovery.
    const second = await browser();
    const t2 = Date.now();
    expect(await second.session.connectEmail(email)).toEqual({ action: 'VERIFY_DEVICE' });
    const link = (await mail.waitFor(email, { since: t2 })).links.find((l) => l.includes('/device/approve'))!;
    const pending = second.session.connectDevice();
    await fetch(`${base}/embedded/v1/device/approve`, {
      method: 'POST',
      body: new URLSearchParams({ token: new URL(link).searchParams.get('token')!, decision: 'approve' }),
    });
    const again = await pending;
    expect(again.accounts).toEqual(user.accounts);
    // It now has its own device share: a reload there restores without the recovery share.
    const secondReload = await browser(second.store);
    expect((await secondReload.session.getUser('eip155:1')).accounts[0]!.caipAddress).toBe(`eip155:1:${address}`);
    // And the first device still works with its original share.
    const firstAgain = await browser(first.store);
    expect((await firstAgain.session.getUser('eip155:1')).accounts[1]).toEqual(user.accounts[1]);
  });

  it('after a sign-out the device is asked for a mailed code again (no quick path), then gets the same wallet back', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const known = await browser();
    const mailbox = `bo.${randomBytes(3).toString('hex')}@example.com`;
    /** A login of `address` that must go through a mailed code (the device signed out): its accounts. */
    const loginWithCode = async (address: string) => {
      // Past the 30 s wait between two codes of one address: the process's clock (the API's, the
      // device's DPoP proofs and the mail catcher's alike) moves on 31 s.
      vi.setSystemTime(Date.now() + 31_000);
      const t = Date.now();
      expect(await known.session.connectEmail(address)).toEqual({ action: 'VERIFY_OTP' });
      return (await known.session.connectOtp((await mail.waitFor(address, { since: t })).code!)).accounts;
    };
    const first = await loginWithCode(mailbox);
    await known.session.signOut();
    expect(known.users.at(-1)).toBeNull();
    expect(await known.session.isConnected()).toBe(false);
    await expect(known.session.getUser('eip155:1')).rejects.toMatchObject({ code: 4100 });
    expect(await loginWithCode(mailbox)).toEqual(first);
    expect(known.session.user().email).toBe(mailbox);

    // Another email on the same browser after a sign-out: its own wallet; then back to the first one.
    await known.session.signOut();
    const other = `di.${randomBytes(3).toString('hex')}@example.com`;
    expect(await loginWithCode(other)).not.toEqual(first);
    await known.session.signOut();
    expect(await loginWithCode(mailbox)).toEqual(first);
  });

  it('GET_USER applies preferredAccountType only on an eip155 network with smart accounts, and makes the network active', async () => {
    let address = '';
    const { smart, types } = fakeSmart(() => address);
    const b = await browser(memoryStore(), smart);
    const mailbox = `ed.${randomBytes(3).toString('hex')}@example.com`;
    const t = Date.now();
    await b.session.connectEmail(mailbox);
    await b.session.connectOtp((await mail.waitFor(mailbox, { since: t })).code!);
    address = b.session.keys()!.eip155.address;

    const eoa = await b.session.getUser('eip155:31337', 'eoa');
    expect(types).toEqual({ 'eip155:31337': 'eoa' });
    expect(eoa).toMatchObject({ caipNetworkId: 'eip155:31337', preferredAccountType: 'eoa' });
    expect(eoa.accounts[0]).toEqual({ caipAddress: `eip155:31337:${address}`, type: 'eoa' });
    const smartUser = await b.session.getUser('eip155:31337', 'smartAccount');
    expect(smartUser.preferredAccountType).toBe('smartAccount');
    expect(smartUser.accounts[0]).toEqual({ caipAddress: `eip155:31337:${SMART}`, type: 'smartAccount' });
    // Where the deployment has no smart accounts (or on solana) the type is not stored; the EOA answers.
    const mainnet = await b.session.getUser('eip155:1', 'smartAccount');
    expect(mainnet).toMatchObject({ caipNetworkId: 'eip155:1', preferredAccountType: 'eoa' });
    const solana = await b.session.getUser('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'smartAccount');
    expect(solana.caipNetworkId).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1');
    expect(types).toEqual({ 'eip155:31337': 'smartAccount' });
    // Without the parameter the stored choice stays.
    expect((await b.session.getUser('eip155:31337')).preferredAccountType).toBe('smartAccount');
  });

  it('a wrong code gives the API message and keeps the login going', async () => {
    const b = await browser();
    const mailbox = `cy.${randomBytes(3).toString('hex')}@example.com`;
    const t = Date.now();
    await b.session.connectEmail(mailbox);
    const { code } = await mail.waitFor(mailbox, { since: t });
    await expect(b.session.connectOtp(code === '123456' ? '654321' : '123456')).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid code',
    });
    expect((await b.session.connectOtp(code!)).email).toBe(mailbox);
  });
});

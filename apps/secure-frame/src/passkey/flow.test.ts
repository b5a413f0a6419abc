import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@airlock/protocol';
import { startEmbeddedTestStack, TEST_DAPP, type EmbeddedTestStack } from '../../../api/src/embedded/testStack.ts';
import { testAuthenticator, type TestAuthenticator } from '../../../api/src/passkey/testAuthenticator.ts';
import { createApiClient } from '../api/client.ts';
import { loadDevice } from '../keys/device.ts';
import { memoryStore } from '../keys/store.ts';
import { createWalletSession } from '../wallet/session.ts';
import { createPasskeys } from './flow.ts';
import type { CeremonyRequest, PasskeyWindow } from './window.ts';

/**
 * The secure frame's passkeys against the real API (Node's WebCrypto for the device key, a
 * software authenticator for the browser's WebAuthn): sign up with a passkey alone creates the
 * wallet; a login with it on another device key restores the same addresses; the ceremony runs
 * in the frame when allowed, else in the passkey window (opened in the click); nothing chosen is
 * 4001; a blocked window says so.
 */

/** The test stack's secure frame origin (the relying party). */
const ORIGIN = 'http://127.0.0.3:5178';

let stack: EmbeddedTestStack;
beforeAll(async () => {
  stack = await startEmbeddedTestStack();
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

/** The browser's WebAuthn played by `authenticator`. */
const ceremonyOf = (authenticator: TestAuthenticator) => async (request: CeremonyRequest) =>
  request.kind === 'create'
    ? authenticator.create(request.options as never, ORIGIN)
    : authenticator.get(request.options as never, ORIGIN);

/** One secure frame (its own device key) whose ceremonies `ceremony` answers. */
async function frame(
  ceremony: (request: CeremonyRequest) => Promise<unknown>,
  options: { allowed?: boolean; openWindow?: () => PasskeyWindow | null } = {},
) {
  const store = memoryStore();
  const device = await loadDevice(store);
  const api = createApiClient(stack.base, device);
  const dapp = () => ({ projectId: 'p1', dappOrigin: TEST_DAPP });
  const session = createWalletSession({ api, device, store, dapp, onUser: () => {} });
  const started: boolean[] = [];
  const passkeys = createPasskeys({
    api,
    dapp,
    finishLogin: session.finishLogin,
    started: (popup) => started.push(popup),
    allowedHere: () => options.allowed ?? true,
    openWindow: options.openWindow,
    ceremony,
  });
  return { passkeys, session, started };
}

describe('secure frame passkeys', () => {
  it('signs up with a passkey alone, then that passkey signs another device in to the same wallet', async () => {
    const authenticator = testAuthenticator();
    const first = await frame(ceremonyOf(authenticator));
    first.passkeys.signUp();
    expect(first.started).toEqual([false]);
    const created = await first.passkeys.connect();
    expect(created.email).toBeNull();
    expect(created.accounts[0]!.caipAddress).toMatch(/^eip155:1:0x[0-9a-fA-F]{40}$/);

    const second = await frame(ceremonyOf(authenticator));
    second.passkeys.login();
    const restored = await second.passkeys.connect();
    expect(restored.accounts).toEqual(created.accounts);
  }, 60_000);

  it('continues in the passkey window when the frame may not run WebAuthn; a blocked window says so', async () => {
    const authenticator = testAuthenticator();
    let closed = false;
    const window: PasskeyWindow = {
      ceremony: async (request) => ceremonyOf(authenticator)(await request),
      close: () => {
        closed = true;
      },
    };
    const framed = await frame(
      async () => {
        throw new Error('the frame may not run the ceremony');
      },
      { allowed: false, openWindow: () => window },
    );
    framed.passkeys.signUp();
    expect(framed.started).toEqual([true]);
    expect((await framed.passkeys.connect()).email).toBeNull();
    expect(closed).toBe(false);

    const blocked = await frame(ceremonyOf(authenticator), { allowed: false, openWindow: () => null });
    blocked.passkeys.login();
    await expect(blocked.passkeys.connect()).rejects.toThrow('Allow pop-ups to use a passkey here');
  }, 60_000);

  it('answers 4001 when no passkey is chosen, and nothing when no login runs', async () => {
    const none = await frame(async () => {
      throw Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
    });
    expect(() => none.passkeys.connect()).toThrow('No passkey sign-in is running');
    none.passkeys.login();
    await expect(none.passkeys.connect()).rejects.toMatchObject({ code: ErrorCode.UserRejected });
  }, 60_000);

  it('adds, lists and removes the passkeys of an email wallet', async () => {
    const email = stack.freshEmail();
    const authenticator = testAuthenticator();
    const { passkeys, session } = await frame(ceremonyOf(authenticator));
    const { action } = await session.connectEmail(email);
    expect(action).toBe('VERIFY_OTP');
    await session.connectOtp(await stack.codeFor(email, 0));
    await passkeys.add();
    expect(passkeys.manager.getState()).toMatchObject({ error: null, passkeys: [{ id: authenticator.id() }] });
    await passkeys.remove(authenticator.id());
    expect(passkeys.manager.getState()).toMatchObject({ error: null, passkeys: [] });
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt, type RunningOidcProvider } from '@airlock/oidc-provider';
import { toRpcError } from '@airlock/protocol';
import { localGoogle, startSocialTestApi, type SocialTestApi } from '../../../api/src/social/testApi.ts';
import { createApiClient } from '../api/client.ts';
import { loadDevice } from '../keys/device.ts';
import { memoryStore } from '../keys/store.ts';
import { createWalletSession } from '../wallet/session.ts';
import { createSocialLogin } from './login.ts';

/**
 * The secure frame's social login against the real API and the real local OpenID
 * provider (Node's WebCrypto for the browser's, a scripted object for the popup): the
 * wallet is created and carries `socialProvider`; a closed popup ends the login with
 * 'Popup closed'; a blocked popup or a provider down with 'Failed to initiate social connection'.
 */

let stack: SocialTestApi;
let base: string;
let oidc: RunningOidcProvider;

beforeAll(async () => {
  stack = await startSocialTestApi(localGoogle, { secureFrameOrigins: ['http://127.0.0.3:1'] });
  ({ base, oidc } = stack);
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

/** A scripted popup: setting `location.href` runs `onNavigate`; `close()` closes it. */
function fakePopup(onNavigate: (url: string) => void) {
  const popup = {
    closed: false,
    close() {
      popup.closed = true;
    },
    location: {
      set href(url: string) {
        onNavigate(url);
      },
    },
  };
  return popup;
}

async function frame(open: (url: string) => unknown) {
  const store = memoryStore();
  const device = await loadDevice(store);
  const api = createApiClient(base, device);
  const dapp = () => ({ projectId: 'p1', dappOrigin: 'http://localhost:5173' });
  const session = createWalletSession({ api, device, store, dapp, onUser: () => {} });
  const started: string[] = [];
  const social = createSocialLogin({
    api,
    dapp,
    finish: session.finishSocial,
    started: (provider) => started.push(provider),
    open: open as (url: string) => Window | null,
    loadingUrl: (provider) => `http://127.0.0.3:1/?social=${provider}`,
    sleep: (ms) => new Promise((done) => setTimeout(done, Math.min(ms, 50))),
  });
  return { social, session, started };
}

describe('secure frame social login', () => {
  it('signs in through the popup: the wallet is created, the user has socialProvider, the popup is closed', async () => {
    let loading = '';
    const popup = fakePopup((url) => void signInAt(url, 'erin', `${base}/embedded/v1/social/callback`).then(fetch));
    const { social, started } = await frame((url) => {
      loading = url;
      return popup;
    });
    social.start('google');
    expect(loading).toBe('http://127.0.0.3:1/?social=google');
    expect(started).toEqual(['google']);
    const user = await social.connect({ provider: 'google' });
    expect(user.socialProvider).toBe('google');
    expect(user.email).toBeNull();
    expect(user.userName).toBe('erin');
    expect(user.accounts[0]!.caipAddress).toMatch(/^eip155:1:0x[0-9a-fA-F]{40}$/);
    expect(popup.closed).toBe(true);
  });

  it('a sign-in that takes too long answers its message key (error.LoginTimedOut)', async () => {
    let clock = 0;
    const store = memoryStore();
    const device = await loadDevice(store);
    const api = createApiClient(base, device);
    const dapp = () => ({ projectId: 'p1', dappOrigin: 'http://localhost:5173' });
    const session = createWalletSession({ api, device, store, dapp, onUser: () => {} });
    const social = createSocialLogin({
      api,
      dapp,
      finish: session.finishSocial,
      started: () => {},
      open: (() => fakePopup(() => {})) as unknown as (url: string) => Window | null,
      loadingUrl: (provider) => `http://127.0.0.3:1/?social=${provider}`,
      // Each wait moves the clock a minute on: the login runs out of time after a few polls.
      sleep: async () => {
        clock += 60_000;
      },
      now: () => clock,
    });
    social.start('google');
    const error = await social.connect({ provider: 'google' }).then(
      () => undefined,
      (e: unknown) => toRpcError(e),
    );
    expect(error).toEqual({
      code: -32603,
      message: 'The sign-in took too long. Please try again',
      data: { messageKey: 'error.LoginTimedOut' },
    });
  });

  it("answers 'Popup closed' when the popup closes before the provider sends the person back", async () => {
    const popup = fakePopup(() => setTimeout(() => popup.close(), 100));
    const { social } = await frame(() => popup);
    social.start('google');
    await expect(social.connect({ provider: 'google' })).rejects.toThrow('Popup closed');
  });

  it("answers 'Failed to initiate social connection' for a blocked popup, a provider down, or no login running", async () => {
    const blocked = await frame(() => null);
    blocked.social.start('google');
    await expect(blocked.social.connect({ provider: 'google' })).rejects.toThrow(
      'Failed to initiate social connection',
    );
    await expect(blocked.social.connect({ provider: 'github' })).rejects.toThrow(
      'Failed to initiate social connection',
    );

    const popup = fakePopup(() => {});
    const down = await frame(() => popup);
    oidc.setDown(true);
    try {
      down.social.start('google');
      await expect(down.social.connect({ provider: 'google' })).rejects.toThrow('Failed to initiate social connection');
      expect(popup.closed).toBe(true);
    } finally {
      oidc.setDown(false);
    }
  });
});

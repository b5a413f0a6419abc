import { ErrorCode, type EmbeddedUser } from '@airlock/protocol';
import { describe, expect, it } from 'vitest';
import type { SecureFrame } from '../frame.ts';
import { createSecureFrameMethods } from '../methods.ts';

/**
 * CONNECT_SOCIAL's network and account type (spec §7 `chainId`, `preferredAccountType`): the
 * finished login is answered as GET_USER on that network, and the parameters are checked on
 * arrival. The caller cannot hand in an RPC URL, a sign-in message or a token (docs/spec-decisions.md
 * rows 7.43, 7.45, 7.47): such a call is refused whole, and the running login is left as it was.
 * GET_USER's account-type rule is wallet/session.test.ts's.
 */

const user = (caipNetworkId: string): EmbeddedUser => ({
  email: null,
  userName: 'ann',
  socialProvider: 'google',
  accounts: [{ caipAddress: `${caipNetworkId}:0x70997970C51812dc3A010C7d01b50e0d17dc79C8` as never, type: 'eoa' }],
  caipNetworkId: caipNetworkId as never,
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
});

/** A secure frame whose login ends on eip155:1 (as the real one's does); records the calls. */
function frame() {
  const calls: { name: string; args: unknown[] }[] = [];
  const fake = {
    dapp: () => ({ projectId: 'p1', dappOrigin: 'https://app.example.com' }),
    social: {
      connect: async (...args: unknown[]) => {
        calls.push({ name: 'social.connect', args });
        return user('eip155:1');
      },
    },
    session: {
      getUser: async (...args: unknown[]) => {
        calls.push({ name: 'session.getUser', args });
        return { ...user(args[0] as string), preferredAccountType: args[1] ?? 'eoa' };
      },
    },
  };
  const methods = createSecureFrameMethods(fake as unknown as SecureFrame);
  const connectSocial = methods.connectSocial as (...args: unknown[]) => Promise<unknown>;
  const getUser = methods.getUser as (...args: unknown[]) => Promise<unknown>;
  const isConnected = methods.isConnected as (...args: unknown[]) => Promise<unknown>;
  return { connectSocial, getUser, isConnected, calls };
}

describe('CONNECT_SOCIAL network and account type', () => {
  it('answers the login on the caller’s network and account type; the login itself gets only the provider or uri', async () => {
    const { connectSocial, calls } = frame();
    const answer = await connectSocial({
      provider: 'google',
      caipNetworkId: 'eip155:31337',
      preferredAccountType: 'smartAccount',
    });
    expect(answer).toMatchObject({
      ok: true,
      value: { caipNetworkId: 'eip155:31337', preferredAccountType: 'smartAccount' },
    });
    expect(calls).toEqual([
      { name: 'social.connect', args: [{ provider: 'google' }] },
      { name: 'session.getUser', args: ['eip155:31337', 'smartAccount'] },
    ]);

    const uri = 'http://127.0.0.1:8787/embedded/v1/social/result?flow=abcdefghijklmnop';
    calls.length = 0;
    expect(await connectSocial({ uri, caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })).toMatchObject({
      ok: true,
      value: { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
    });
    expect(calls).toEqual([
      { name: 'social.connect', args: [{ uri }] },
      { name: 'session.getUser', args: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', undefined] },
    ]);
  });

  it('without them the login’s own user is the answer (no second read)', async () => {
    const { connectSocial, calls } = frame();
    expect(await connectSocial({ provider: 'github' })).toMatchObject({
      ok: true,
      value: { caipNetworkId: 'eip155:1' },
    });
    expect(calls.map((c) => c.name)).toEqual(['social.connect']);
  });

  it('refuses with -32602, before any login step, an RPC URL, a sign-in message, a token, a malformed network or type', async () => {
    const { connectSocial, calls } = frame();
    for (const extra of [
      { rpcUrl: 'https://evil.example/rpc' },
      { siwxMessage: 'app.example.com wants you to sign in with your Ethereum account:' },
      { token: 'stolen' },
      { caipNetworkId: 'eip155' },
      { caipNetworkId: 'eip155:1\nURI: https://evil.example' },
      { preferredAccountType: 'admin' },
    ])
      expect(await connectSocial({ provider: 'google', ...extra })).toMatchObject({
        ok: false,
        error: { code: ErrorCode.InvalidParams },
      });
    expect(calls).toEqual([]);
  });

  it('GET_USER passes the account type on, and refuses an RPC URL, a sign-in message or a social URI (-32602)', async () => {
    const { getUser, calls } = frame();
    expect(await getUser({ caipNetworkId: 'eip155:31337', preferredAccountType: 'eoa' })).toMatchObject({ ok: true });
    expect(calls).toEqual([{ name: 'session.getUser', args: ['eip155:31337', 'eoa'] }]);
    calls.length = 0;
    for (const extra of [
      { rpcUrl: 'https://evil.example/rpc' },
      { siwxMessage: 'app.example.com wants you to sign in with your Ethereum account:' },
      { socialUri: 'https://evil.example/result' },
    ])
      expect(await getUser({ caipNetworkId: 'eip155:1', ...extra })).toMatchObject({
        ok: false,
        error: { code: ErrorCode.InvalidParams },
      });
    expect(calls).toEqual([]);
  });

  it('IS_CONNECTED takes no token: a caller that hands one in gets -32602', async () => {
    const { isConnected } = frame();
    expect(await isConnected({ token: 'a-session-token' })).toMatchObject({
      ok: false,
      error: { code: ErrorCode.InvalidParams },
    });
  });
});

import type { MultichainNotification } from '@airlock/protocol/multichain';
import { describe, expect, it } from 'vitest';
import { connectInjected } from '../actions/connect.ts';
import { disconnect } from '../actions/disconnect.ts';
import { routeRequest } from '../handlers/request.ts';
import type { WalletConnection } from '../store/connectionTypes.ts';
import { connectionShowing } from '../store/connections.ts';
import { ACCOUNT_0, announcement, createTestFrame, flush, testConfig } from '../testing/testFrame.ts';
import { announcedEntry } from '../connectors/injected/index.ts';
import { connectionOf } from '../store/connection.ts';

/**
 * The multichain session served by a real frame (fake host, fake page wallet): the four methods
 * through the frame's `request`, the invocation routed to the scope's connection through the
 * eip155 router even while another namespace's connection is shown, and the notifications.
 */

const devAnnouncement = announcement('Dev Wallet', 'dev.airlock.wallet', 1);
const devWallet = announcedEntry(devAnnouncement);
const SOLANA_LOCAL = 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K';
const SOL = '32MvKPkohthEtFX36NPE9B45aryLsFVumKyjvFwQmuRX';

async function setup(multiWallet = true) {
  const config = { ...testConfig(), features: { multiWallet } };
  const { frame, fake } = await createTestFrame({ wallets: [devAnnouncement], config });
  const notes: MultichainNotification[] = [];
  (fake.host as unknown as Record<string, unknown>).multichain = {
    notify: async (n: MultichainNotification) => {
      notes.push(n);
      return { ok: true, value: null };
    },
  };
  const ask = (method: string, params?: unknown) =>
    routeRequest(frame, { chainNamespace: 'eip155', method, ...(params ? { params: params as never } : {}) });
  return { frame, fake, notes, ask };
}

/** A solana connection of a connector the frame does not have, made the shown one (multi-wallet). */
function showSolana(frame: Awaited<ReturnType<typeof setup>>['frame']) {
  const sol: WalletConnection = {
    connectorId: 'dev-solana',
    type: 'ANNOUNCED',
    chainNamespace: 'solana',
    name: 'Dev Solana Wallet',
    icon: 'data:image/svg+xml,<svg/>',
    accounts: [{ address: SOL, type: 'eoa' }],
    caipNetworkId: SOLANA_LOCAL,
  };
  frame.store.setState((s) => ({
    connections: { list: [sol, ...s.connections.list], active: { ...s.connections.active, solana: sol.connectorId } },
    active: connectionShowing(sol),
  }));
}

const scopes = {
  requiredScopes: { 'eip155:31337': { methods: ['personal_sign'], notifications: ['accountsChanged'] } },
  optionalScopes: { [SOLANA_LOCAL]: { methods: ['solana_signMessage'] } },
};

describe('the multichain session in the frame', () => {
  it('createSession grants from the connections; invokeMethod reaches the eip155 wallet while solana is shown', async () => {
    const { frame, fake, ask } = await setup();
    await connectInjected(frame, devWallet);
    showSolana(frame);
    const session = await ask('wallet_createSession', scopes);
    expect(session).toEqual({
      ok: true,
      value: {
        sessionScopes: {
          'eip155:31337': {
            methods: ['personal_sign'],
            notifications: ['accountsChanged'],
            accounts: [`eip155:31337:${ACCOUNT_0}`],
          },
          [SOLANA_LOCAL]: { methods: ['solana_signMessage'], notifications: [], accounts: [`${SOLANA_LOCAL}:${SOL}`] },
        },
        sessionProperties: {},
      },
    });
    expect(await ask('wallet_getSession')).toEqual({
      ok: true,
      value: { sessionScopes: (session as { value: { sessionScopes: unknown } }).value.sessionScopes },
    });
    fake.requests.length = 0;
    const signed = await ask('wallet_invokeMethod', {
      scope: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT_0] },
    });
    expect(signed).toEqual({ ok: true, value: `0x${'ab'.repeat(65)}` });
    expect(fake.requests.map((r) => [r.uuid, r.request.method])).toEqual([[devAnnouncement.uuid, 'personal_sign']]);
    // The shown connection is still the solana one: nothing moved for the dapp's providers.
    expect(connectionOf(frame.store.getState()).caipNetworkId).toBe(SOLANA_LOCAL);
  });

  it('refuses what the session did not grant (4100) and malformed params (-32602), reaching no wallet', async () => {
    const { frame, fake, ask } = await setup();
    await connectInjected(frame, devWallet);
    expect(
      await ask('wallet_invokeMethod', { scope: 'eip155:31337', request: { method: 'personal_sign' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 4100, message: 'No multichain session: call wallet_createSession first' },
    });
    expect(
      await ask('wallet_createSession', { requiredScopes: { 'eip155:31337': { methods: ['personal_sign'] } } }),
    ).toMatchObject({ ok: true });
    fake.requests.length = 0;
    expect(
      await ask('wallet_invokeMethod', {
        scope: 'eip155:31337',
        request: { method: 'eth_sendTransaction', params: [{ to: ACCOUNT_0 }] },
      }),
    ).toMatchObject({ ok: false, error: { code: 4100 } });
    expect(
      await ask('wallet_invokeMethod', { scope: SOLANA_LOCAL, request: { method: 'solana_signMessage' } }),
    ).toMatchObject({ ok: false, error: { code: 4100, message: `Scope not in the session: ${SOLANA_LOCAL}` } });
    expect(await ask('wallet_invokeMethod', { scope: 'not a scope', request: { method: 'x' } })).toMatchObject({
      ok: false,
      error: { code: -32602 },
    });
    expect(await ask('wallet_createSession', { requiredScopes: { 'eip155:31337': { methods: 'all' } } })).toMatchObject(
      { ok: false, error: { code: -32602 } },
    );
    // A required scope the visitor cannot meet: 5100, and the earlier session stays.
    expect(await ask('wallet_createSession', { requiredScopes: { [SOLANA_LOCAL]: { methods: [] } } })).toMatchObject({
      ok: false,
      error: { code: 5100 },
    });
    expect(fake.requests).toEqual([]);
    expect(Object.keys(frame.runtime.multichain?.scopes ?? {})).toEqual(['eip155:31337']);
  });

  it('a disconnect is a sessionChanged with no accounts (and accountsChanged where granted); revoke ends it', async () => {
    const { frame, notes, ask } = await setup();
    await connectInjected(frame, devWallet);
    await ask('wallet_createSession', scopes);
    notes.length = 0;
    await disconnect(frame);
    await flush();
    expect(notes).toContainEqual({
      method: 'wallet_notify',
      params: { scope: 'eip155:31337', notification: { method: 'accountsChanged', params: [] } },
    });
    expect(notes.at(-1)).toEqual({
      method: 'wallet_sessionChanged',
      params: {
        sessionScopes: {
          'eip155:31337': { methods: ['personal_sign'], notifications: ['accountsChanged'], accounts: [] },
        },
      },
    });
    notes.length = 0;
    expect(await ask('wallet_revokeSession')).toEqual({ ok: true, value: true });
    await flush();
    expect(notes).toEqual([{ method: 'wallet_sessionChanged', params: { sessionScopes: {} } }]);
    expect(await ask('wallet_getSession')).toEqual({ ok: true, value: { sessionScopes: {} } });
    // After the revoke, a store change sends nothing more.
    await connectInjected(frame, devWallet);
    await flush();
    expect(notes).toHaveLength(1);
  });

  it('with multiWallet off the session is the one connection: optional scopes of other namespaces are left out', async () => {
    const { frame, ask } = await setup(false);
    await connectInjected(frame, devWallet);
    expect(await ask('wallet_createSession', scopes)).toEqual({
      ok: true,
      value: {
        sessionScopes: {
          'eip155:31337': {
            methods: ['personal_sign'],
            notifications: ['accountsChanged'],
            accounts: [`eip155:31337:${ACCOUNT_0}`],
          },
        },
        sessionProperties: {},
      },
    });
    expect(await ask('wallet_createSession', { requiredScopes: scopes.optionalScopes })).toMatchObject({
      ok: false,
      error: { code: 5100 },
    });
  });
});

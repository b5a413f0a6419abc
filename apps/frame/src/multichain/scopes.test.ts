import { describe, expect, it } from 'vitest';
import type { WalletConnection } from '../store/connectionTypes.ts';
import type { FrameState } from '../store/state.ts';
import { grantSession, invokeTarget, scopeConnectionOf, sessionScopesOf } from './scopes.ts';

/**
 * The multichain session's pure part: scopes filled from the visitor's connections, required
 * against optional, method and notification filtering, the session's accounts now, and which
 * invocations may run.
 */

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SOL = '32MvKPkohthEtFX36NPE9B45aryLsFVumKyjvFwQmuRX';
const SOLANA_LOCAL = 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K';
const COSMOS = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu';

const evm: WalletConnection = {
  connectorId: 'dev-wallet',
  type: 'ANNOUNCED',
  chainNamespace: 'eip155',
  name: 'Dev Wallet',
  icon: 'data:image/svg+xml,<svg/>',
  accounts: [{ address: EVM, type: 'eoa' }],
  caipNetworkId: 'eip155:31337',
};
const sol: WalletConnection = {
  ...evm,
  connectorId: 'dev-solana',
  chainNamespace: 'solana',
  name: 'Dev Solana Wallet',
  accounts: [{ address: SOL, type: 'eoa' }],
  caipNetworkId: SOLANA_LOCAL,
};
const cosmos: WalletConnection = {
  ...evm,
  connectorId: 'dev-keplr',
  chainNamespace: 'cosmos',
  accounts: [{ address: COSMOS, type: 'eoa' }],
  caipNetworkId: 'cosmos:airlock-local-1',
};

/** A state with these connections, each the active one of its namespace, the first shown. */
function stateWith(...list: WalletConnection[]): Pick<FrameState, 'connections'> {
  return {
    connections: { list, active: Object.fromEntries(list.map((c) => [c.chainNamespace, c.connectorId])) },
  };
}

const eip155Scope = { methods: ['personal_sign', 'eth_sendTransaction'], notifications: ['accountsChanged'] };
const solanaScope = { methods: ['solana_signMessage'], notifications: [] };

describe('grantSession (CAIP-25)', () => {
  it('fills eip155 + solana + cosmos scopes from three connections, each with its own accounts', () => {
    const state = stateWith(evm, sol, cosmos);
    const grant = grantSession(
      {
        requiredScopes: { 'eip155:31337': eip155Scope, [SOLANA_LOCAL]: solanaScope },
        optionalScopes: { 'cosmos:airlock-local-1': { methods: ['cosmos_signArbitrary'], notifications: [] } },
        sessionProperties: { app: 'demo' },
      },
      state,
    );
    expect(grant.ok).toBe(true);
    if (!grant.ok) return;
    expect(grant.value.sessionProperties).toEqual({ app: 'demo' });
    expect(sessionScopesOf(grant.value, state)).toEqual({
      'eip155:31337': { ...eip155Scope, accounts: [`eip155:31337:${EVM}`] },
      [SOLANA_LOCAL]: { ...solanaScope, accounts: [`${SOLANA_LOCAL}:${SOL}`] },
      'cosmos:airlock-local-1': {
        methods: ['cosmos_signArbitrary'],
        notifications: [],
        accounts: [`cosmos:airlock-local-1:${COSMOS}`],
      },
    });
  });

  it('one WalletConnect session holding eip155 and solana fills both scopes from its two connections', () => {
    const wc = { connectorId: 'walletConnect', type: 'WALLET_CONNECT' as const, name: 'Dev Wallet' };
    const state = stateWith({ ...evm, ...wc }, { ...sol, ...wc });
    const grant = grantSession({ requiredScopes: { 'eip155:31337': eip155Scope, [SOLANA_LOCAL]: solanaScope } }, state);
    expect(grant.ok && sessionScopesOf(grant.value, state)).toEqual({
      'eip155:31337': { ...eip155Scope, accounts: [`eip155:31337:${EVM}`] },
      [SOLANA_LOCAL]: { ...solanaScope, accounts: [`${SOLANA_LOCAL}:${SOL}`] },
    });
    expect(
      invokeTarget(grant.ok ? grant.value : null, state, {
        scope: SOLANA_LOCAL,
        request: { method: 'solana_signMessage' },
      }),
    ).toEqual({ ok: true, value: { connectorId: 'walletConnect', caipNetworkId: SOLANA_LOCAL, addresses: [SOL] } });
  });

  it('a required scope on a network without a connected wallet fails the whole call with 5100', () => {
    const state = stateWith(evm);
    expect(
      grantSession({ requiredScopes: { 'eip155:31337': eip155Scope, [SOLANA_LOCAL]: solanaScope } }, state),
    ).toEqual({
      ok: false,
      error: {
        code: 5100,
        message: `Requested networks are not supported: ${SOLANA_LOCAL} (no connected wallet on them)`,
        data: undefined,
      },
    });
    // Another network of a connected namespace is not switched to: 5100 says where the connection is.
    expect(grantSession({ requiredScopes: { 'eip155:1': eip155Scope } }, state)).toMatchObject({
      ok: false,
      error: {
        code: 5100,
        message:
          'Requested networks are not supported: eip155:1 (the connection is on eip155:31337; switch to eip155:1 first)',
      },
    });
    // A namespace unknown to the widget, and a namespace key without a connection of it.
    expect(grantSession({ requiredScopes: { 'tron:mainnet': solanaScope } }, state)).toMatchObject({
      ok: false,
      error: { code: 5100 },
    });
    expect(grantSession({ requiredScopes: { solana: solanaScope } }, state)).toMatchObject({
      ok: false,
      error: { code: 5100, message: 'Requested networks are not supported: solana (no connected wallet on them)' },
    });
  });

  it('a required scope naming a method or notification the namespace does not serve fails with 5101 / 5102', () => {
    const state = stateWith(evm, sol);
    expect(
      grantSession({ requiredScopes: { 'eip155:31337': { methods: ['personal_sign', 'eth_sign'] } } }, state),
    ).toMatchObject({ ok: false, error: { code: 5101, message: expect.stringContaining('eth_sign') } });
    // A solana method on an eip155 scope is not served there.
    expect(
      grantSession({ requiredScopes: { 'eip155:31337': { methods: ['solana_signMessage'] } } }, state),
    ).toMatchObject({ ok: false, error: { code: 5101 } });
    // The network switch is not a scope's method: a scope names its network.
    expect(
      grantSession({ requiredScopes: { 'eip155:31337': { methods: ['wallet_switchEthereumChain'] } } }, state),
    ).toMatchObject({ ok: false, error: { code: 5101 } });
    expect(
      grantSession({ requiredScopes: { [SOLANA_LOCAL]: { methods: [], notifications: ['eth_subscription'] } } }, state),
    ).toMatchObject({ ok: false, error: { code: 5102, message: expect.stringContaining('eth_subscription') } });
  });

  it('optional scopes are granted with their supported part, and left out without a connection', () => {
    const state = stateWith(evm);
    const grant = grantSession(
      {
        optionalScopes: {
          'eip155:31337': { methods: ['personal_sign', 'eth_sign', 'eth_getBalance'], notifications: ['nope'] },
          [SOLANA_LOCAL]: solanaScope,
          'eip155:1': eip155Scope,
        },
      },
      state,
    );
    expect(grant.ok && grant.value.scopes).toEqual({
      'eip155:31337': { methods: ['personal_sign', 'eth_getBalance'], notifications: [] },
    });
  });

  it('nothing granted at all is 5100; a namespace key takes its references or the connected network', () => {
    expect(grantSession({ optionalScopes: { [SOLANA_LOCAL]: solanaScope } }, stateWith(evm))).toMatchObject({
      ok: false,
      error: { code: 5100 },
    });
    const state = stateWith(evm, sol);
    const byNamespace = grantSession({ requiredScopes: { eip155: eip155Scope, solana: solanaScope } }, state);
    expect(byNamespace.ok && Object.keys(byNamespace.value.scopes)).toEqual(['eip155:31337', SOLANA_LOCAL]);
    expect(
      grantSession({ requiredScopes: { eip155: { ...eip155Scope, references: ['31337', '1'] } } }, state),
    ).toMatchObject({ ok: false, error: { code: 5100, message: expect.stringContaining('eip155:1') } });
  });

  it('a network both required and optional gets the union of the methods', () => {
    const grant = grantSession(
      {
        requiredScopes: { 'eip155:31337': { methods: ['personal_sign'] } },
        optionalScopes: { 'eip155:31337': { methods: ['eth_signTypedData_v4', 'personal_sign'] } },
      },
      stateWith(evm),
    );
    expect(grant.ok && grant.value.scopes['eip155:31337']!.methods).toEqual(['personal_sign', 'eth_signTypedData_v4']);
  });
});

describe('sessionScopesOf and invokeTarget', () => {
  const granted = grantSession(
    { requiredScopes: { 'eip155:31337': eip155Scope, [SOLANA_LOCAL]: solanaScope } },
    stateWith(evm, sol),
  );
  const grant = granted.ok ? granted.value : null;

  it('a disconnected wallet leaves its scope with no accounts; they come back when it reconnects', () => {
    const without = stateWith(evm);
    expect(sessionScopesOf(grant, without)[SOLANA_LOCAL]).toEqual({ ...solanaScope, accounts: [] });
    // The wallet moved to another network of its namespace: no accounts on this scope.
    expect(
      sessionScopesOf(grant, stateWith({ ...evm, caipNetworkId: 'eip155:31338' }))['eip155:31337']!.accounts,
    ).toEqual([]);
    expect(sessionScopesOf(grant, stateWith(sol, evm))[SOLANA_LOCAL]!.accounts).toEqual([`${SOLANA_LOCAL}:${SOL}`]);
    expect(sessionScopesOf(null, stateWith(evm))).toEqual({});
  });

  it('routes a granted method to the connection of its scope, whichever is shown', () => {
    const state = stateWith(sol, evm); // solana shown
    const request = { method: 'personal_sign', params: ['0x68', EVM] };
    expect(invokeTarget(grant, state, { scope: 'eip155:31337', request })).toEqual({
      ok: true,
      value: { connectorId: 'dev-wallet', caipNetworkId: 'eip155:31337', addresses: [EVM] },
    });
    expect(scopeConnectionOf(state, 'cosmos')).toBeNull();
  });

  it('refuses with 4100: no session, a scope the session lacks, a method not granted, no wallet now', () => {
    const state = stateWith(evm, sol);
    const sign = { method: 'personal_sign', params: ['0x68', EVM] };
    expect(invokeTarget(null, state, { scope: 'eip155:31337', request: sign })).toMatchObject({
      ok: false,
      error: { code: 4100, message: 'No multichain session: call wallet_createSession first' },
    });
    expect(invokeTarget(grant, state, { scope: 'eip155:31338', request: sign })).toMatchObject({
      ok: false,
      error: { code: 4100, message: 'Scope not in the session: eip155:31338' },
    });
    expect(
      invokeTarget(grant, state, { scope: 'eip155:31337', request: { method: 'eth_signTypedData_v4', params: [] } }),
    ).toMatchObject({
      ok: false,
      error: { code: 4100, message: 'Method not granted in scope eip155:31337: eth_signTypedData_v4' },
    });
    // A method granted on another scope is not granted on this one.
    expect(invokeTarget(grant, state, { scope: SOLANA_LOCAL, request: sign })).toMatchObject({
      ok: false,
      error: { code: 4100 },
    });
    expect(
      invokeTarget(grant, stateWith(evm), { scope: SOLANA_LOCAL, request: { method: 'solana_signMessage' } }),
    ).toMatchObject({ ok: false, error: { code: 4100, message: `No connected wallet on ${SOLANA_LOCAL}` } });
  });
});

import { COSMOS_LOCAL_CAIP_NETWORK_ID } from '@airlock/protocol/cosmos';
import { POLKADOT_LOCAL_CAIP_NETWORK_ID, POLKADOT_LOCAL_GENESIS_HASH } from '@airlock/protocol/polkadot';
import { describe, expect, it } from 'vitest';
import { cosmosWalletConnectRequest, sessionCosmosAccounts } from './cosmos.ts';
import { polkadotWalletConnectRequest, sessionPolkadotAccounts } from './polkadot.ts';
import { SESSION_NAMESPACES } from './sessionNamespaces.ts';
import type { SessionLike } from './session.ts';

const COSMOS = COSMOS_LOCAL_CAIP_NETWORK_ID;
const HUB = 'cosmos:cosmoshub-4';
/** Cosmos dev accounts 0 and 1 (apps/cosmos-lcd/README.md). */
const COSMOS_0 = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7';
const COSMOS_1 = 'cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z';
const OSMO = 'osmo15yk64u7zc9g9k2yr2wmzeva5qgwxps6y7f2acd';
const POLKADOT = POLKADOT_LOCAL_CAIP_NETWORK_ID;
/** //Alice and //Bob (SS58 42), and Alice in Polkadot's format (0). */
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty';
const ALICE_POLKADOT = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5';
const PUBKEY = `A${'A'.repeat(43)}`;
const SIGNATURE = { pub_key: { type: 'tendermint/PubKeySecp256k1', value: PUBKEY }, signature: `${'B'.repeat(86)}==` };

const session = (namespace: 'cosmos' | 'polkadot', accounts: string[], methods: string[]): SessionLike => ({
  namespaces: { [namespace]: { accounts, methods } },
});

/** A wallet call recording its calls and answering `answer` (an Error is thrown). */
const wallet = (answer: unknown) => {
  const calls: { method: string; params: object }[] = [];
  return {
    calls,
    call: async (method: string, params: object) => {
      calls.push({ method, params });
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
};
const code = (result: { ok: boolean; error?: { code: number } }) => (result.ok ? 'ok' : result.error!.code);
const directDoc = (chainId = 'airlock-local-1') => ({
  chainId,
  accountNumber: '3',
  bodyBytes: 'CgA=',
  authInfoBytes: 'EgA=',
});

describe('a WalletConnect session’s cosmos namespace', () => {
  const s = (methods: string[]) =>
    session('cosmos', [`${COSMOS}:${COSMOS_0}`, `${COSMOS}:${OSMO}`, `${HUB}:${COSMOS_1}`, 'cosmos:bad'], methods);
  const cosmos = (methods: string[], answer: unknown) => {
    const w = wallet(answer);
    const ctx = { session: s(methods), accounts: sessionCosmosAccounts(s(methods), COSMOS)!, call: w.call };
    return { w, ask: (method: string, params: unknown[] = []) => cosmosWalletConnectRequest({ method, params }, ctx) };
  };

  it('reads the accounts of the asked network (valid bech32 of its prefix only), else of its first network', () => {
    expect(sessionCosmosAccounts(s([]), COSMOS)).toEqual({ caipNetworkId: COSMOS, accounts: [COSMOS_0] });
    expect(sessionCosmosAccounts(s([]), HUB)).toEqual({ caipNetworkId: HUB, accounts: [COSMOS_1] });
    expect(sessionCosmosAccounts(s([]), 'cosmos:osmosis-1')?.caipNetworkId).toBe(COSMOS);
    expect(sessionCosmosAccounts(undefined)).toBeNull();
  });

  it('cosmos_getAccounts asks the wallet when granted and keeps the session’s addresses only', async () => {
    const { w, ask } = cosmos(
      ['cosmos_getAccounts'],
      [
        { address: COSMOS_0, algo: 'secp256k1', pubkey: PUBKEY },
        { address: COSMOS_1, algo: 'secp256k1', pubkey: PUBKEY },
      ],
    );
    expect(await ask('cosmos_getAccounts')).toEqual({
      ok: true,
      value: [{ address: COSMOS_0, algo: 'secp256k1', pubkey: PUBKEY }],
    });
    expect(w.calls).toEqual([{ method: 'cosmos_getAccounts', params: {} }]);
  });

  it('a method the session did not grant is 4200 and the wallet is not asked', async () => {
    const { w, ask } = cosmos(['cosmos_getAccounts'], {});
    expect(code(await ask('cosmos_signDirect', [{ signerAddress: COSMOS_0, signDoc: directDoc() }]))).toBe(4200);
    expect(code(await ask('cosmos_signArbitrary', [{ signerAddress: COSMOS_0, data: 'hi' }]))).toBe(4200);
    expect(w.calls).toEqual([]);
  });

  it('a signer that is not the session’s is 4100; a sign doc of another chain 4901; the wallet not asked', async () => {
    const { w, ask } = cosmos(['cosmos_signDirect'], {});
    expect(code(await ask('cosmos_signDirect', [{ signerAddress: COSMOS_1, signDoc: directDoc() }]))).toBe(4100);
    expect(code(await ask('cosmos_signDirect', [{ signerAddress: COSMOS_0, signDoc: directDoc('cosmoshub-4') }]))).toBe(
      4901,
    );
    expect(w.calls).toEqual([]);
  });

  it('cosmos_signDirect passes the sign doc and checks the answer (same chain, StdSignature)', async () => {
    const signed = { ...directDoc(), accountNumber: 3 };
    const { w, ask } = cosmos(['cosmos_signDirect'], { signed, signature: SIGNATURE });
    expect(await ask('cosmos_signDirect', [{ signerAddress: COSMOS_0, signDoc: directDoc() }])).toEqual({
      ok: true,
      value: { signed: directDoc(), signature: SIGNATURE },
    });
    expect(w.calls).toEqual([
      { method: 'cosmos_signDirect', params: { signerAddress: COSMOS_0, signDoc: directDoc() } },
    ]);
    const other = cosmos(['cosmos_signDirect'], { signed: directDoc('cosmoshub-4'), signature: SIGNATURE });
    expect(code(await other.ask('cosmos_signDirect', [{ signerAddress: COSMOS_0, signDoc: directDoc() }]))).toBe(
      -32603,
    );
  });

  it('cosmos_signDirect reads an account number a wallet wrote as a long.js Long (its JSON) or a number; a negative one is malformed', async () => {
    for (const accountNumber of [{ low: 3, high: 0, unsigned: true }, 3, '3']) {
      const { ask } = cosmos(['cosmos_signDirect'], {
        signed: { ...directDoc(), accountNumber },
        signature: SIGNATURE,
      });
      expect(await ask('cosmos_signDirect', [{ signerAddress: COSMOS_0, signDoc: directDoc() }])).toEqual({
        ok: true,
        value: { signed: directDoc(), signature: SIGNATURE },
      });
    }
    const negative = cosmos(['cosmos_signDirect'], {
      signed: { ...directDoc(), accountNumber: -3 },
      signature: SIGNATURE,
    });
    expect(code(await negative.ask('cosmos_signDirect', [{ signerAddress: COSMOS_0, signDoc: directDoc() }]))).toBe(
      -32603,
    );
  });

  it('cosmos_signAmino passes the StdSignDoc; the wallet’s refusal passes through', async () => {
    const doc = {
      chain_id: 'airlock-local-1',
      account_number: '3',
      sequence: '0',
      fee: { gas: '1', amount: [] },
      msgs: [],
      memo: '',
    };
    const { ask } = cosmos(['cosmos_signAmino'], { signed: doc, signature: SIGNATURE });
    expect(await ask('cosmos_signAmino', [{ signerAddress: COSMOS_0, signDoc: doc }])).toEqual({
      ok: true,
      value: { signed: doc, signature: SIGNATURE },
    });
    const refused = cosmos(['cosmos_signAmino'], Object.assign(new Error('User rejected'), { code: 5000 }));
    expect(code(await refused.ask('cosmos_signAmino', [{ signerAddress: COSMOS_0, signDoc: doc }]))).toBe(5000);
  });
});

describe('a WalletConnect session’s polkadot namespace', () => {
  const s = (methods: string[]) =>
    session('polkadot', [`${POLKADOT}:${ALICE_POLKADOT}`, `${POLKADOT}:not-an-address`], methods);
  const polkadot = (methods: string[], answer: unknown) => {
    const w = wallet(answer);
    const ctx = { session: s(methods), accounts: sessionPolkadotAccounts(s(methods), POLKADOT)!, call: w.call };
    return {
      w,
      ask: (method: string, params: unknown[] = []) => polkadotWalletConnectRequest({ method, params }, ctx),
    };
  };
  const payload = (genesisHash: string = POLKADOT_LOCAL_GENESIS_HASH) => ({
    address: ALICE,
    genesisHash,
    method: '0x00',
  });

  it('reads the accounts in the network’s SS58 format (once loaded); getAccounts answers them without asking', async () => {
    await SESSION_NAMESPACES.polkadot!.load!();
    expect(sessionPolkadotAccounts(s([]), POLKADOT)?.accounts).toEqual([{ address: ALICE, given: ALICE_POLKADOT }]);
    expect(SESSION_NAMESPACES.polkadot!.accounts(s([]))).toEqual({ caipNetworkId: POLKADOT, accounts: [ALICE] });
    const { w, ask } = polkadot([], {});
    expect(await ask('polkadot_getAccounts')).toEqual({ ok: true, value: [{ address: ALICE }] });
    expect(w.calls).toEqual([]);
  });

  it('not granted is 4200, another account 4100, another network’s payload 4901; the wallet not asked', async () => {
    const none = polkadot(['polkadot_signTransaction'], {});
    expect(code(await none.ask('polkadot_signMessage', [{ address: ALICE, message: 'hi' }]))).toBe(4200);
    const { w, ask } = polkadot(['polkadot_signMessage', 'polkadot_signTransaction'], {});
    expect(code(await ask('polkadot_signMessage', [{ address: BOB, message: 'hi' }]))).toBe(4100);
    expect(
      code(
        await ask('polkadot_signTransaction', [
          { address: ALICE, transactionPayload: payload(`0x${'ab'.repeat(32)}`) },
        ]),
      ),
    ).toBe(4901);
    expect([...none.w.calls, ...w.calls]).toEqual([]);
  });

  it('signMessage and signTransaction go to the wallet with the session’s own address; the answer is checked', async () => {
    const signature = `0x01${'cd'.repeat(64)}`;
    const { w, ask } = polkadot(['polkadot_signMessage', 'polkadot_signTransaction'], { id: 1, signature });
    expect(await ask('polkadot_signMessage', [{ address: ALICE, message: 'hi' }])).toEqual({
      ok: true,
      value: { signature },
    });
    expect(await ask('polkadot_signTransaction', [{ address: ALICE, transactionPayload: payload() }])).toEqual({
      ok: true,
      value: { signature },
    });
    expect(w.calls).toEqual([
      { method: 'polkadot_signMessage', params: { address: ALICE_POLKADOT, message: 'hi' } },
      {
        method: 'polkadot_signTransaction',
        params: { address: ALICE_POLKADOT, transactionPayload: { ...payload(), address: ALICE_POLKADOT } },
      },
    ]);
    const bad = polkadot(['polkadot_signMessage'], { signature: 'nope' });
    expect(code(await bad.ask('polkadot_signMessage', [{ address: ALICE, message: 'hi' }]))).toBe(-32603);
  });

  it('a network the session has no account on is 4100 through the session namespaces', async () => {
    const result = await SESSION_NAMESPACES.polkadot!.request(
      { method: 'polkadot_signMessage', params: [{ address: ALICE, message: 'hi' }] },
      {
        session: s(['polkadot_signMessage']),
        caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
        call: wallet({}).call,
      },
    );
    expect(code(result)).toBe(4100);
  });
});

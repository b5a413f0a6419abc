import { POLKADOT_LOCAL_CAIP_NETWORK_ID, POLKADOT_LOCAL_GENESIS_HASH } from '@airlock/protocol/polkadot';
import { hexToU8a, u8aToBigInt } from '@polkadot/util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNIT } from './devAccounts.ts';
import { systemAccountKey } from './rpc.ts';
import { type SubstrateRpc, startSubstrateRpc } from './server.ts';

/** Alice's `System.Account` storage key on every Substrate chain (what polkadot.js apps shows). */
const ALICE_KEY_HEX = '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d';
const ALICE_STORAGE_KEY =
  '0x26aa394eea5630e07c48ae0c9558cef7b99d880ec681799c0cf30e8886371da9de1e86a9a8c739864cf3cc5ec2bea59fd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d';

let rpc: SubstrateRpc;
beforeAll(async () => {
  rpc = await startSubstrateRpc({ port: 0 });
});
afterAll(() => rpc?.stop());

const call = async (method: string, params: unknown[] = []) => {
  const res = await fetch(rpc.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await res.json()) as { result?: any; error?: { code: number } };
};

describe('substrate-rpc stand-in (Substrate JSON-RPC subset)', () => {
  it('answers the genesis hash of the local CAIP-2 id, the chain name and the runtime version', async () => {
    const genesis = (await call('chain_getBlockHash', [0])).result as string;
    expect(genesis).toBe(POLKADOT_LOCAL_GENESIS_HASH);
    expect(`polkadot:${genesis.slice(2, 34)}`).toBe(POLKADOT_LOCAL_CAIP_NETWORK_ID);
    expect((await call('system_chain')).result).toBe('Airlock Local');
    expect((await call('system_properties')).result).toEqual({
      ss58Format: 42,
      tokenDecimals: 12,
      tokenSymbol: 'UNIT',
    });
    expect((await call('state_getRuntimeVersion')).result).toMatchObject({
      specName: 'airlock-local',
      specVersion: 1000000,
    });
    expect((await call('author_submitExtrinsic', ['0x00'])).error?.code).toBe(-32601);
  });

  it('answers System.Account under the real storage key with free and reserved balance (SCALE AccountInfo)', async () => {
    const [alice, bob] = rpc.devAccounts;
    expect(alice!.publicKey).toBe(ALICE_KEY_HEX);
    expect(alice!.address).toBe('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY');
    expect(systemAccountKey(ALICE_KEY_HEX)).toBe(ALICE_STORAGE_KEY);
    const info = hexToU8a((await call('state_getStorage', [ALICE_STORAGE_KEY])).result as string);
    expect(info.length).toBe(80);
    expect(u8aToBigInt(info.slice(16, 32))).toBe(1000n * UNIT); // free
    expect(u8aToBigInt(info.slice(32, 48))).toBe(10n * UNIT); // reserved
    const bobInfo = hexToU8a((await call('state_getStorage', [systemAccountKey(bob!.publicKey)])).result as string);
    expect(u8aToBigInt(bobInfo.slice(32, 48))).toBe(0n);
    expect((await call('state_getStorage', [systemAccountKey(new Uint8Array(32).fill(1))])).result).toBeNull();
    expect((await call('state_getStorage', ['not hex'])).error?.code).toBe(-32602);
  });
});

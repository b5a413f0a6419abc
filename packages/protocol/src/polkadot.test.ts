import { selectableNetworks } from '@polkadot/networks';
import { describe, expect, it } from 'vitest';
import { NetworkSchema } from './schemas.ts';
import {
  decodePolkadotAccountInfo,
  isPolkadotAddress,
  parsePolkadotAddress,
  POLKADOT_LOCAL_CAIP_NETWORK_ID,
  POLKADOT_NETWORKS,
  polkadotLocalNetwork,
  polkadotSystemAccountKey,
  toPolkadotAddress,
} from './polkadot.ts';

/** Alice of every Substrate dev chain (`//Alice`, sr25519): one key, three texts. */
const ALICE_KEY = '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d';
const ALICE_GENERIC = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const ALICE_POLKADOT = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5';
const ALICE_KUSAMA = 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F';

const DOT = POLKADOT_NETWORKS.polkadot.caipNetworkId;
const KSM = POLKADOT_NETWORKS.kusama.caipNetworkId;

describe('polkadot networks (@airlock/protocol/polkadot)', () => {
  it('derives each CAIP-2 id from the genesis hash @polkadot/networks knows, with its SS58 format', () => {
    expect(DOT).toBe('polkadot:91b171bb158e2d3848fa23a9f1c25182');
    expect(KSM).toBe('polkadot:b0a8d493285c2df73290dfb7e61f870f');
    expect(POLKADOT_NETWORKS.westend.caipNetworkId).toBe('polkadot:e143f23803ac50e8f6f8e62695d1ce9e');
    for (const key of ['polkadot', 'kusama', 'westend'] as const) {
      const known = selectableNetworks.find((n) => n.network === key);
      if (key !== 'westend') {
        expect(known?.genesisHash[0]).toBe(POLKADOT_NETWORKS[key].genesisHash);
        expect(known?.prefix).toBe(POLKADOT_NETWORKS[key].ss58Format);
      }
      expect(NetworkSchema.safeParse(POLKADOT_NETWORKS[key]).success).toBe(true);
    }
    const local = polkadotLocalNetwork('http://127.0.0.1:13005');
    expect(local.caipNetworkId).toBe(POLKADOT_LOCAL_CAIP_NETWORK_ID);
    expect(NetworkSchema.safeParse(local).success).toBe(true);
  });

  it('accepts an account in any SS58 format and shows it in the network’s own', () => {
    expect(parsePolkadotAddress(ALICE_GENERIC, DOT)).toEqual({
      ok: true,
      publicKey: ALICE_KEY,
      address: ALICE_POLKADOT,
      givenFormat: 42,
    });
    expect(parsePolkadotAddress(ALICE_POLKADOT, KSM)).toMatchObject({
      ok: true,
      address: ALICE_KUSAMA,
      givenFormat: 0,
    });
    expect(parsePolkadotAddress(ALICE_KUSAMA, DOT)).toMatchObject({
      ok: true,
      address: ALICE_POLKADOT,
      givenFormat: 2,
    });
    expect(isPolkadotAddress(ALICE_GENERIC, POLKADOT_LOCAL_CAIP_NETWORK_ID)).toBe(true);
    expect(toPolkadotAddress(ALICE_KEY, KSM)).toBe(ALICE_KUSAMA);
  });

  it('refuses a bad checksum, non-SS58 text, another format when strict, and unknown networks', () => {
    const tampered = `${ALICE_POLKADOT.slice(0, -1)}6`;
    expect(parsePolkadotAddress(tampered, DOT)).toEqual({ ok: false, error: 'checksum' });
    expect(parsePolkadotAddress('0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d', DOT)).toEqual({
      ok: false,
      error: 'format',
    });
    expect(parsePolkadotAddress('cosmos1jv65s3grqf6v6jl3dp4t6c9t9rk99cd88lyufl', DOT)).toMatchObject({
      error: 'format',
    });
    expect(parsePolkadotAddress(ALICE_KUSAMA, DOT, { strict: true })).toEqual({ ok: false, error: 'network' });
    expect(parsePolkadotAddress(ALICE_POLKADOT, DOT, { strict: true })).toMatchObject({ ok: true });
    expect(parsePolkadotAddress(ALICE_POLKADOT, 'polkadot:00000000000000000000000000000000')).toEqual({
      ok: false,
      error: 'unknown-network',
    });
  });
});

describe('polkadot System.Account storage (@airlock/protocol/polkadot)', () => {
  it('builds Alice’s real System.Account key and decodes an AccountInfo', () => {
    expect(polkadotSystemAccountKey(ALICE_KEY)).toBe(
      '0x26aa394eea5630e07c48ae0c9558cef7b99d880ec681799c0cf30e8886371da9de1e86a9a8c739864cf3cc5ec2bea59fd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d',
    );
    // nonce 7, consumers 1, providers 1, sufficients 0; free 1.5 DOT, reserved 2 planck, frozen 3 planck, flags.
    const le = (n: bigint, bytes: number) =>
      Array.from({ length: bytes }, (_, i) => ((n >> BigInt(8 * i)) & 0xffn).toString(16).padStart(2, '0')).join('');
    const info =
      `0x${le(7n, 4)}${le(1n, 4)}${le(1n, 4)}${le(0n, 4)}${le(15_000_000_000n, 16)}${le(2n, 16)}${le(3n, 16)}${le(1n << 127n, 16)}` as const;
    expect(decodePolkadotAccountInfo(info)).toEqual({ nonce: 7, free: 15_000_000_000n, reserved: 2n, frozen: 3n });
    expect(decodePolkadotAccountInfo(null)).toEqual({ nonce: 0, free: 0n, reserved: 0n, frozen: 0n });
    expect(() => decodePolkadotAccountInfo('0x00')).toThrow(/too short/);
  });
});

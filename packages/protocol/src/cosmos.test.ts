import { toBech32 } from '@cosmjs/encoding';
import { sha256 } from '@noble/hashes/sha2';
import { describe, expect, it } from 'vitest';
import { NetworkSchema } from './schemas.ts';
import {
  COSMOS_LOCAL_CAIP_NETWORK_ID,
  COSMOS_NETWORKS,
  cosmosBech32Prefix,
  cosmosLocalNetwork,
  isCosmosAddress,
  parseCosmosAddress,
} from './cosmos.ts';

const HUB = COSMOS_NETWORKS.cosmoshub.caipNetworkId;
const OSMOSIS = COSMOS_NETWORKS.osmosis.caipNetworkId;
/** A module account is the first 20 bytes of sha256(module name) (Cosmos SDK `authtypes.NewModuleAddress`). */
const moduleAddress = (name: string, prefix: string) =>
  toBech32(prefix, sha256(new TextEncoder().encode(name)).slice(0, 20));

describe('cosmos networks (@airlock/protocol/cosmos)', () => {
  it('predefines the Cosmos Hub, Osmosis, its testnet and the local network as valid spec §3 networks', () => {
    expect(HUB).toBe('cosmos:cosmoshub-4');
    expect(OSMOSIS).toBe('cosmos:osmosis-1');
    expect(COSMOS_NETWORKS.osmosisTestnet.caipNetworkId).toBe('cosmos:osmo-test-5');
    const local = cosmosLocalNetwork('http://127.0.0.1:13004');
    expect(local.caipNetworkId).toBe(COSMOS_LOCAL_CAIP_NETWORK_ID);
    for (const n of [...Object.values(COSMOS_NETWORKS), local]) expect(NetworkSchema.safeParse(n).success).toBe(true);
    expect(cosmosBech32Prefix(OSMOSIS)).toBe('osmo');
    expect(cosmosBech32Prefix('cosmos:juno-1')).toBeUndefined();
  });

  it('accepts the Cosmos Hub’s real module accounts and the same bytes on Osmosis under osmo', () => {
    // The distribution and fee-collector module accounts as the Hub's explorers show them.
    expect(moduleAddress('distribution', 'cosmos')).toBe('cosmos1jv65s3grqf6v6jl3dp4t6c9t9rk99cd88lyufl');
    expect(moduleAddress('fee_collector', 'cosmos')).toBe('cosmos17xpfvakm2amg962yls6f84z3kell8c5lserqta');
    const hub = parseCosmosAddress('cosmos1jv65s3grqf6v6jl3dp4t6c9t9rk99cd88lyufl', HUB);
    expect(hub).toMatchObject({ ok: true, prefix: 'cosmos' });
    expect(hub.ok && hub.data.length).toBe(20);
    expect(isCosmosAddress(moduleAddress('distribution', 'osmo'), OSMOSIS)).toBe(true);
    expect(isCosmosAddress('COSMOS1JV65S3GRQF6V6JL3DP4T6C9T9RK99CD88LYUFL', HUB)).toBe(true);
    // A 32-byte account (contract, interchain account) is an account too.
    expect(isCosmosAddress(toBech32('osmo', new Uint8Array(32).fill(9)), OSMOSIS)).toBe(true);
  });

  it('refuses another network’s prefix, a bad checksum, mixed case, odd lengths and unknown networks', () => {
    expect(parseCosmosAddress('cosmos1jv65s3grqf6v6jl3dp4t6c9t9rk99cd88lyufl', OSMOSIS)).toEqual({
      ok: false,
      error: 'network',
      prefix: 'cosmos',
    });
    expect(parseCosmosAddress('cosmos1jv65s3grqf6v6jl3dp4t6c9t9rk99cd88lyufm', HUB)).toEqual({
      ok: false,
      error: 'checksum',
    });
    expect(parseCosmosAddress('Cosmos1jv65s3grqf6v6jl3dp4t6c9t9rk99cd88lyufl', HUB)).toMatchObject({ error: 'format' });
    expect(parseCosmosAddress(toBech32('cosmos', new Uint8Array(21)), HUB)).toMatchObject({ error: 'format' });
    expect(parseCosmosAddress('0x9858EfFD232B4033E47d90003D41EC34EcaEda94', HUB)).toMatchObject({ error: 'format' });
    expect(parseCosmosAddress(42, HUB)).toMatchObject({ error: 'format' });
    // BIP-173's own vectors: a valid string whose 20 bytes sit under another prefix, and a tampered one.
    expect(parseCosmosAddress('abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw', HUB)).toMatchObject({
      error: 'network',
      prefix: 'abcdef',
    });
    expect(parseCosmosAddress('abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxx', HUB)).toMatchObject({
      error: 'checksum',
    });
    expect(parseCosmosAddress('cosmos1jv65s3grqf6v6jl3dp4t6c9t9rk99cd88lyufl', 'cosmos:juno-1')).toEqual({
      ok: false,
      error: 'unknown-network',
    });
  });
});

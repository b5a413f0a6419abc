import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIP122_NETWORKS as PROTOCOL_BIP122 } from '@airlock/protocol/bip122';
import { COSMOS_NETWORKS as PROTOCOL_COSMOS } from '@airlock/protocol/cosmos';
import { POLKADOT_NETWORKS as PROTOCOL_POLKADOT } from '@airlock/protocol/polkadot';
import { BIP122_NETWORKS } from './bitcoin/index.ts';
import { COSMOS_NETWORKS } from './cosmos/index.ts';
import { POLKADOT_NETWORKS } from './polkadot/index.ts';

describe('the predefined networks of the public entries (a dapp needs no @airlock/protocol)', () => {
  it('@airlock/host-sdk/bitcoin, /cosmos and /polkadot export the protocol predefined networks', () => {
    expect(BIP122_NETWORKS).toBe(PROTOCOL_BIP122);
    expect(COSMOS_NETWORKS).toBe(PROTOCOL_COSMOS);
    expect(POLKADOT_NETWORKS).toBe(PROTOCOL_POLKADOT);
    expect(COSMOS_NETWORKS.cosmoshub.caipNetworkId).toBe('cosmos:cosmoshub-4');
  });

  it("the protocol files they come from import nothing but the Network type (the entries' bundles stay small)", () => {
    for (const name of ['bip122Networks', 'cosmosNetworks', 'polkadotNetworks', 'solanaNetworks']) {
      const source = readFileSync(new URL(`../../../packages/protocol/src/${name}.ts`, import.meta.url), 'utf8');
      const imports = [...source.matchAll(/^import .*$/gm)].map((m) => m[0]);
      expect(imports, name).toEqual(["import type { Network } from './schemas.ts';"]);
    }
  });
});

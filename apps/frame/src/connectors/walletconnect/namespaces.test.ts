import { describe, expect, it } from 'vitest';
import type { Network } from '@airlock/protocol';
import { buildNamespaces } from './namespaces.ts';

const net = (chainNamespace: Network['chainNamespace'], id: string | number, rpc = 'http://127.0.0.1:8545'): Network =>
  ({
    id,
    name: `${chainNamespace} ${id}`,
    chainNamespace,
    caipNetworkId: `${chainNamespace}:${id}`,
    nativeCurrency: { name: 'X', symbol: 'X', decimals: 18 },
    rpcUrls: { default: { http: [rpc] } },
  }) as Network;

describe('buildNamespaces (spec §7)', () => {
  it('groups the configured networks per namespace, in order, with the eip155 rpcMap', () => {
    const ns = buildNamespaces([
      net('eip155', 31337, 'http://a'),
      net('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'),
      net('eip155', 31338, 'http://b'),
    ]);
    expect(Object.keys(ns)).toEqual(['eip155', 'solana']);
    expect(ns.eip155!.chains).toEqual(['eip155:31337', 'eip155:31338']);
    expect(ns.eip155!.rpcMap).toEqual({ '31337': 'http://a', '31338': 'http://b' });
    expect(ns.eip155!.methods).toEqual(
      expect.arrayContaining([
        'personal_sign',
        'eth_sendTransaction',
        'eth_signTypedData_v4',
        'wallet_switchEthereumChain',
      ]),
    );
    expect(ns.solana!.methods).toEqual(expect.arrayContaining(['solana_signMessage', 'solana_signTransaction']));
    expect(ns.solana!.rpcMap).toBeUndefined();
  });

  it('gives every namespace accountsChanged and chainChanged', () => {
    const ns = buildNamespaces([
      net('eip155', 1),
      net('bip122', '000000000019d6689c085ae165831e93'),
      net('polkadot', '91b171bb158e2d3848fa23a9f1c25182'),
      net('cosmos', 'cosmoshub-4'),
    ]);
    expect(Object.keys(ns).sort()).toEqual(['bip122', 'cosmos', 'eip155', 'polkadot']);
    for (const entry of Object.values(ns))
      expect(entry.events).toEqual(expect.arrayContaining(['accountsChanged', 'chainChanged']));
    expect(ns.cosmos!.methods).toContain('cosmos_signDirect');
    expect(ns.polkadot!.methods).toContain('polkadot_signTransaction');
  });

  it('lists a network configured twice once', () => {
    expect(buildNamespaces([net('eip155', 1), net('eip155', 1)]).eip155!.chains).toEqual(['eip155:1']);
  });
});

import { ok, type Result } from '@airlock/protocol';
import { COSMOS_NETWORKS } from '@airlock/protocol/cosmos';
import { describe, expect, it, vi } from 'vitest';
import type { HostClient } from '../../host/client.ts';
import { createCosmosConnector } from './connector.ts';

const ME = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7';
/** The same key's account under Osmosis's prefix (`toBech32('osmo', fromBech32(ME).data)`). */
const ME_ON_OSMOSIS = 'osmo15yk64u7zc9g9k2yr2wmzeva5qgwxps6ywful0v';
const wallet = { id: 'keplr', name: 'Keplr', icon: 'data:image/svg+xml,' };
const events = () => ({ onAccountsChanged: vi.fn(), onChainChanged: vi.fn(), onDisconnect: vi.fn() });

/** A host whose Keplr answers `getKey` with `address` (or the chain's in `byChain`), recording the bridged calls. */
const host = (address: string, byChain: Record<string, string> = {}) => {
  const calls: unknown[] = [];
  const extensionCall = vi.fn(async (_ext: string, _method: string, args: unknown[]): Promise<Result<unknown>> => {
    const [, request] = args as [string, { method: string; params: unknown[] }];
    calls.push(request);
    return request.method === 'getKey'
      ? ok({
          bech32Address: byChain[request.params[0] as string] ?? address,
          pubKey: new Uint8Array(33),
          algo: 'secp256k1',
        })
      : ok(undefined);
  });
  return { host: { extensionCall } as unknown as HostClient, calls };
};

describe('the Keplr-shaped page-wallet connector (connectors/cosmos/connector.ts)', () => {
  it('connects with enable([chainId]) then getKey(chainId) on the network asked for', async () => {
    const { host: h, calls } = host(ME);
    const connector = createCosmosConnector(wallet, h, events());
    expect(await connector.connect({ caipNetworkId: 'cosmos:airlock-local-1' })).toEqual({
      ok: true,
      value: { accounts: [ME], caipNetworkId: 'cosmos:airlock-local-1', name: 'Keplr', icon: wallet.icon },
    });
    expect(calls).toEqual([
      { method: 'enable', params: [['airlock-local-1']] },
      { method: 'getKey', params: ['airlock-local-1'] },
    ]);
  });

  it('connects nothing when the wallet answers an address of another network, or for an unknown network', async () => {
    const connector = createCosmosConnector(wallet, host(ME_ON_OSMOSIS).host, events());
    expect(await connector.connect({ caipNetworkId: 'cosmos:cosmoshub-4' })).toMatchObject({
      ok: false,
      error: { code: -32603 },
    });
    expect(await connector.request({ method: 'cosmos_getAccounts', params: [] }, 'cosmos:cosmoshub-4')).toMatchObject({
      ok: false,
      error: { code: 4100 },
    });
    const unknown = createCosmosConnector(wallet, host(ME).host, events());
    expect(await unknown.connect({ caipNetworkId: 'cosmos:juno-1' })).toMatchObject({
      ok: false,
      error: { code: 4901 },
    });
  });

  it('a switch to another cosmos network reads the key there and reports the new address', async () => {
    const seen = events();
    const connector = createCosmosConnector(wallet, host(ME, { 'osmosis-1': ME_ON_OSMOSIS }).host, seen);
    expect((await connector.connect({ caipNetworkId: 'cosmos:cosmoshub-4' })).ok).toBe(true);
    expect(await connector.switchNetwork(COSMOS_NETWORKS.osmosis)).toEqual({ ok: true, value: null });
    expect(seen.onAccountsChanged).toHaveBeenCalledWith([ME_ON_OSMOSIS]);
    expect(await connector.request({ method: 'cosmos_getAccounts', params: [] }, 'cosmos:osmosis-1')).toMatchObject({
      ok: true,
      value: [{ address: ME_ON_OSMOSIS }],
    });
  });
});

import { err, ok, type Result } from '@airlock/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { HostClient } from '../../host/client.ts';
import { cosmosChainInfo } from './chainInfo.ts';
import { createCosmosConnector } from './connector.ts';

const ME_ON_OSMOSIS = 'osmo15yk64u7zc9g9k2yr2wmzeva5qgwxps6ywful0v';
const wallet = { id: 'keplr', name: 'Keplr', icon: 'data:image/svg+xml,' };
const events = () => ({ onAccountsChanged: vi.fn(), onChainChanged: vi.fn(), onDisconnect: vi.fn() });

/**
 * A host whose Keplr lacks every chain until it is suggested (`enable` then fails with `lacking`,
 * Keplr's 'There is no chain info'), and whose `experimentalSuggestChain` answers `suggest`.
 */
const host = (lacking: Result<unknown>, suggest: Result<unknown> = ok(undefined)) => {
  const calls: { method: string; params: unknown[] }[] = [];
  const known = new Set<string>();
  const extensionCall = vi.fn(async (_ext: string, _method: string, args: unknown[]): Promise<Result<unknown>> => {
    const [, request] = args as [string, { method: string; params: unknown[] }];
    calls.push(request);
    if (request.method === 'experimentalSuggestChain') {
      if (suggest.ok) known.add((request.params[0] as { chainId: string }).chainId);
      return suggest;
    }
    if (request.method === 'enable')
      return (request.params[0] as string[]).every((id) => known.has(id)) ? ok(undefined) : lacking;
    return ok({ bech32Address: ME_ON_OSMOSIS, pubKey: new Uint8Array(33), algo: 'secp256k1' });
  });
  return { host: { extensionCall } as unknown as HostClient, calls };
};
const NO_CHAIN_INFO = err(4100, 'There is no chain info for osmosis-1');

describe('experimentalSuggestChain (connectors/cosmos/chainInfo.ts and connector.ts)', () => {
  it('builds the chain info from the frame’s own definition of the network; none for a network it does not define', () => {
    expect(cosmosChainInfo('cosmos:osmosis-1')).toMatchObject({
      chainId: 'osmosis-1',
      chainName: 'Osmosis',
      bip44: { coinType: 118 },
      bech32Config: {
        bech32PrefixAccAddr: 'osmo',
        bech32PrefixValAddr: 'osmovaloper',
        bech32PrefixConsPub: 'osmovalconspub',
      },
      currencies: [{ coinDenom: 'OSMO', coinMinimalDenom: 'uosmo', coinDecimals: 6 }],
      stakeCurrency: { coinMinimalDenom: 'uosmo' },
    });
    expect(cosmosChainInfo('cosmos:airlock-local-1')?.bech32Config.bech32PrefixAccAddr).toBe('cosmos');
    expect(cosmosChainInfo('cosmos:juno-1')).toBeNull();
    expect(cosmosChainInfo('constructor')).toBeNull();
  });

  it('the local network’s chain info names the LCD of the frame’s deployment (cosmosLocalLcdUrl), else the default port', async () => {
    const OFFSET_LCD = 'http://127.0.0.1:19003';
    expect(cosmosChainInfo('cosmos:airlock-local-1', OFFSET_LCD)).toMatchObject({ rest: OFFSET_LCD, rpc: OFFSET_LCD });
    expect(cosmosChainInfo('cosmos:airlock-local-1')?.rest).toBe('http://127.0.0.1:3003');
    // The connector suggests with the URL it was given (cosmos/index.ts passes the deployment's).
    const { host: h, calls } = host(NO_CHAIN_INFO);
    await createCosmosConnector(wallet, h, events(), OFFSET_LCD).connect({ caipNetworkId: 'cosmos:airlock-local-1' });
    expect(calls[1]).toMatchObject({ method: 'experimentalSuggestChain', params: [{ rest: OFFSET_LCD }] });
  });

  it('a wallet that lacks the network is suggested it, then enabled, then asked for its key', async () => {
    const { host: h, calls } = host(NO_CHAIN_INFO);
    const connector = createCosmosConnector(wallet, h, events());
    expect(await connector.connect({ caipNetworkId: 'cosmos:osmosis-1' })).toMatchObject({
      ok: true,
      value: { accounts: [ME_ON_OSMOSIS], caipNetworkId: 'cosmos:osmosis-1' },
    });
    expect(calls.map((c) => c.method)).toEqual(['enable', 'experimentalSuggestChain', 'enable', 'getKey']);
    expect(calls[1]!.params).toEqual([cosmosChainInfo('cosmos:osmosis-1')]);
  });

  it('suggests nothing after the visitor’s no (4001), nor on a reload’s quiet reconnect; a refused suggestion is the answer', async () => {
    const rejected = host(err(4001, 'Request rejected'));
    expect(
      await createCosmosConnector(wallet, rejected.host, events()).connect({ caipNetworkId: 'cosmos:osmosis-1' }),
    ).toMatchObject({ ok: false, error: { code: 4001 } });
    expect(rejected.calls.map((c) => c.method)).toEqual(['enable']);

    const quiet = host(NO_CHAIN_INFO);
    expect(await createCosmosConnector(wallet, quiet.host, events()).restore?.('cosmos:osmosis-1')).toBeNull();
    expect(quiet.calls.map((c) => c.method)).toEqual(['enable']);

    const refused = host(NO_CHAIN_INFO, err(4001, 'Request rejected'));
    expect(
      await createCosmosConnector(wallet, refused.host, events()).connect({ caipNetworkId: 'cosmos:osmosis-1' }),
    ).toMatchObject({ ok: false, error: { code: 4001 } });
    expect(refused.calls.map((c) => c.method)).toEqual(['enable', 'experimentalSuggestChain']);
  });
});

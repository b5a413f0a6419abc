import { afterEach, describe, expect, it, vi } from 'vitest';
import { BIP122_REGTEST_CAIP_NETWORK_ID, bip122RegtestNetwork } from '@airlock/protocol/bip122Networks';
import type { ApiCall, ApiClient } from '../../api/client.ts';
import { refreshBalance } from '../../actions/balance.ts';
import { recordConnection } from '../../actions/connection.ts';
import type { Connector } from '../../connectors/types.ts';
import { connectionOf } from '../../store/connection.ts';
import type { Frame } from '../../store/frame.ts';
import { announcement, createTestFrame, flush, testConfig } from '../../testing/testFrame.ts';
import { submitBip122Send } from './send.ts';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const wallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);

/**
 * A frame connected to ADDRESS on regtest whose provider API answers the balance `chain.btc` (as
 * the API's own chain reading would) and records every balance call with its `forceUpdate`.
 */
async function connected() {
  const chain = { btc: '0.5' };
  const balanceCalls: { forceUpdate: unknown; answered: string }[] = [];
  const api: ApiClient = {
    baseUrl: 'http://api.test',
    call: (async (call: ApiCall) => {
      if (call.path.endsWith('/balance')) {
        balanceCalls.push({ forceUpdate: call.query?.forceUpdate, answered: chain.btc });
        const quantity = { decimals: '8', numeric: chain.btc };
        return { balances: [{ name: 'Bitcoin', symbol: 'BTC', chainId: 'x', value: 0, price: 0, quantity }] };
      }
      if (call.path.endsWith('/history')) return { data: [], next: null };
      return {};
    }) as ApiClient['call'],
  };
  const config = { ...testConfig(), networks: [bip122RegtestNetwork('http://esplora.test')] };
  const { frame } = await createTestFrame({ start: false, api, config });
  recordConnection(
    frame,
    frame.connectors.injected(wallet),
    { accounts: [ADDRESS], caipNetworkId: BIP122_REGTEST_CAIP_NETWORK_ID, name: 'Dev Wallet', icon: wallet.icon },
    { silent: true },
  );
  await flush();
  return { frame, chain, balanceCalls };
}

let frames: Frame[] = [];
afterEach(() => {
  for (const f of frames) f.destroy();
  frames = [];
  vi.restoreAllMocks();
});

describe('the Bitcoin balance after a send (spec §9 balance cache 30 s)', () => {
  it("the post-send refresh reads past the API's balance cache and shows the new balance", async () => {
    const { frame, chain, balanceCalls } = await connected();
    frames.push(frame);
    await refreshBalance(frame);
    expect(connectionOf(frame.store.getState()).balance).toBe('0.5');
    const before = balanceCalls.length;
    // The wallet signs and broadcasts; the chain (and so the API) now knows the lower balance.
    const broadcast = vi.fn(async () => {
      chain.btc = '0.3';
      return { ok: true, value: { txid: 'ab'.repeat(32) } };
    });
    vi.spyOn(frame.connectors, 'active').mockReturnValue({ request: broadcast } as unknown as Connector);
    await submitBip122Send(frame, {
      psbt: new Uint8Array([0x70, 0x73, 0x62, 0x74]),
      signIndexes: [0],
      amount: 1n,
      fee: 1n,
      change: 0n,
      vsize: 1,
    });
    expect(broadcast).toHaveBeenCalledOnce();
    await flush();
    expect(connectionOf(frame.store.getState()).balance).toBe('0.3');
    // The header's forced read went to the API, with forceUpdate, not to the cached answer.
    expect(balanceCalls.slice(before)).toContainEqual({ forceUpdate: 'true', answered: '0.3' });
  });

  it("a forced refresh alone (no portfolio refresh clearing the cache first) is not answered from the API's cache", async () => {
    const { frame, chain, balanceCalls } = await connected();
    frames.push(frame);
    await refreshBalance(frame);
    chain.btc = '0.25';
    await refreshBalance(frame);
    expect(connectionOf(frame.store.getState()).balance).toBe('0.5');
    await refreshBalance(frame, { force: true });
    expect(connectionOf(frame.store.getState()).balance).toBe('0.25');
    expect(balanceCalls.at(-1)).toEqual({ forceUpdate: 'true', answered: '0.25' });
  });
});

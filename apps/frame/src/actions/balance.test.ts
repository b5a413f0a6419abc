import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_CACHE_MS } from '../api/cache.ts';
import type { ChainClient } from '../chain/balance.ts';
import { connectionOf } from '../store/connection.ts';
import type { Frame } from '../store/frame.ts';
import { announcement, createTestFrame, flush } from '../testing/testFrame.ts';
import { refreshBalance } from './balance.ts';
import { recordConnection } from './connection.ts';
import { refreshPortfolio } from './portfolio.ts';

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const wallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);

/** A frame connected to ALICE on eip155:31337 whose chain answers `figures[network]` and counts its reads. */
async function connected(figures: Record<string, string>) {
  const { frame } = await createTestFrame({ start: false });
  const reads: string[] = [];
  vi.spyOn(frame, 'chain').mockResolvedValue({
    readNativeBalance: async (network) => {
      reads.push(network.caipNetworkId);
      return figures[network.caipNetworkId] ?? '0';
    },
  } as Partial<ChainClient> as ChainClient);
  recordConnection(
    frame,
    frame.connectors.injected(wallet),
    { accounts: [ALICE], chainId: 31337, name: wallet.name, icon: wallet.icon },
    { silent: true },
  );
  await flush();
  return { frame, reads };
}

const shown = (frame: Frame) => connectionOf(frame.store.getState()).balance;

let frames: Frame[] = [];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(1_000_000);
});
afterEach(() => {
  vi.useRealTimers();
  for (const f of frames) f.destroy();
  frames = [];
});

describe('native balance cache (spec §9: 30 s, per chain and address, in the frame instance)', () => {
  it('a second refresh within 30 s shows the figure read before without reading; after 30 s it reads again', async () => {
    const figures = { 'eip155:31337': '1.5' };
    const { frame, reads } = await connected(figures);
    frames.push(frame);
    expect(reads).toEqual(['eip155:31337']);
    expect(shown(frame)).toBe('1.5');

    figures['eip155:31337'] = '2';
    vi.setSystemTime(1_000_000 + BALANCE_CACHE_MS - 1);
    await refreshBalance(frame);
    expect(reads).toHaveLength(1);
    expect(shown(frame)).toBe('1.5');

    vi.setSystemTime(1_000_000 + BALANCE_CACHE_MS);
    await refreshBalance(frame);
    expect(reads).toHaveLength(2);
    expect(shown(frame)).toBe('2');
  });

  it('force (a transaction seen mined) reads past the cache; a send, swap or purchase (refreshPortfolio) drops the entry', async () => {
    const figures = { 'eip155:31337': '1.5' };
    const { frame, reads } = await connected(figures);
    frames.push(frame);
    figures['eip155:31337'] = '1.4';
    await refreshBalance(frame, { force: true });
    expect(reads).toHaveLength(2);
    expect(shown(frame)).toBe('1.4');

    figures['eip155:31337'] = '1.3';
    await refreshPortfolio(frame);
    await refreshBalance(frame);
    expect(reads).toHaveLength(3);
    expect(shown(frame)).toBe('1.3');
  });

  it('a network switch reads the network switched to afresh; each network keeps its own entry', async () => {
    const figures = { 'eip155:31337': '1.5', 'eip155:31338': '7' };
    const { frame, reads } = await connected(figures);
    frames.push(frame);
    const { switchNetwork } = await import('./switchNetwork.ts');
    await switchNetwork(frame, 'eip155:31338');
    await flush();
    expect(shown(frame)).toBe('7');
    // Funded meanwhile (a faucet): switching back shows the new figure, not the one cached before.
    figures['eip155:31337'] = '2';
    await switchNetwork(frame, 'eip155:31337');
    await flush();
    expect(shown(frame)).toBe('2');
    expect(reads).toEqual(['eip155:31337', 'eip155:31338', 'eip155:31337']);
    // The modal opened again within 30 s: the cached figure of this network, no read.
    await refreshBalance(frame);
    expect(reads).toHaveLength(3);
    expect(frame.caches.nativeBalances.get(`eip155:31338:${ALICE}`)).toBe('7');
    expect(frame.caches.nativeBalances.get(`eip155:31337:${ALICE}`)).toBe('2');
  });

  it('a cached figure shown meanwhile does not drop a forced read still running (a switch, then the modal opening)', async () => {
    const figures = { 'eip155:31337': '1.5' };
    const { frame } = await connected(figures);
    frames.push(frame);
    figures['eip155:31337'] = '2';
    const forced = refreshBalance(frame, { force: true });
    await refreshBalance(frame);
    expect(shown(frame)).toBe('1.5');
    await forced;
    expect(shown(frame)).toBe('2');
  });

  it('a failed read is not cached: the next refresh reads again', async () => {
    const { frame, reads } = await connected({});
    frames.push(frame);
    const chain = vi.spyOn(frame, 'chain').mockResolvedValue({
      readNativeBalance: async () => {
        reads.push('failed');
        throw new Error('rpc down');
      },
    } as Partial<ChainClient> as ChainClient);
    frame.caches.nativeBalances.clear();
    await refreshBalance(frame);
    expect(connectionOf(frame.store.getState()).balanceUnavailable).toBe(true);
    chain.mockResolvedValue({ readNativeBalance: async () => '3' } as Partial<ChainClient> as ChainClient);
    await refreshBalance(frame);
    expect(shown(frame)).toBe('3');
  });

  it('two frames on one page keep their own caches (no module state)', async () => {
    const a = await connected({ 'eip155:31337': '1.5' });
    const b = await connected({ 'eip155:31337': '9' });
    frames.push(a.frame, b.frame);
    expect(shown(a.frame)).toBe('1.5');
    expect(shown(b.frame)).toBe('9');
    expect(b.reads).toHaveLength(1);
  });
});

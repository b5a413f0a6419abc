// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { announceWidget } from './announce.ts';
import { registerAirlockWallet } from './solana/wallet.ts';
import type { SolanaProvider } from './solana/provider.ts';
import type { EIP6963ProviderDetail } from './discovery.ts';
import type { EIP1193Provider } from './provider.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const provider = { request: async () => null } as unknown as EIP1193Provider;

/** Every `eip6963:announceProvider` detail dispatched while the test runs. */
const heard: EIP6963ProviderDetail[] = [];
const listen = (e: Event) => heard.push((e as CustomEvent<EIP6963ProviderDetail>).detail);
addEventListener('eip6963:announceProvider', listen);
const stops: (() => void)[] = [];
afterEach(() => {
  stops.splice(0).forEach((f) => f());
  heard.length = 0;
});

describe('EIP-6963 self-announcement', () => {
  it('announces at once a frozen { info, provider } with a UUID v4, the default name, rdns and a data: icon', () => {
    stops.push(announceWidget(provider));
    expect(heard).toHaveLength(1);
    const [detail] = heard;
    expect(detail!.provider).toBe(provider);
    expect(detail!.info).toMatchObject({ name: 'Airlock', rdns: 'xyz.airlock' });
    expect(detail!.info.uuid).toMatch(UUID_V4);
    expect(detail!.info.icon).toMatch(/^data:image\/svg\+xml,/);
    expect(Object.isFrozen(detail)).toBe(true);
  });

  it('draws its default icon at any size: a square viewBox the mark fills (EIP-6963 pickers and the Wallet Standard scale it)', () => {
    stops.push(announceWidget(provider));
    const solana = registerAirlockWallet(() => ({}) as unknown as SolanaProvider);
    stops.push(solana.stop);
    for (const icon of [heard[0]!.info.icon, solana.wallet.icon]) {
      const svg = new DOMParser().parseFromString(
        decodeURIComponent(icon.slice(icon.indexOf(',') + 1)),
        'image/svg+xml',
      ).documentElement;
      const box = (svg.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
      expect(box).toHaveLength(4);
      expect(box[2]).toBeGreaterThan(0);
      expect(box[2]).toBe(box[3]);
      // The whole box is painted: the root's own background (a real Chromium draws it in an <img> tile).
      expect(svg.getAttribute('style')).toMatch(/^background:#/);
    }
  });

  it('answers every eip6963:requestProvider with the same detail, until stop()', () => {
    const stop = announceWidget(provider);
    dispatchEvent(new Event('eip6963:requestProvider'));
    dispatchEvent(new Event('eip6963:requestProvider'));
    expect(heard).toHaveLength(3);
    expect(new Set(heard).size).toBe(1);
    stop();
    dispatchEvent(new Event('eip6963:requestProvider'));
    expect(heard).toHaveLength(3);
  });

  it('takes the dapp’s rdns, name and icon over the defaults', () => {
    const icon = 'data:image/png;base64,iVBORw0KGgo=';
    stops.push(announceWidget(provider, { rdns: 'com.example.wallet', name: 'Example', icon }));
    expect(heard[0]!.info).toMatchObject({ rdns: 'com.example.wallet', name: 'Example', icon });
  });

  it('gives each widget its own uuid', () => {
    stops.push(announceWidget(provider), announceWidget(provider));
    expect(heard[0]!.info.uuid).not.toBe(heard[1]!.info.uuid);
  });
});

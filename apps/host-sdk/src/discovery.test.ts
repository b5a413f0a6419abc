// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { discoverWallets, type EIP6963ProviderDetail } from './discovery.ts';

const detail = (uuid: string, name: string): EIP6963ProviderDetail => ({
  info: { uuid, name, icon: 'data:image/svg+xml,<svg/>', rdns: `test.${name.toLowerCase()}` },
  provider: { request: async () => null },
});
const announce = (d: EIP6963ProviderDetail) =>
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze(d) }));

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

describe('EIP-6963 discovery', () => {
  it('hears a wallet that answers requestProvider synchronously (listener added before the request)', () => {
    const wallet = detail('11111111-1111-4111-8111-111111111111', 'Sync');
    const answer = () => announce(wallet);
    window.addEventListener('eip6963:requestProvider', answer);
    cleanups.push(() => window.removeEventListener('eip6963:requestProvider', answer));
    const d = discoverWallets(
      () => {},
      () => false,
    );
    cleanups.push(d.stop);
    expect([...d.wallets.keys()]).toEqual([wallet.info.uuid]);
  });

  it('keeps listening for late announcements and dedupes by info.uuid', () => {
    const seen: string[] = [];
    const d = discoverWallets(
      (w) => seen.push(w.info.name),
      () => false,
    );
    cleanups.push(d.stop);
    announce(detail('22222222-2222-4222-8222-222222222222', 'Late'));
    announce(detail('22222222-2222-4222-8222-222222222222', 'Late again'));
    announce(detail('33333333-3333-4333-8333-333333333333', 'Other'));
    expect(seen).toEqual(['Late', 'Other']);
    expect([...d.wallets.values()].map((w) => w.info.name)).toEqual(['Late', 'Other']);
  });

  it('ignores announcements without info.uuid and stops listening after stop()', () => {
    const seen: string[] = [];
    const d = discoverWallets(
      (w) => seen.push(w.info.name),
      () => false,
    );
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: {} } }));
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider'));
    d.stop();
    announce(detail('44444444-4444-4444-8444-444444444444', 'After stop'));
    expect(seen).toEqual([]);
    expect(d.wallets.size).toBe(0);
  });

  it('never lists the widget’s own announcement (isOwn), whatever its uuid', () => {
    const own = detail('55555555-5555-4555-8555-555555555555', 'Airlock');
    const d = discoverWallets(
      () => {},
      (p) => p === own.provider,
    );
    cleanups.push(d.stop);
    announce(own);
    announce(detail('66666666-6666-4666-8666-666666666666', 'Page wallet'));
    expect([...d.wallets.values()].map((w) => w.info.name)).toEqual(['Page wallet']);
  });
});

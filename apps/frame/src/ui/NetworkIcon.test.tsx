// @vitest-environment happy-dom
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Network } from '@airlock/protocol';
import { BIP122_NETWORKS, BIP122_REGTEST_CAIP_NETWORK_ID } from '@airlock/protocol/bip122';
import { COSMOS_LOCAL_CAIP_NETWORK_ID, COSMOS_NETWORKS } from '@airlock/protocol/cosmos';
import { POLKADOT_LOCAL_CAIP_NETWORK_ID, POLKADOT_NETWORKS } from '@airlock/protocol/polkadot';
import { SOLANA_NETWORKS } from '@airlock/protocol/solana';
import { solanaLocalNetwork } from '../../../../scripts/ports.mjs';
import { NetworkIcon } from './NetworkIcon.tsx';
import { NETWORK_LOGOS, networkLogo } from './networkLogos.ts';

const network = (caipNetworkId: string, name: string, imageUrl?: string): Network => {
  const [chainNamespace, id] = caipNetworkId.split(':') as [Network['chainNamespace'], string];
  return {
    id: chainNamespace === 'eip155' ? Number(id) : id,
    name,
    chainNamespace,
    caipNetworkId: caipNetworkId as Network['caipNetworkId'],
    nativeCurrency: { name: 'Coin', symbol: 'C', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
    ...(imageUrl ? { assets: { imageUrl } } : {}),
  };
};

afterEach(cleanup);

describe('NetworkIcon', () => {
  it("shows the frame's own mark of a well-known network, even when the page names another image", () => {
    const { container } = render(<NetworkIcon network={network('eip155:1', 'Ethereum', 'https://evil.test/x.svg')} />);
    const img = container.querySelector('img')!;
    expect(img.dataset.logo).toBe('frame');
    expect(img.getAttribute('src')).toBe(NETWORK_LOGOS['eip155:1']!.url);
    expect(img.getAttribute('src')).toMatch(/ethereum\.svg/);
    expect(screen.queryByTestId('network-badge')).toBeNull();
  });

  it('a local chain borrows its parent mark with a letter badge (Anvil A / B, Solana Local)', () => {
    render(<NetworkIcon network={network('eip155:31338', 'Anvil B')} />);
    expect(screen.getByTestId('network-badge').dataset.badge).toBe('B');
    cleanup();
    const { container } = render(<NetworkIcon network={solanaLocalNetwork('http://127.0.0.1:8899') as Network} />);
    expect(container.querySelector('img')!.getAttribute('src')).toMatch(/solana\.svg/);
    expect(screen.getByTestId('network-badge').dataset.badge).toBe('L');
  });

  it("shows the page's assets.imageUrl for a network the frame has no mark for", () => {
    const { container } = render(<NetworkIcon network={network('eip155:999', 'Custom', 'https://img.test/c.png')} />);
    const img = container.querySelector('img')!;
    expect(img.dataset.logo).toBe('page');
    expect(img.getAttribute('src')).toBe('https://img.test/c.png');
  });

  it('falls back to the coloured initial when the image fails to load, or when there is none', () => {
    const { container } = render(<NetworkIcon network={network('eip155:1', 'Ethereum')} />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('network-initial').textContent).toBe('E');
    cleanup();
    // A badged mark that fails loses its badge too.
    const badged = render(<NetworkIcon network={network('eip155:31337', 'Anvil A')} />);
    fireEvent.error(badged.container.querySelector('img')!);
    expect(screen.queryByTestId('network-badge')).toBeNull();
    expect(screen.getByTestId('network-initial').textContent).toBe('A');
    cleanup();
    render(<NetworkIcon network={network('eip155:999', 'Custom', 'javascript:alert(1)')} />);
    expect(screen.getByTestId('network-initial').textContent).toBe('C');
  });

  it('has a mark for every predefined network of the protocol but Kusama, each an SVG file with a viewBox', () => {
    const predefined = [
      ...Object.values(SOLANA_NETWORKS),
      ...Object.values(BIP122_NETWORKS),
      ...Object.values(COSMOS_NETWORKS),
      ...Object.values(POLKADOT_NETWORKS),
    ].map((n) => n.caipNetworkId);
    const local = [
      BIP122_REGTEST_CAIP_NETWORK_ID,
      COSMOS_LOCAL_CAIP_NETWORK_ID,
      POLKADOT_LOCAL_CAIP_NETWORK_ID,
      solanaLocalNetwork('http://127.0.0.1:8899').caipNetworkId,
    ];
    for (const id of [...predefined, ...local]) {
      if (id === POLKADOT_NETWORKS.kusama.caipNetworkId) expect(networkLogo(id)).toBeUndefined();
      else expect(networkLogo(id), id).toBeDefined();
    }
    for (const id of local) expect(networkLogo(id)?.badge, id).toMatch(/^[A-Z]$/);
    const dir = join(import.meta.dirname, '../../../../packages/network-logos/src/logos/');
    for (const { url } of Object.values(NETWORK_LOGOS)) {
      const file = `${dir}${url.split('/').pop()!.split('?')[0]}`;
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    }
    expect(networkLogo('eip155:424242')).toBeUndefined();
    expect(networkLogo('__proto__')).toBeUndefined();
  });
});

// @vitest-environment happy-dom
import { NETWORK_LOGOS } from '@airlock/network-logos';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingApproval } from '../approval/queue.ts';
import { Details } from './Details.tsx';

afterEach(cleanup);

/** A message approval on `caipNetworkId`, named by the deployment when `networkName` is given. */
function approval(caipNetworkId: string, networkName?: string): PendingApproval {
  return {
    id: '1',
    method: 'personal_sign',
    details: { title: 'Sign message', fields: [], message: 'hello' },
    dappOrigin: 'https://app.example.com',
    caipNetworkId,
    ...(networkName ? { networkName } : {}),
  };
}

describe('the approval’s network mark', () => {
  it("shows a well-known network's mark from the secure frame's own build, decorative, beside its name", () => {
    render(<Details approval={approval('eip155:1')} />);
    const mark = screen.getByTestId('network-mark') as HTMLImageElement;
    expect(mark.getAttribute('src')).toBe(NETWORK_LOGOS['eip155:1']?.url);
    expect(mark.getAttribute('src')).toMatch(/ethereum\.svg/);
    expect(mark.getAttribute('alt')).toBe('');
    expect(mark.dataset.logo).toBe('secure-frame');
    expect(screen.getByTestId('approval-network').textContent).toBe('Ethereum (eip155:1)');
    expect(screen.queryByTestId('network-initial')).toBeNull();
  });

  it("draws a local chain's mark with its badge letter", () => {
    render(<Details approval={approval('eip155:31338')} />);
    expect(screen.getByTestId('network-mark').getAttribute('src')).toMatch(/ethereum\.svg/);
    expect(screen.getByTestId('network-badge').dataset.badge).toBe('B');
  });

  it("shows the trusted name's initial for a network without a mark, and never an image", () => {
    render(<Details approval={approval('eip155:424242', 'Zeta Testnet')} />);
    expect(screen.queryByTestId('network-mark')).toBeNull();
    const initial = screen.getByTestId('network-initial');
    expect(initial.textContent).toBe('Z');
    expect(initial.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('approval-network').textContent).toBe('Zeta Testnet (eip155:424242)');
  });
});

// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { caches } from '../api/blockchain.ts';
import { setApiClientForTests } from '../api/instance.ts';
import { useAccountStore } from '../stores/account.ts';
import { useNetworkStore } from '../stores/network.ts';
import { initialPortfolio, usePortfolioStore } from '../stores/portfolio.ts';
import { initialSend, useSendStore } from '../stores/send.ts';
import { useToastStore } from '../stores/toast.ts';
import { AccountTabs } from './AccountTabs.tsx';
import { SendView } from './SendView.tsx';

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const chain = 'eip155:31337';

function serve(routes: Record<string, () => Response>) {
  setApiClientForTests(
    createApiClient({
      baseUrl: 'http://api.test',
      projectId: 'p',
      sleep: async () => {},
      fetch: (async (input: RequestInfo | URL) => {
        const path = new URL(String(input)).pathname;
        const route = Object.entries(routes).find(([suffix]) => path.endsWith(suffix));
        if (!route) return new Response('{"message":"nope"}', { status: 404 });
        return route[1]();
      }) as typeof fetch,
    }),
  );
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

beforeEach(() => {
  caches.balances.clear();
  caches.balanceFailures.clear();
  usePortfolioStore.setState({ ...initialPortfolio });
  useSendStore.setState({ ...initialSend });
  useToastStore.setState({ open: false, message: '' });
  useAccountStore.setState({ address, caipAddress: `${chain}:${address}` });
  useNetworkStore.setState({ caipNetworkId: chain });
});
afterEach(() => {
  cleanup();
  setApiClientForTests(undefined);
});

describe('Account tabs (spec §2)', () => {
  it('Tokens shows symbol, quantity floored to 3 decimals and value, without 0-decimal tokens', async () => {
    serve({
      '/balance': () =>
        json({
          balances: [
            { name: 'Dev Token', symbol: 'DEV', chainId: chain, address: `${chain}:0x5FbDB2315678afecb367f032d93F642f64180aa3`, value: 2.5, price: 2.5, quantity: { decimals: '18', numeric: '1.23456' } },
            { name: 'Points', symbol: 'PTS', chainId: chain, address: `${chain}:0x1111111111111111111111111111111111111111`, value: 0, price: 0, quantity: { decimals: '0', numeric: '3' } },
          ],
        }),
    });
    render(<AccountTabs />);
    await settle();
    const rows = screen.getAllByTestId('token-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('DEV');
    expect(rows[0]!.textContent).toContain('1.234');
    expect(rows[0]!.textContent).toContain('$2.50');
  });

  it("a failed balance call shows the 'Token Balance Unavailable' toast", async () => {
    serve({ '/balance': () => json({ message: 'boom' }, 500) });
    render(<AccountTabs />);
    await settle();
    expect(useToastStore.getState()).toMatchObject({ open: true, message: 'Token Balance Unavailable', variant: 'error' });
  });

  it("Activity: a failed fetch gives 'Failed to fetch transactions' and an empty list", async () => {
    serve({ '/balance': () => json({ balances: [] }), '/history': () => json({ message: 'boom' }, 400) });
    render(<AccountTabs />);
    await settle();
    fireEvent.click(screen.getByRole('tab', { name: 'Activity' }));
    await settle();
    expect(screen.getByText('Failed to fetch transactions')).toBeTruthy();
    expect(screen.queryAllByTestId('activity-item')).toHaveLength(0);
  });
});

describe('Activity paging (spec §4 next cursor)', () => {
  it('Load more fetches the next page by cursor and appends it', async () => {
    const item = (id: string, minedAt: string) => ({
      id,
      metadata: { operationType: 'receive', hash: id, minedAt, sentFrom: '0x1', sentTo: address, status: 'confirmed', chain },
      transfers: [{ fungible_info: { symbol: 'DEV' }, direction: 'in', quantity: { numeric: id } }],
    });
    const cursors: (string | null)[] = [];
    setApiClientForTests(
      createApiClient({
        baseUrl: 'http://api.test',
        projectId: 'p',
        sleep: async () => {},
        fetch: (async (input: RequestInfo | URL) => {
          const url = new URL(String(input));
          if (url.pathname.endsWith('/balance')) return json({ balances: [] });
          cursors.push(url.searchParams.get('cursor'));
          return url.searchParams.get('cursor') === 'c2'
            ? json({ data: [item('1', '2026-01-01T00:00:00Z')], next: null })
            : json({ data: [item('3', '2026-02-02T00:00:00Z'), item('2', '2026-02-01T00:00:00Z')], next: 'c2' });
        }) as typeof fetch,
      }),
    );
    usePortfolioStore.setState({ tab: 'activity' });
    render(<AccountTabs />);
    await settle();
    expect(screen.getAllByTestId('activity-item').map((e) => e.textContent)).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await settle();
    expect(cursors).toEqual([null, 'c2']);
    expect(screen.getAllByTestId('activity-item')).toHaveLength(3);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['February 2026', 'January 2026']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('Send view (spec §5)', () => {
  it('shows the check message and keeps what was typed', async () => {
    serve({ '/balance': () => json({ balances: [] }) });
    render(<SendView />);
    await settle();
    fireEvent.change(screen.getByLabelText('Receiver address'), { target: { value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await settle();
    expect((await screen.findByTestId('send-error', {}, { timeout: 5000 })).textContent).toBe('An amount and receiver address are required');
    expect((screen.getByLabelText('Receiver address') as HTMLInputElement).value).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  });
});

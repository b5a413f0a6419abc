// @vitest-environment happy-dom
import { afterPaint } from '../core/afterPaint.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { recordConnection } from '../actions/connection.ts';
import { createApiClient, type ApiClient } from '../api/client.ts';
import type { Frame } from '../store/frame.ts';
import { FrameProvider } from '../core/react.ts';
import { announcement, createTestFrame } from '../testing/testFrame.ts';
import { AccountTabs } from './AccountTabs.tsx';
import { SendView } from './SendView.tsx';

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const chain = 'eip155:31337';

let api: ApiClient | null = null;
let frame: Frame;
const wallet = announcement('Dev Wallet', 'dev.airlock.wallet', 1);

/** Renders `node` inside a connected frame that uses the API client of the last {@link serve}. */
async function renderWith(node: ReactNode, setup: (f: Frame) => void = () => {}) {
  ({ frame } = await createTestFrame({ api, start: false }));
  recordConnection(
    frame,
    frame.connectors.injected(wallet),
    { accounts: [address], chainId: 31337, name: wallet.name, icon: wallet.icon },
    { silent: true },
  );
  // The views load their lists while the modal is open.
  frame.store.setState((s) => ({ modal: { ...s.modal, open: true } }));
  setup(frame);
  return render(<FrameProvider frame={frame}>{node}</FrameProvider>);
}

function serve(routes: Record<string, () => Response>) {
  api = createApiClient({
    baseUrl: 'http://api.test',
    projectId: 'p',
    sleep: async () => {},
    fetch: (async (input: RequestInfo | URL) => {
      const path = new URL(String(input)).pathname;
      const route = Object.entries(routes).find(([suffix]) => path.endsWith(suffix));
      if (!route) return new Response('{"message":"nope"}', { status: 404 });
      return route[1]();
    }) as typeof fetch,
  });
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
/** The tabs load after the open modal is painted (core/afterPaint.ts): wait for that, then a task. */
const settle = () =>
  act(async () => {
    await new Promise<void>((r) => afterPaint(r));
    await new Promise((r) => setTimeout(r, 0));
  });

beforeEach(() => {
  api = null;
});
afterEach(() => {
  cleanup();
  frame?.destroy();
});

describe('Account tabs (spec §2)', () => {
  it('Tokens shows symbol, quantity floored to 3 decimals and value, without 0-decimal tokens', async () => {
    serve({
      '/balance': () =>
        json({
          balances: [
            {
              name: 'Dev Token',
              symbol: 'DEV',
              chainId: chain,
              address: `${chain}:0x5FbDB2315678afecb367f032d93F642f64180aa3`,
              value: 2.5,
              price: 2.5,
              quantity: { decimals: '18', numeric: '1.23456' },
            },
            {
              name: 'Points',
              symbol: 'PTS',
              chainId: chain,
              address: `${chain}:0x1111111111111111111111111111111111111111`,
              value: 0,
              price: 0,
              quantity: { decimals: '0', numeric: '3' },
            },
          ],
        }),
    });
    await renderWith(<AccountTabs />);
    await settle();
    const rows = screen.getAllByTestId('token-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('DEV');
    expect(rows[0]!.textContent).toContain('1.234');
    expect(rows[0]!.textContent).toContain('$2.50');
  });

  it("a failed balance call shows the 'Token Balance Unavailable' toast", async () => {
    serve({ '/balance': () => json({ message: 'boom' }, 500) });
    await renderWith(<AccountTabs />);
    await settle();
    expect(frame.store.getState().toast).toMatchObject({
      open: true,
      message: 'Token Balance Unavailable',
      variant: 'error',
    });
  });

  it("Activity: a failed fetch gives 'Failed to fetch transactions' and an empty list", async () => {
    serve({ '/balance': () => json({ balances: [] }), '/history': () => json({ message: 'boom' }, 400) });
    await renderWith(<AccountTabs />);
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
      metadata: {
        operationType: 'receive',
        hash: id,
        minedAt,
        sentFrom: '0x1',
        sentTo: address,
        status: 'confirmed',
        chain,
      },
      transfers: [{ fungible_info: { symbol: 'DEV' }, direction: 'in', quantity: { numeric: id } }],
    });
    const cursors: (string | null)[] = [];
    api = createApiClient({
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
    });
    await renderWith(<AccountTabs />, (f) =>
      f.store.setState((s) => ({ portfolio: { ...s.portfolio, tab: 'activity' } })),
    );
    await settle();
    expect(screen.getAllByTestId('activity-item').map((e) => e.textContent)).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await settle();
    expect(cursors).toEqual([null, 'c2']);
    expect(screen.getAllByTestId('activity-item')).toHaveLength(3);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'February 2026',
      'January 2026',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("shows a recent item's time relative ('2 min ago') with the local date and time on hover", async () => {
    const minedAt = new Date(Date.now() - 2 * 60_000 - 5_000).toISOString();
    serve({
      '/balance': () => json({ balances: [] }),
      '/history': () =>
        json({
          data: [
            {
              id: 'a',
              metadata: {
                operationType: 'receive',
                hash: 'a',
                minedAt,
                sentFrom: '0x1',
                sentTo: address,
                status: 'confirmed',
                chain,
              },
              transfers: [{ fungible_info: { symbol: 'DEV' }, direction: 'in', quantity: { numeric: '1' } }],
            },
          ],
          next: null,
        }),
    });
    await renderWith(<AccountTabs />, (f) =>
      f.store.setState((s) => ({ portfolio: { ...s.portfolio, tab: 'activity' } })),
    );
    await settle();
    const time = screen.getByTestId('activity-item').querySelector('time')!;
    expect(time.textContent).toBe('2 min ago');
    expect(time.getAttribute('title')).toContain(new Date(minedAt).toLocaleString('en-US', { timeStyle: 'short' }));
  });
});

describe('Send view (spec §5)', () => {
  it('shows every check message at once and keeps what was typed', async () => {
    serve({ '/balance': () => json({ balances: [] }) });
    await renderWith(<SendView />);
    await settle();
    fireEvent.change(screen.getByLabelText('Receiver address'), {
      target: { value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await settle();
    await screen.findByTestId('send-errors', {}, { timeout: 5000 });
    expect(screen.getAllByTestId('send-error').map((e) => e.textContent)).toEqual([
      'An amount and receiver address are required',
      'A token is required',
    ]);
    expect((screen.getByLabelText('Receiver address') as HTMLInputElement).value).toBe(
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    );
  });
});

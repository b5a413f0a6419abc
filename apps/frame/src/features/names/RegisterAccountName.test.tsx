// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { recordConnection } from '../../actions/connection.ts';
import { walletFeatures } from '../../actions/walletFeatures.ts';
import { createApiClient } from '../../api/client.ts';
import type { Frame } from '../../store/frame.ts';
import { FrameProvider, useFrameState } from '../../core/react.ts';
import { topRoute } from '../../store/routes.ts';
import { ACCOUNT_0, announcement, createTestFrame } from '../../testing/testFrame.ts';
import { CurrentView } from '../../views/CurrentView.tsx';

const wallet = announcement('Embedded', 'dev.airlock.embedded', 7);
let frame: Frame;

type Call = { method: string; path: string; body: unknown };

/** A frame connected through a page wallet whose connector type is set to `type` (AUTH = the embedded wallet's). */
async function connectedFrame(type: 'AUTH' | 'ANNOUNCED', answer: (call: Call) => Response, calls: Call[] = []) {
  const api = createApiClient({
    baseUrl: 'http://api.test',
    projectId: 'p',
    sleep: async () => {},
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        path: new URL(String(input)).pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return answer(call);
    }) as typeof fetch,
  });
  ({ frame } = await createTestFrame({ api, start: false, wallets: [wallet] }));
  recordConnection(
    frame,
    frame.connectors.injected(wallet),
    { accounts: [ACCOUNT_0], chainId: 31337, name: wallet.name, icon: wallet.icon },
    { silent: true },
  );
  frame.store.setState((s) => ({
    connections: { ...s.connections, list: s.connections.list.map((c) => ({ ...c, type: type as 'ANNOUNCED' })) },
    modal: { ...s.modal, open: true, stack: [{ view: 'Account' }, { view: 'RegisterAccountName' }] },
  }));
  return calls;
}

function View() {
  const route = useFrameState((s) => topRoute(s.modal.stack));
  return <CurrentView route={route} />;
}
const show = () => render(<FrameProvider frame={frame}>{<View />}</FrameProvider>);
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const suggestions = (path: string) =>
  path.startsWith('/v1/profile/suggestions/')
    ? json({
        suggestions: [
          { name: 'alice.reown.id', registered: false },
          { name: 'alice1.reown.id', registered: true },
        ],
      })
    : json({ name: null, avatar: null });

afterEach(() => {
  cleanup();
  frame?.destroy();
});

describe('name registration gate (spec §6)', () => {
  it('offers Choose a name only with the auth connector, after the spec §1 wallet features', async () => {
    await connectedFrame('ANNOUNCED', () => json({}));
    frame.store.setState((s) => ({
      features: { ...s.features, features: { ...s.features.features, swaps: true, onramp: true } },
    }));
    expect(walletFeatures(frame.store.getState(), frame.config)).toEqual(['onramp', 'swaps', 'receive', 'send']);
    frame.store.setState((s) => ({
      connections: { ...s.connections, list: s.connections.list.map((c) => ({ ...c, type: 'AUTH' as const })) },
    }));
    expect(walletFeatures(frame.store.getState(), frame.config)).toEqual([
      'onramp',
      'swaps',
      'receive',
      'send',
      'name',
    ]);
  });

  it('the view refuses without the auth connector', async () => {
    await connectedFrame('ANNOUNCED', () => json({}));
    show();
    expect(await screen.findByTestId('name-error', {}, { timeout: 5000 })).toHaveProperty(
      'textContent',
      'Address or auth connector not found',
    );
  });
});

describe('RegisterAccountName (spec §2, §5, §7, §8)', () => {
  it('checks the spec §5 rule as the visitor types, without asking the API', async () => {
    const calls = await connectedFrame('AUTH', ({ path }) => suggestions(path));
    show();
    const input = await screen.findByLabelText('Account name', {}, { timeout: 5000 });
    fireEvent.change(input, { target: { value: 'ab_c' } });
    expect(screen.getByTestId('name-rule').textContent).toBe(
      'Account name: letters, digits, hyphens only, at least 4 characters',
    );
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(screen.getByTestId('name-rule')).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(calls.filter((c) => c.path.includes('/suggestions/'))).toHaveLength(0);
  });

  it('suggests as the visitor types, signs the spec §7 message with the wallet and registers', async () => {
    const calls = await connectedFrame('AUTH', ({ path, method }) =>
      method === 'POST' ? json({ success: true, name: 'alice.reown.id' }) : suggestions(path),
    );
    show();
    fireEvent.change(await screen.findByLabelText('Account name', {}, { timeout: 5000 }), {
      target: { value: 'Alice' },
    });
    const register = await screen.findByRole('button', { name: 'Register alice.reown.id' }, { timeout: 5000 });
    expect(screen.getAllByTestId('name-suggestion').map((e) => e.textContent)).toEqual([
      'alice.reown.idAvailable',
      'alice1.reown.idTaken',
    ]);
    // One suggestion request for the whole word (debounced).
    expect(calls.filter((c) => c.path.includes('/suggestions/')).map((c) => c.path)).toEqual([
      '/v1/profile/suggestions/alice',
    ]);
    const before = Math.floor(Date.now() / 1000);
    fireEvent.click(register);
    // The wallet signs first (its connector loads its implementation on first use): wait for the POST.
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), { timeout: 5000 });
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/v1/profile/account');
    const body = post.body as { coin_type: number; address: string; message: string; signature: string };
    expect(body.coin_type).toBe(0x80000000 + 31337);
    expect(body.address).toBe(ACCOUNT_0);
    expect(body.signature).toBe(`0x${'ab'.repeat(65)}`);
    const message = JSON.parse(body.message);
    expect(Object.keys(message)).toEqual(['name', 'attributes', 'timestamp']);
    expect(message.name).toBe('alice.reown.id');
    expect(message.attributes).toEqual({});
    expect(message.timestamp).toBeGreaterThanOrEqual(before);
    expect(message.timestamp).toBeLessThan(before + 5);
    await waitFor(() =>
      expect(topRoute(frame.store.getState().modal.stack)).toEqual({
        view: 'RegisterAccountNameSuccess',
        name: 'alice.reown.id',
      }),
    );
    expect(frame.store.getState().names[ACCOUNT_0.toLowerCase()]).toBe('alice.reown.id');
  });

  it('a failed registration returns to RegisterAccountName with the spec §8 message and the reason', async () => {
    await connectedFrame('AUTH', ({ path, method }) =>
      method === 'POST' ? json({ message: 'Name already taken' }, 409) : suggestions(path),
    );
    show();
    fireEvent.change(await screen.findByLabelText('Account name', {}, { timeout: 5000 }), {
      target: { value: 'alice' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Register alice.reown.id' }, { timeout: 5000 }));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(topRoute(frame.store.getState().modal.stack)).toEqual({
      view: 'RegisterAccountName',
      name: 'alice',
      error: 'Error registering name alice.reown.id: Name already taken',
    });
    expect(frame.store.getState().names[ACCOUNT_0.toLowerCase()]).toBeUndefined();
  });
});

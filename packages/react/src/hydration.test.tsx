// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AirlockProvider, useAccount, useNetwork, useProvider, useWidget } from './index.ts';
import { connected, createTestWidget, type TestWidget } from '@airlock/testing/widget';

const made = vi.hoisted(() => ({ widgets: [] as TestWidget[] }));
vi.mock('@airlock/host-sdk', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@airlock/host-sdk')>()),
  createWidget: () => {
    const w = createTestWidget();
    made.widgets.push(w);
    return w;
  },
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const options = { projectId: 'airlock-dev', frameUrl: 'http://127.0.0.1:5174/', networks: [] };

function App() {
  const { address, status } = useAccount();
  const { chainId, chainNamespace, switchNetwork } = useNetwork();
  const { open, disconnect } = useWidget();
  const provider = useProvider();
  return (
    <main>
      <p data-testid="status">{status}</p>
      <p data-testid="address">{address ?? 'Not connected'}</p>
      <p data-testid="chain">{chainId ?? '-'}</p>
      <p data-testid="namespace">{chainNamespace ?? '-'}</p>
      <p data-testid="provider">{provider ? 'provider' : 'no provider'}</p>
      <button type="button" onClick={() => void open()}>
        Open
      </button>
      <button type="button" onClick={() => void switchNetwork('eip155:31338')}>
        Switch
      </button>
      <button type="button" onClick={() => void disconnect()}>
        Disconnect
      </button>
    </main>
  );
}

const earlyErrors: unknown[] = [];
/** Calls `open()` during render, before the provider's effect has created the widget. */
function Early() {
  const { open } = useWidget();
  open().catch((e) => earlyErrors.push(e));
  return null;
}

const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent;
const click = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!.click();

describe('hydration', () => {
  let errors: unknown[];
  beforeEach(() => {
    made.widgets.length = 0;
    errors = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  const hydrate = async (ui: React.ReactElement) => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui);
    document.body.append(container);
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, ui, { onRecoverableError: (e) => void errors.push(e) });
    });
    return root;
  };

  it('hydrates the server markup without a mismatch, then creates the widget and follows its state', async () => {
    const root = await hydrate(
      <AirlockProvider options={options}>
        <App />
      </AirlockProvider>,
    );
    expect(errors).toEqual([]);
    expect(made.widgets).toHaveLength(1);
    const widget = made.widgets[0]!;
    expect(text('status')).toBe('disconnected');
    expect(text('provider')).toBe('provider');

    await act(async () => widget.emit(connected));
    expect(text('status')).toBe('connected');
    expect(text('address')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(text('chain')).toBe('31337');

    await act(async () => {
      click('Open');
      click('Switch');
      click('Disconnect');
    });
    expect(widget.calls).toEqual(['open', 'switchNetwork eip155:31338', 'disconnect']);

    await act(async () => root.unmount());
    expect(widget.destroyed).toBe(true);
    expect(errors).toEqual([]);
  });

  it('with a widget of the dapp: the first client render matches the server, then shows its state; never destroys it', async () => {
    const widget = createTestWidget();
    widget.emit(connected);
    const root = await hydrate(
      <AirlockProvider widget={widget}>
        <App />
      </AirlockProvider>,
    );
    expect(errors).toEqual([]);
    expect(text('address')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    await act(async () => widget.emit({ ...connected, caipNetworkId: 'eip155:31338' }));
    expect(text('chain')).toBe('31338');
    await act(async () => root.unmount());
    expect(widget.destroyed).toBe(false);
    expect(made.widgets).toEqual([]);
  });

  it('on a Solana network useNetwork() gives chainNamespace solana and the CAIP-2 reference as chainId (never NaN)', async () => {
    const widget = createTestWidget();
    const devnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
    // What the frame reports on a Solana network: chainNamespace from the caipNetworkId (store/widgetState.ts).
    widget.emit({ ...connected, chainNamespace: 'solana', caipNetworkId: devnet, caipAddress: null, address: null });
    const root = await hydrate(
      <AirlockProvider widget={widget}>
        <App />
      </AirlockProvider>,
    );
    await act(async () => widget.emit({ ...connected, chainNamespace: 'solana', caipNetworkId: devnet }));
    expect(text('chain')).toBe('EtWTRABZaYq6iMfeYKouRu166VU2xqa1');
    expect(text('namespace')).toBe('solana');
    await act(async () => root.unmount());
  });

  it('actions called before the widget exists reject with 4900', async () => {
    earlyErrors.length = 0;
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <AirlockProvider options={options}>
          <Early />
        </AirlockProvider>,
      ),
    );
    expect(earlyErrors[0]).toMatchObject({ code: 4900, message: 'Airlock: widget not created yet' });
    await act(async () => root.unmount());
  });
});

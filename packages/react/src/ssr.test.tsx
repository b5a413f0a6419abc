import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { AirlockProvider, useAccount, useNetwork, useProvider, useWidget, useWidgetState } from './index.ts';
import { connected, createTestWidget } from '@airlock/testing/widget';

// The real createWidget, spied on: it must never run during a server render.
const createWidget = vi.hoisted(() => vi.fn());
vi.mock('@airlock/host-sdk', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@airlock/host-sdk')>()),
  createWidget,
}));

const options = {
  projectId: 'airlock-dev',
  frameUrl: 'http://127.0.0.1:5174/',
  networks: [],
};

function Status() {
  const account = useAccount();
  const network = useNetwork();
  const state = useWidgetState();
  const { widget } = useWidget();
  const provider = useProvider('eip155');
  return (
    <p>
      {[
        account.status,
        account.address ?? 'none',
        String(network.chainId),
        state ? 'state' : 'no state',
        widget ? 'widget' : 'no widget',
        provider ? 'provider' : 'no provider',
      ].join('|')}
    </p>
  );
}

describe('server rendering (no DOM)', () => {
  it('runs in Node without window, document or location', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('renders the disconnected markup from options without creating a widget', () => {
    const html = renderToString(
      <AirlockProvider options={options}>
        <Status />
      </AirlockProvider>,
    );
    expect(html).toContain('disconnected|none|undefined|no state|no widget|no provider');
    expect(createWidget).not.toHaveBeenCalled();
  });

  it('renders the server snapshot even with a connected widget, so hydration matches', () => {
    const widget = createTestWidget();
    widget.emit(connected);
    const html = renderToString(
      <AirlockProvider widget={widget}>
        <Status />
      </AirlockProvider>,
    );
    expect(html).toContain('disconnected|none|undefined|no state|no widget|no provider');
    expect(widget.calls).toEqual([]);
  });

  it('names the missing provider when a hook runs outside <AirlockProvider>', () => {
    expect(() => renderToString(<Status />)).toThrow('Airlock: this hook must be used inside <AirlockProvider>');
  });
});

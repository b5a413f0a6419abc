// @vitest-environment happy-dom
import { connection, createTestWidget } from '@airlock/testing/widget';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { AirlockProvider, useConnections, useSwitchConnection } from './index.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A wallet list as a dapp would draw it from the two hooks. */
function Wallets({ namespace }: { namespace?: 'eip155' | 'solana' }) {
  const connections = useConnections(namespace);
  const { switchConnection, deleteConnection } = useSwitchConnection();
  return (
    <ul>
      {connections.map((c) => (
        <li key={c.connectorId} data-testid="connection">
          <span>{`${c.name} ${c.accounts[0]?.address} ${c.active ? 'active' : ''}`}</span>
          <button
            type="button"
            onClick={() => void switchConnection({ connectorId: c.connectorId, address: c.accounts[0]!.address })}
          >
            Use
          </button>
          <button type="button" onClick={() => void deleteConnection({ connectorId: c.connectorId })}>
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

const rows = () => [...document.querySelectorAll('[data-testid="connection"]')].map((e) => e.firstChild?.textContent);
const click = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!.click();

describe('useConnections / useSwitchConnection', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('renders no connection on the server', () => {
    const html = renderToString(
      <AirlockProvider widget={createTestWidget()}>
        <Wallets />
      </AirlockProvider>,
    );
    expect(html).toBe('<ul></ul>');
  });

  it("reads the namespace's connections, follows its connections events only, and calls switch and delete", async () => {
    const widget = createTestWidget();
    widget.emitConnections({ type: 'connections', chainNamespace: 'eip155', connections: [connection] });
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () =>
      root.render(
        <AirlockProvider widget={widget}>
          <Wallets />
        </AirlockProvider>,
      ),
    );
    const address = connection.accounts[0]!.address;
    expect(rows()).toEqual([`Dev Wallet ${address} active`]);
    expect(widget.calls).toEqual(['getConnections eip155']);

    // Another namespace's event changes nothing here.
    await act(async () => widget.emitConnections({ type: 'connections', chainNamespace: 'solana', connections: [] }));
    expect(rows()).toHaveLength(1);

    await act(async () => click('Use'));
    await act(async () => click('Remove'));
    expect(widget.calls.slice(1)).toEqual([
      `switchConnection walletConnect ${address}`,
      'deleteConnection walletConnect',
    ]);

    await act(async () => widget.emitConnections({ type: 'connections', chainNamespace: 'eip155', connections: [] }));
    expect(rows()).toEqual([]);
    await act(async () => root.unmount());
  });
});

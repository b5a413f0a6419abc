import { cancelled, ok } from '@airlock/protocol';
import { describe, expect, it } from 'vitest';
import { defineConnector, type ConnectorImplementation } from './define.ts';
import type { ConnectorSession } from './types.ts';

const session: ConnectorSession = { accounts: ['0x1'], chainId: 1, name: 'Test', icon: 'data:image/png;base64,' };

/** An implementation whose connect waits until `answer()` is called; counts its calls. */
function implementation() {
  let answer: () => void = () => {};
  const calls = { connect: 0, cancel: 0, disconnect: 0 };
  const impl: ConnectorImplementation = {
    connect: () => {
      calls.connect++;
      return new Promise((resolve) => {
        answer = () => resolve(ok(session));
      });
    },
    restore: async () => session,
    disconnect: async () => {
      calls.disconnect++;
    },
    request: async () => ok(null),
    switchNetwork: async () => ok(null),
    cancel: () => {
      calls.cancel++;
    },
  };
  return { impl, calls, answer: () => answer() };
}

const define = (load: () => Promise<ConnectorImplementation>) =>
  defineConnector({
    id: 'test',
    name: 'Test',
    icon: 'data:image/png;base64,',
    type: 'ANNOUNCED',
    ref: { type: 'walletConnect' },
    namespaces: ['eip155'],
    load,
  });

describe('defineConnector: one connector shape, one loading and cancel behaviour', () => {
  it('is the uniform connector before anything loads, and loads once on first use', async () => {
    let loads = 0;
    const { impl } = implementation();
    const connector = define(async () => {
      loads++;
      return impl;
    });
    expect(connector).toMatchObject({ id: 'test', name: 'Test', type: 'ANNOUNCED', namespaces: ['eip155'] });
    expect(loads).toBe(0);
    expect(connector.loaded()).toBeNull();
    await connector.restore();
    await connector.request({ method: 'eth_chainId' }, 'eip155:1');
    expect(loads).toBe(1);
    expect(connector.loaded()).toBe(impl);
  });

  it('cancel() while the implementation loads ends that connect as aborted, without asking the wallet', async () => {
    const { impl, calls } = implementation();
    const connector = define(async () => impl);
    const result = connector.connect();
    connector.cancel();
    expect(await result).toEqual(cancelled('aborted'));
    expect(calls.connect).toBe(0);
  });

  it('cancel() while the wallet is asked ends that connect as aborted and tells the implementation', async () => {
    const { impl, calls, answer } = implementation();
    const connector = define(async () => impl);
    const result = connector.connect();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.connect).toBe(1);
    connector.cancel();
    answer();
    expect(await result).toEqual(cancelled('aborted'));
    expect(calls.cancel).toBe(1);
  });

  it('a failed load answers a failed Result, restore null, and the next call loads again', async () => {
    let loads = 0;
    const { impl } = implementation();
    const connector = define(async () => {
      loads++;
      if (loads === 1) throw new Error('chunk failed');
      return impl;
    });
    const failed = await connector.connect();
    expect(failed).toMatchObject({ ok: false, error: { code: -32603, message: 'chunk failed' } });
    expect(await connector.restore()).toEqual(session);
    expect(loads).toBe(2);
  });

  it('disconnect() before any use loads nothing and resolves; after use it ends the session', async () => {
    let loads = 0;
    const { impl, calls } = implementation();
    const connector = define(async () => {
      loads++;
      return impl;
    });
    await connector.disconnect();
    expect(loads).toBe(0);
    await connector.restore();
    await connector.disconnect();
    expect(calls.disconnect).toBe(1);
  });
});

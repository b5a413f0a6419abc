import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { ConnectionsState, WalletConnection } from './connectionTypes.ts';
import { withConnection } from './connections.ts';
import { idleOn, type FrameState } from './state.ts';
import type { FrameStore } from './store.ts';
import { createWaiters } from './waiters.ts';

const EVM: WalletConnection = {
  connectorId: 'dev-wallet',
  type: 'ANNOUNCED',
  chainNamespace: 'eip155',
  name: 'Dev Wallet',
  icon: 'data:image/svg+xml,<svg/>',
  accounts: [{ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', type: 'eoa' }],
  caipNetworkId: 'eip155:31337',
};
const COSMOS: WalletConnection = {
  connectorId: 'keplr',
  type: 'ANNOUNCED',
  chainNamespace: 'cosmos',
  name: 'Keplr',
  icon: 'data:image/svg+xml,<svg/>',
  accounts: [{ address: 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7', type: 'eoa' }],
  caipNetworkId: 'cosmos:airlock-local-1',
};

/** A store holding what the waiters read: the connections, the active slice and the modal. */
function storeWith(list: WalletConnection[], open: boolean): FrameStore {
  const empty: ConnectionsState = { list: [], active: {} };
  const connections = list.reduce((c, connection) => withConnection(c, connection, true), empty);
  return createStore(() => ({
    connections,
    active: idleOn(list[0]?.caipNetworkId ?? 'eip155:31337'),
    modal: { open, stack: [{ view: 'Connect' }], shake: false },
  })) as unknown as FrameStore;
}

describe('the accounts waiter', () => {
  it('settles when a first wallet connects', async () => {
    const store = storeWith([], true);
    const waiters = createWaiters(store);
    const pending = waiters.untilAccounts();
    store.setState((s: FrameState) => ({ connections: withConnection(s.connections, EVM, true) }));
    await expect(pending).resolves.toEqual({ ok: true, value: [EVM.accounts[0]?.address] });
  });

  it('settles when, with multi-wallet, a wallet of another namespace connects beside one already connected', async () => {
    const store = storeWith([EVM], true);
    const waiters = createWaiters(store);
    const pending = waiters.untilAccounts();
    store.setState((s: FrameState) => ({
      connections: withConnection(s.connections, COSMOS, true),
      active: idleOn(COSMOS.caipNetworkId),
    }));
    // Before: the status stayed 'connected', nothing settled, and the modal's close answered 4001.
    store.setState((s: FrameState) => ({ modal: { ...s.modal, open: false } }));
    await expect(pending).resolves.toEqual({ ok: true, value: [COSMOS.accounts[0]?.address] });
  });

  it('answers 4001 when the modal closes with nothing connected', async () => {
    const store = storeWith([EVM], true);
    const waiters = createWaiters(store);
    const pending = waiters.untilAccounts();
    store.setState((s: FrameState) => ({ modal: { ...s.modal, open: false } }));
    await expect(pending).resolves.toMatchObject({ ok: false, error: { code: 4001 } });
  });
});

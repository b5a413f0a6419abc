import { ok, type WalletAnnouncement } from '@airlock/protocol';
import type { ConnectorContext, ConnectorFamily } from '../context.ts';
import { defineConnector } from '../define.ts';
import { waitForState } from '../../store/waitFor.ts';
import type { InjectedConnector } from './connector.ts';
import type { ConnectEntry } from '../types.ts';

/**
 * Page wallets announced through EIP-6963 (spec §1 'injected'): one connector per wallet uuid,
 * reached through the host; the implementation (connector.ts, parse.ts) loads on first use.
 */
export type InjectedFamily = ConnectorFamily & {
  /** The connector of an announced wallet (made once per uuid, again when the uuid's rdns changed). */
  of(wallet: WalletAnnouncement): InjectedConnector;
};

/** The injected connectors of a frame. */
export function injectedFamily(context: ConnectorContext): InjectedFamily {
  const made = new Map<string, InjectedConnector>();
  const of = (wallet: WalletAnnouncement): InjectedConnector => {
    const existing = made.get(wallet.uuid);
    if (existing && existing.wallet.rdns === wallet.rdns) return existing;
    const events = context.events(() => connector);
    const base = defineConnector({
      id: wallet.uuid,
      name: wallet.name,
      icon: wallet.icon,
      type: 'ANNOUNCED',
      rdns: wallet.rdns,
      ref: { type: 'injected', rdns: wallet.rdns },
      namespaces: ['eip155'],
      load: () => import('./connector.ts').then((m) => m.createInjectedConnector(wallet, context.host, events)),
    });
    const connector: InjectedConnector = {
      ...base,
      wallet,
      // Events come only for a wallet the frame used, so the implementation is loaded by then
      // (else it loads first; the events keep their order).
      receive: (event) => void base.run(async (implementation) => ok(implementation.receive(event))),
    };
    made.set(wallet.uuid, connector);
    return connector;
  };
  const announced = () => context.store.getState().wallets;
  return {
    type: 'injected',
    of,
    list: () => [...made.values()],
    async find(ref, waitMs) {
      if (!('rdns' in ref)) return null;
      const wallet = await waitForState(
        context.store,
        () => announced().find((w) => w.rdns === ref.rdns) ?? null,
        waitMs,
      );
      return wallet ? of(wallet) : null;
    },
    forEntry(entry) {
      const wallet = announced().find((w) => w.uuid === entry.id && w.rdns === entry.rdns);
      return wallet ? of(wallet) : null;
    },
    hostEvent(event) {
      if (!('uuid' in event) || !announced().some((w) => w.uuid === event.uuid)) return;
      made.get(event.uuid)?.receive(event);
    },
  };
}

/** The Connect-list entry of an EIP-6963 wallet: its uuid as the connector id, its name, icon and rdns; eip155. Pure. */
export function announcedEntry(wallet: WalletAnnouncement): ConnectEntry {
  return { id: wallet.uuid, name: wallet.name, icon: wallet.icon, namespaces: ['eip155'], rdns: wallet.rdns };
}

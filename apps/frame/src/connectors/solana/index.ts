import { isSolanaAddress, type SolanaWallet } from '@airlock/protocol';
import type { ConnectorContext, ConnectorFamily } from '../context.ts';
import { defineConnector } from '../define.ts';
import type { Connector } from '../types.ts';
import { waitForState } from '../../store/waitFor.ts';

/** A Solana page-wallet connector plus the entry for its wallet's account changes (`solanaChange`). */
export type SolanaConnector = Connector & {
  /** The Wallet Standard wallet it talks to. */
  readonly wallet: SolanaWallet;
  /** The wallet's `change` accounts as the host reported them; anything but base58 addresses is ignored. */
  receive(accounts: string[]): void;
};

/** Solana page wallets (Wallet Standard, through the host's opt-in Solana entry): one connector per host-given id. */
export type SolanaFamily = ConnectorFamily & {
  /** The connector of a registered wallet (made once per id, again when the id's name changed). */
  of(wallet: SolanaWallet): SolanaConnector;
};

/**
 * The Solana page-wallet connectors of a frame. Each loads its implementation (connector.ts, with
 * the base58 codec) on first use, so nothing of it is in the frame's initial JS.
 */
export function solanaFamily(context: ConnectorContext): SolanaFamily {
  const made = new Map<string, SolanaConnector>();
  const of = (wallet: SolanaWallet): SolanaConnector => {
    const existing = made.get(wallet.id);
    if (existing && existing.wallet.name === wallet.name) return existing;
    const events = context.events(() => connector);
    const connector: SolanaConnector = {
      ...defineConnector({
        id: wallet.id,
        name: wallet.name,
        icon: wallet.icon,
        type: 'ANNOUNCED',
        ref: { type: 'solana', name: wallet.name },
        namespaces: ['solana'],
        load: () => import('./connector.ts').then((m) => m.createSolanaConnector(wallet, context.host)),
      }),
      wallet,
      receive(accounts) {
        if (accounts.every((a) => isSolanaAddress(a))) events.onAccountsChanged(accounts);
      },
    };
    made.set(wallet.id, connector);
    return connector;
  };
  const registered = () => context.store.getState().solanaWallets;
  return {
    type: 'solana',
    of,
    list: () => [...made.values()],
    async find(ref, waitMs) {
      if (!('name' in ref)) return null;
      const wallet = await waitForState(
        context.store,
        () => registered().find((w) => w.name === ref.name) ?? null,
        waitMs,
      );
      return wallet ? of(wallet) : null;
    },
    // Its wallets are listed in Connect under their host-given id (actions/solanaConnect.ts `solanaEntry`).
    forEntry(entry) {
      const wallet = registered().find((w) => w.id === entry.uuid);
      return wallet ? of(wallet) : null;
    },
    hostEvent(event) {
      if (event.type !== 'solanaChange' || !registered().some((w) => w.id === event.id)) return;
      made.get(event.id)?.receive(event.accounts);
    },
  };
}

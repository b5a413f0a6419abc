import type { ChainNamespace, ConnectorRef, WalletEvent } from '@airlock/protocol';
import type { HostClient } from '../host/client.ts';
import type { FrameState } from '../store/state.ts';
import { waitForState } from '../store/waitFor.ts';
import type { ConnectorContext, ConnectorFamily } from './context.ts';
import { defineConnector, type ConnectorImplementation, type DefinedConnector } from './define.ts';
import type { ConnectEntry, ConnectorEvents } from './types.ts';

/**
 * Page wallets of one namespace that the host bridges through an opt-in extension (Wallet
 * Standard Solana wallets, Bitcoin wallets): one connector per host-given id, remembered by the
 * wallet's name, each loading its implementation on first use. A connector folder describes its
 * kind once ({@link PageWalletKind}) and {@link pageWalletFamily} does the rest.
 */

/** A bridged page wallet as the host lists it (validated): its host-given id, name and `data:image` icon. */
export type PageWallet = { id: string; name: string; icon: string };

/** An implementation of a bridged page wallet: the connector's behaviour plus its wallet's account changes. */
export type PageWalletImplementation = ConnectorImplementation & {
  /** The wallet's accounts as the host reported them (`solanaChange`, `bitcoinChange`, `polkadotChange`; [] with `cosmosChange`, which carries none: the connector reads them again); ill-formed ones are ignored. */
  receive(accounts: string[]): void;
};

/** One kind of bridged page wallet. */
export type PageWalletKind<W extends PageWallet> = {
  /** Its preference type (`ConnectorRef.type`), remembered with the wallet's name. */
  type: 'solana' | 'bitcoin' | 'cosmos' | 'polkadot';
  /** The namespace its wallets serve. */
  namespace: ChainNamespace;
  /** The host's wallet event of an account change. */
  event: 'solanaChange' | 'bitcoinChange' | 'cosmosChange' | 'polkadotChange';
  /** Its wallets on the page, from the store (actions/wallets.ts keeps them). */
  wallets(state: FrameState): readonly W[];
  /** Makes the implementation for `wallet` (an `import()` of the folder's code). */
  load(wallet: W, host: HostClient, events: ConnectorEvents): Promise<PageWalletImplementation>;
};

/** A bridged page-wallet connector with the wallet it talks to. */
export type PageWalletConnector<W extends PageWallet> = DefinedConnector<PageWalletImplementation> & {
  readonly wallet: W;
};

/**
 * The Connect-list entry of a bridged page wallet: its host-given id as the connector id, name,
 * icon and namespace; no rdns (it is no EIP-6963 wallet). Pure.
 */
export function pageWalletEntry(namespace: ChainNamespace, wallet: PageWallet): ConnectEntry {
  return { id: wallet.id, name: wallet.name, icon: wallet.icon, namespaces: [namespace] };
}

/** The connector family of a kind of bridged page wallet (see the file comment). */
export function pageWalletFamily<W extends PageWallet>(
  context: ConnectorContext,
  kind: PageWalletKind<W>,
): ConnectorFamily & { of(wallet: W): PageWalletConnector<W> } {
  const made = new Map<string, PageWalletConnector<W>>();
  const of = (wallet: W): PageWalletConnector<W> => {
    const existing = made.get(wallet.id);
    if (existing && existing.wallet.name === wallet.name) return existing;
    const events = context.events(() => connector);
    const connector: PageWalletConnector<W> = {
      ...defineConnector({
        id: wallet.id,
        name: wallet.name,
        icon: wallet.icon,
        type: 'ANNOUNCED',
        ref: { type: kind.type, name: wallet.name },
        namespaces: [kind.namespace],
        load: () => kind.load(wallet, context.host, events),
      }),
      wallet,
    };
    made.set(wallet.id, connector);
    return connector;
  };
  const registered = () => kind.wallets(context.store.getState());
  return {
    type: kind.type,
    of,
    list: () => [...made.values()],
    async find(ref: ConnectorRef, waitMs: number) {
      if (ref.type !== kind.type) return null;
      const wallet = await waitForState(
        context.store,
        () => registered().find((w) => w.name === ref.name) ?? null,
        waitMs,
      );
      return wallet ? of(wallet) : null;
    },
    // Its wallets are listed in Connect under their host-given id (pageWalletEntry).
    forEntry(entry: ConnectEntry) {
      const wallet = registered().find((w) => w.id === entry.id && entry.namespaces.includes(kind.namespace));
      return wallet ? of(wallet) : null;
    },
    // Only a wallet the frame has used hears its changes (its implementation is loaded).
    hostEvent(event: Exclude<WalletEvent, { type: 'announced' }>) {
      if (event.type === kind.event)
        made
          .get(event.id)
          ?.loaded()
          ?.receive('accounts' in event ? event.accounts : []);
    },
  };
}

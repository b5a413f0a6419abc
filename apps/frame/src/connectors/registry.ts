import type { SolanaWallet, WalletAnnouncement, WalletEvent } from '@airlock/protocol';
import type { EmbeddedConnector } from './embedded/connector.ts';
import type { InjectedConnector } from './injected/connector.ts';
import type { SolanaConnector } from './solana/lazy.ts';
import type { Connector } from './types.ts';

// The shape of a frame's connector registry (types only; app/connectors.ts builds it).

/** The connectors of a frame. */
export type Connectors = {
  /** The WalletConnect connector (one per frame; its implementation and provider load on first use). */
  readonly walletConnect: Connector;
  /**
   * The embedded (email) wallet's connector, null when the deployment has no secure
   * frame (`secureFrameOrigin`). Its iframe loads on first use only.
   */
  readonly embedded: EmbeddedConnector | null;
  /** The connector of an announced page wallet (one per uuid). */
  injected(wallet: WalletAnnouncement): InjectedConnector;
  /** The connector of a Wallet Standard (Solana) page wallet (one per host-given id). */
  solana(wallet: SolanaWallet): SolanaConnector;
  /** The connector with this id, if one was created. */
  byId(id: string): Connector | undefined;
  /** The connector of the current connection, null while not connected. */
  active(): Connector | null;
  /**
   * A page-wallet event from the host (`walletEvent`): delivered only to the injected
   * connector of that uuid (or the Solana connector of that id), and only when the host
   * announced (registered) it. The
   * WalletConnect connector never receives it (its events come from its session).
   */
  hostEvent(event: Exclude<WalletEvent, { type: 'announced' }>): void;
};

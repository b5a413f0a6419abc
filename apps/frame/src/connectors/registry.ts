import type { ConnectorRef, WalletAnnouncement, WalletEvent } from '@airlock/protocol';
import type { EmbeddedConnector } from './embedded/connector.ts';
import type { InjectedConnector } from './injected/connector.ts';
import type { ConnectEntry, Connector } from './types.ts';

// The shape of a frame's connector registry (types only; app/connectors.ts builds it from the
// list of connector kinds, one line per kind).

/** The connectors of a frame. */
export type Connectors = {
  /** Every connector made so far, in the order of the kinds' list (page wallets, Solana, WalletConnect, embedded). */
  list(): Connector[];
  /** The connector with this id, if one was made. */
  byId(id: string): Connector | undefined;
  /** The connector of the current connection, null while not connected. */
  active(): Connector | null;
  /**
   * The connector a remembered preference names, whatever its kind: a page wallet is waited for
   * up to `waitMs` (ms) to appear on the page. Null when none (the wallet is gone, no secure frame).
   */
  find(ref: ConnectorRef, waitMs: number): Promise<Connector | null>;
  /** The connector of a Connect-list page-wallet entry (an EIP-6963 wallet or a Solana wallet), null when it is gone. */
  forEntry(entry: ConnectEntry): Connector | null;
  /**
   * A page-wallet event from the host (`walletEvent`): delivered only to the connector of the
   * uuid (EIP-6963) or id (Solana) it names, and only when the host announced (registered) that
   * wallet. The WalletConnect connector never receives it (its events come from its session).
   */
  hostEvent(event: Exclude<WalletEvent, { type: 'announced' }>): void;
  /** The WalletConnect connector (one per frame; its implementation and provider load on first use). Its pairing view uses it. */
  readonly walletConnect: Connector;
  /**
   * The embedded (email) wallet's connector, null when the deployment has no secure frame
   * (`secureFrameOrigin`). Its iframe loads on first use only. The email, social and Farcaster views use it.
   */
  readonly embedded: EmbeddedConnector | null;
  /** The connector of an announced page wallet (one per uuid). */
  injected(wallet: WalletAnnouncement): InjectedConnector;
};

import type { FrameConfig, WalletEvent, ConnectorRef } from '@airlock/protocol';
import type { Deployment } from '../config/deployment.ts';
import type { HostClient } from '../host/client.ts';
import type { SecretStorage } from '../storage/secrets.ts';
import type { FrameStore } from '../store/store.ts';
import type { ConnectEntry, Connector, ConnectorEvents } from './types.ts';

/**
 * What a connector kind is built from (app/connectors.ts gives it): the parts of the frame that
 * exist before the frame itself, and `events(get)`, the core's wiring of a connector's wallet
 * events to the store (a connector calls it with a getter of itself).
 */
export type ConnectorContext = {
  config: FrameConfig;
  parentOrigin: string;
  deployment: Deployment;
  host: HostClient;
  secrets: SecretStorage;
  store: FrameStore;
  events(get: () => Connector): ConnectorEvents;
};

/**
 * One kind of connector in the registry (a folder under connectors/, one line in the list of
 * app/connectors.ts): the connectors of that kind the frame made so far, and how the core finds
 * one without knowing the kind. A page-wallet kind makes one connector per wallet on the page.
 */
export type ConnectorFamily = {
  /** The preference type its connectors are remembered by (`ConnectorRef.type`). */
  readonly type: ConnectorRef['type'];
  /** Its connectors made so far. */
  list(): Connector[];
  /**
   * The connector a remembered preference of this kind (`ref.type` = {@link type}) names, made when needed; a page wallet is
   * waited for up to `waitMs` (ms) to appear on the page. Null when there is none.
   */
  find(ref: ConnectorRef, waitMs: number): Promise<Connector | null>;
  /** The connector of a Connect-list page-wallet entry when the entry is of this kind, else null. */
  forEntry?(entry: ConnectEntry): Connector | null;
  /** A page-wallet event from the host: delivered to the connector it names when it is of this kind and on the page. */
  hostEvent?(event: Exclude<WalletEvent, { type: 'announced' }>): void;
};

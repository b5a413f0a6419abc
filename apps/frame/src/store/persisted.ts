import { z } from 'zod/mini';
import {
  CaipNetworkIdSchema,
  CHAIN_NAMESPACES,
  ChainNamespaceSchema,
  chainNamespaceOf,
  ConnectorRefSchema,
  PreferencesSchema,
  type ChainNamespace,
  type Preferences,
} from '@airlock/protocol';

/**
 * What the frame persists (spec §3 'Local storage keeps'), version 2: the protocol's
 * preferences (recent wallets, active network, the last connected connector) and, per chain
 * namespace, the connected connectors (most recent first), the connections, the ids of connectors
 * the visitor disconnected and the preferred account types. Non-secret only (no key, no
 * session): it may go to the dapp-origin blob (docs/architecture.md 'Trust boundary').
 * A version-1 blob is migrated ({@link migratePreferences}), not dropped; any other is dropped. A
 * connection's `rdns` and `explorerId` were added to version 2 as optional fields: a version-2 blob
 * stored before them loads as it is (its wallets show their rdns again after the next connect).
 */

/** The version the frame writes. */
export const FRAME_PREFERENCES_VERSION = 2;

const AccountTypeSchema = z.enum(['eoa', 'smartAccount']);
const Id = z.string().check(z.minLength(1)).check(z.maxLength(128));

/** Reverse-DNS shape of an EIP-6963 `rdns` (`io.metamask`): two or more dot-separated labels. */
export const RDNS_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))+$/i;

/** Shape of a wallet listing id (spec §3 Connector `explorerId`): a WalletConnect hex id or a bundled slug. */
export const EXPLORER_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

// An rdns or listing id of the wrong shape is forgotten on load (the field only, the connection stays).
const Rdns = z.catch(z.optional(z.string().check(z.maxLength(128)).check(z.regex(RDNS_PATTERN))), undefined);
const ExplorerId = z.catch(z.optional(z.string().check(z.regex(EXPLORER_ID_PATTERN))), undefined);

/**
 * A persisted connection: which connector, on which namespace and network, with which accounts, and
 * the wallet's EIP-6963 `rdns` and listing `explorerId` when it had them (optional: a blob written
 * before they were stored still loads; one of the wrong shape is dropped, the connection kept).
 */
export const PersistedConnectionSchema = z.object({
  connectorId: Id,
  chainNamespace: ChainNamespaceSchema,
  caipNetworkId: CaipNetworkIdSchema,
  rdns: Rdns,
  explorerId: ExplorerId,
  accounts: z
    .array(z.object({ address: z.string().check(z.maxLength(128)), type: AccountTypeSchema }))
    .check(z.minLength(1))
    .check(z.maxLength(16)),
});

/** A persisted connection. */
export type PersistedConnection = z.infer<typeof PersistedConnectionSchema>;

/** The frame's preferences, version 2. */
export const FramePreferencesSchema = z.object({
  ...PreferencesSchema.shape,
  connectedConnectors: z.partialRecord(ChainNamespaceSchema, z.array(ConnectorRefSchema).check(z.maxLength(8))),
  connections: z.array(PersistedConnectionSchema).check(z.maxLength(16)),
  disconnectedConnectorIds: z.array(Id).check(z.maxLength(16)),
  preferredAccountTypes: z.partialRecord(ChainNamespaceSchema, AccountTypeSchema),
});

/** The frame's preferences (version 2). */
export type FramePreferences = z.infer<typeof FramePreferencesSchema>;

/** The stored form (zustand `persist`) of version 2, or of version 1 (migrated on load). */
export const PersistedFramePreferencesSchema = z.union([
  z.object({ state: z.object({ preferences: FramePreferencesSchema }), version: z.literal(2) }),
  z.object({ state: z.object({ preferences: PreferencesSchema }), version: z.literal(1) }),
]);

/** Nothing remembered. */
export const initialFramePreferences: FramePreferences = {
  recentWallets: [],
  activeCaipNetworkId: null,
  connectedConnector: null,
  connectedConnectors: {},
  connections: [],
  disconnectedConnectorIds: [],
  preferredAccountTypes: {},
};

/**
 * Version-1 preferences as version 2: kept as they were, the connected connector remembered for
 * the namespace of the active network (eip155 when none was stored). Pure.
 */
export function migratePreferences(preferences: Preferences): FramePreferences {
  const namespace = namespaceOf(preferences.activeCaipNetworkId);
  return {
    ...initialFramePreferences,
    ...preferences,
    connectedConnectors: preferences.connectedConnector ? { [namespace]: [preferences.connectedConnector] } : {},
  };
}

/** The namespace of a stored network id; the first namespace (eip155) when none or unknown. */
function namespaceOf(caipNetworkId: string | null): ChainNamespace {
  try {
    return caipNetworkId ? chainNamespaceOf(caipNetworkId) : CHAIN_NAMESPACES[0];
  } catch {
    return CHAIN_NAMESPACES[0];
  }
}

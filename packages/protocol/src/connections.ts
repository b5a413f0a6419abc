import { z } from 'zod/mini';
import { ChainNamespaceSchema } from './namespace.ts';
import { CaipAddressSchema, CaipNetworkIdSchema } from './schemas.ts';

/**
 * Multi-wallet connection management (spec §1 'Multi-wallet connection management', §3
 * Connection, §6 'Multi-wallet actions … require the multiWallet feature'): the shapes the
 * frame's `getConnections` / `switchConnection` / `deleteConnection` take and answer, and the
 * `connections` event the host's `subscribeConnections` listens to. With the `multiWallet`
 * feature off the frame answers an empty result and shows the info alert 'Multi-Wallet Not
 * Enabled' (`Alert.MultiWalletNotEnabled`).
 */

/** Account type (spec §6): externally owned account or smart account. */
export const AccountTypeSchema = z.enum(['eoa', 'smartAccount']);

/**
 * The error message of `switchConnection` / `deleteConnection` for a connection the frame does not
 * hold (spec §8 'No connector found for connection: {id}'), with the connector id after the colon.
 */
export const noConnectionFor = (connectorId: string): string => `No connector found for connection: ${connectorId}`;

/** A connector id: the EIP-6963 uuid of a page wallet, `walletConnect`, the embedded wallet's id … (1–128 characters). */
export const ConnectorIdSchema = z.string().check(z.minLength(1)).check(z.maxLength(128));

/**
 * One account of a connection (spec §3 Connection `accounts`: address and type): its CAIP-10 id,
 * the address alone as the namespace writes it (EIP-55 for eip155, base58 for solana), and its
 * account type (spec §6: `eoa` or `smartAccount`).
 */
export const ConnectionAccountSchema = z.object({
  caipAddress: CaipAddressSchema,
  address: z.string().check(z.minLength(1)).check(z.maxLength(128)),
  type: AccountTypeSchema,
});

/** One account of a {@link Connection}. */
export type ConnectionAccount = z.infer<typeof ConnectionAccountSchema>;

/**
 * A wallet connection as the dapp sees it (spec §3 Connection: connectorId, accounts; plus what
 * a list needs to show it): the connector's id, the wallet's display name and icon (a
 * `data:image/…` or https URI, rendered only through `<img>`), the chain namespace and the
 * CAIP-2 network it is on, its accounts (the first is the one in use), and `active`: true for
 * the one connection of its namespace whose account the dapp's provider uses.
 */
export const ConnectionSchema = z.object({
  connectorId: ConnectorIdSchema,
  name: z.string().check(z.maxLength(256)),
  icon: z.optional(z.string().check(z.maxLength(100_000))),
  chainNamespace: ChainNamespaceSchema,
  caipNetworkId: CaipNetworkIdSchema,
  accounts: z.array(ConnectionAccountSchema).check(z.maxLength(100)),
  active: z.boolean(),
});

/** A wallet connection, see {@link ConnectionSchema}. */
export type Connection = z.infer<typeof ConnectionSchema>;

/**
 * Argument of `switchConnection`: the connection (by connector id) and the account in it to
 * make active, as its address or its CAIP-10 id.
 */
export const SwitchConnectionSchema = z.strictObject({
  connectorId: ConnectorIdSchema,
  address: z.string().check(z.minLength(1)).check(z.maxLength(256)),
});

/** Argument of `switchConnection`, see {@link SwitchConnectionSchema}. */
export type SwitchConnectionArgs = z.infer<typeof SwitchConnectionSchema>;

/** Argument of `deleteConnection`: the connection to end, by connector id. */
export const DeleteConnectionSchema = z.strictObject({ connectorId: ConnectorIdSchema });

/** Argument of `deleteConnection`, see {@link DeleteConnectionSchema}. */
export type DeleteConnectionArgs = z.infer<typeof DeleteConnectionSchema>;

/**
 * `{ type: 'connections', chainNamespace, connections }`: the connections of one namespace after
 * they changed (a wallet connected, disconnected, switched account or network, or another became
 * active). Emitted only while the `multiWallet` feature is on; the host hands it to the listeners
 * of `subscribeConnections`.
 */
export const ConnectionsEventSchema = z.object({
  type: z.literal('connections'),
  chainNamespace: ChainNamespaceSchema,
  connections: z.array(ConnectionSchema),
});

/** The `connections` event, see {@link ConnectionsEventSchema}. */
export type ConnectionsEvent = z.infer<typeof ConnectionsEventSchema>;

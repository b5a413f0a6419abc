import { z } from 'zod/mini';
import { CaipNetworkIdSchema } from './schemas.ts';

/**
 * The frame's non-secret preferences (spec §3 'Local storage keeps'): what it may
 * keep in the frame's own storage or, when that is denied, in the blob on the dapp
 * origin. Nothing secret belongs here: WalletConnect keys and sessions live only on
 * the widget origin (docs/architecture.md, 'Trust boundary').
 */

/** Version of {@link PreferencesSchema}; a stored blob of another version is dropped. */
export const PREFERENCES_VERSION = 1;

/**
 * Which connector was connected for a namespace: a page wallet (EIP-6963 rdns), WalletConnect,
 * a Solana page wallet (Wallet Standard, remembered by its name) or the embedded (email) wallet.
 */
export const ConnectorRefSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('injected'), rdns: z.string().check(z.minLength(1)).check(z.maxLength(128)) }),
  z.object({ type: z.literal('walletConnect') }),
  z.object({ type: z.literal('solana'), name: z.string().check(z.minLength(1)).check(z.maxLength(64)) }),
  /** A Bitcoin page wallet (Wallet Standard `bitcoin:*` or sats-connect), by its name. */
  z.object({ type: z.literal('bitcoin'), name: z.string().check(z.minLength(1)).check(z.maxLength(64)) }),
  /** A Cosmos page wallet (Keplr-shaped, `window.keplr` / `window.leap`), by its name. */
  z.object({ type: z.literal('cosmos'), name: z.string().check(z.minLength(1)).check(z.maxLength(64)) }),
  /** A Polkadot page wallet (an injected extension of `window.injectedWeb3`), by its name. */
  z.object({ type: z.literal('polkadot'), name: z.string().check(z.minLength(1)).check(z.maxLength(64)) }),
  z.object({ type: z.literal('embedded') }),
]);

/** A remembered connector. */
export type ConnectorRef = z.infer<typeof ConnectorRefSchema>;

/** The preferences: recent wallets (rdns or listing ids, most recent first, at most 2, spec §9), the active network, the connected connector. */
export const PreferencesSchema = z.object({
  recentWallets: z.array(z.string().check(z.minLength(1)).check(z.maxLength(128))).check(z.maxLength(2)),
  activeCaipNetworkId: z.nullable(CaipNetworkIdSchema),
  connectedConnector: z.nullable(ConnectorRefSchema),
});

/** The frame's preferences. */
export type Preferences = z.infer<typeof PreferencesSchema>;

/** The stored form (zustand `persist`): `{ state: { preferences }, version }`. */
export const PersistedPreferencesSchema = z.object({
  state: z.object({ preferences: PreferencesSchema }),
  version: z.int(),
});

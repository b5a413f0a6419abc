import { z } from 'zod/mini';

/**
 * The page-wallet events of the opt-in Cosmos and Polkadot host entries, apart from the rest of
 * `cosmosWallets.ts` / `polkadotWallets.ts` so that the frame's `WalletEventSchema` (events.ts,
 * in its initial JS) carries only these two small schemas.
 */

/** The `window` properties the host looks at, each a Keplr-shaped wallet: `keplr` (Keplr) and `leap` (Leap). */
export const COSMOS_WALLET_KEYS = ['keplr', 'leap'] as const;

/** A wallet's `keplr_keystorechange` (or `leap_keystorechange`): the frame asks `getKey` again. */
export const CosmosWalletEventSchema = z.object({ type: z.literal('cosmosChange'), id: z.enum(COSMOS_WALLET_KEYS) });

/** A bridged Keplr-shaped wallet's key change. */
export type CosmosWalletEvent = z.infer<typeof CosmosWalletEventSchema>;

/** An enabled extension's account change (`accounts.subscribe`): the addresses it now lists. */
export const PolkadotWalletEventSchema = z.object({
  type: z.literal('polkadotChange'),
  id: z.string().check(z.maxLength(64)),
  accounts: z.array(z.string().check(z.maxLength(64))).check(z.maxLength(64)),
});

/** A bridged injected extension's account change. */
export type PolkadotWalletEvent = z.infer<typeof PolkadotWalletEventSchema>;

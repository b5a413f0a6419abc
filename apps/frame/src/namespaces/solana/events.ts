import { accountProviderEvents } from '../accountEvents.ts';

/**
 * The solana provider's events (app/events.ts runs them after each store change):
 * `accountsChanged [address]` when the account on a solana network appears or changes,
 * `accountsChanged []` then `disconnect` when it goes (the host's Solana provider turns these
 * into `connect` / `accountChanged` / `disconnect`).
 */
export const solanaProviderEvents = accountProviderEvents('solana');

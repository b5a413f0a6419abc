/**
 * Every key the frame stores starts with the verified parent origin, so another
 * origin of the same site (another port or subdomain, which browsers put in the same
 * storage partition) never reads this dapp's preferences or WalletConnect session.
 */

/** The key prefix for a verified parent origin: `airlock:v1:https://app.example.com:`. */
export function storagePrefix(parentOrigin: string): string {
  return `airlock:v1:${parentOrigin}:`;
}

/** The preferences key (zustand `persist` name) for a verified parent origin. */
export function preferencesKey(parentOrigin: string): string {
  return `${storagePrefix(parentOrigin)}preferences`;
}

/** The prefix of WalletConnect's own keys (its keychain, sessions, pairings …) for a verified parent origin. */
export function walletConnectPrefix(parentOrigin: string): string {
  return `${storagePrefix(parentOrigin)}wc:`;
}

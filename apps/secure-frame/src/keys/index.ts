/**
 * The key code (BIP-39, derivation, Shamir), loaded on first use: the secure frame's
 * start (READY) does not wait for it. See `wallet.ts` and `shares.ts`.
 */
export { fromBase64, rebuild, splitForDevice, splitThree, toBase64 } from './shares.ts';
export { addressesOf, deriveWallet, generateEntropy } from './wallet.ts';

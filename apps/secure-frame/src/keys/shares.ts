import { combine, split } from 'shamir-secret-sharing';
import { addressesOf, deriveWallet, type WalletAddresses, type WalletKeys } from './wallet.ts';

/**
 * The share scheme (docs/embedded-wallet.md "Shares"):
 * - at creation the seed entropy is split 2-of-3 (`shamir-secret-sharing`): the device
 *   share stays in this browser (IndexedDB, wrapped), the auth share and the recovery
 *   share go to the API (the recovery share is sealed there with a key from its environment);
 * - a new device (or a new dapp site, under storage partitioning) rebuilds from auth +
 *   recovery, verifies, and splits the seed again 2-of-2 for itself: its own device
 *   share, and an auth share the API keeps for that device key only. Other devices'
 *   shares stay valid.
 */

/** Base64 of bytes. */
export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

/** Bytes of base64. @throws Error on malformed input */
export function fromBase64(text: string): Uint8Array {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The three shares of a new wallet. */
export type CreatedShares = { device: Uint8Array; auth: Uint8Array; recovery: Uint8Array };

/** Splits `entropy` 2-of-3 into device, auth and recovery shares. */
export async function splitThree(entropy: Uint8Array): Promise<CreatedShares> {
  const [device, auth, recovery] = await split(entropy, 3, 2);
  return { device: device!, auth: auth!, recovery: recovery! };
}

/** Splits `entropy` 2-of-2 for one more device: its own share and the API's half for it. */
export async function splitForDevice(entropy: Uint8Array): Promise<{ device: Uint8Array; auth: Uint8Array }> {
  const [device, auth] = await split(entropy, 2, 2);
  return { device: device!, auth: auth! };
}

/**
 * Rebuilds the seed from two shares and verifies it: the derived addresses must
 * equal the ones registered for the account. The entropy buffer is zeroed after derivation.
 * @throws Error 'The wallet keys could not be verified' when they differ (wrong or altered share)
 */
export async function rebuild(
  shares: [Uint8Array, Uint8Array],
  expected: WalletAddresses,
): Promise<{ keys: WalletKeys; entropy: Uint8Array }> {
  let entropy: Uint8Array;
  try {
    entropy = await combine(shares);
  } catch {
    throw new Error('The wallet keys could not be verified');
  }
  let keys: WalletKeys;
  try {
    keys = deriveWallet(entropy);
  } catch {
    throw new Error('The wallet keys could not be verified');
  }
  const got = addressesOf(keys);
  if (got.eip155.toLowerCase() !== expected.eip155.toLowerCase() || got.solana !== expected.solana)
    throw new Error('The wallet keys could not be verified');
  return { keys, entropy };
}

import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { CompactSize } from '@scure/btc-signer';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils';

/** The prefix of a legacy signed message: its length byte 24, then `Bitcoin Signed Message:\n` (Bitcoin Core `MESSAGE_MAGIC`). */
const MAGIC = utf8ToBytes('\u0018Bitcoin Signed Message:\n');

/**
 * The digest of a legacy ("Bitcoin Signed Message", Bitcoin Core `signmessage`) signature:
 * double SHA-256 of the prefix, the message's length as a CompactSize and the message bytes.
 */
export const legacyMessageHash = (message: Uint8Array): Uint8Array =>
  sha256(sha256(concatBytes(MAGIC, CompactSize.encode(BigInt(message.length)), message)));

/**
 * BIP-137's first byte of the signature, by address type (plus the recovery id 0–3): 31 a
 * compressed p2pkh key, 35 p2sh-p2wpkh, 39 p2wpkh (bech32).
 */
const HEADER = { p2pkh: 31, 'p2sh-p2wpkh': 35, p2wpkh: 39 } as const;

/**
 * A legacy ECDSA signature of `message` (BIP-137, the format of Bitcoin Core's `signmessage`
 * extended to segwit addresses): the 65 bytes header (by `type` and the recovery id), r, s of a
 * low-s RFC 6979 signature of {@link legacyMessageHash} by `privateKey` (@noble/curves). Its
 * base64 is the signature text wallets exchange; `bip322-js`'s `Verifier.verifySignature` checks it.
 */
export function signLegacyMessage(
  message: Uint8Array,
  privateKey: Uint8Array,
  type: keyof typeof HEADER = 'p2wpkh',
): Uint8Array {
  const signature = secp256k1.sign(legacyMessageHash(message), privateKey, { lowS: true });
  return concatBytes(Uint8Array.of(HEADER[type] + signature.recovery), signature.toCompactRawBytes());
}

import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, base64 } from '@scure/base';
import { hexToBytes, isHex, verifyMessage, type Client } from 'viem';
import { verifySiweMessage } from 'viem/siwe';
import { parseSiwxMessage, type SiwxMessageData, type SiwxNamespace } from './message.ts';

/** What {@link verifySiwxMessage} checks besides the signature. */
export type VerifySiwxMessageOptions = {
  /** The EIP-4361 / CAIP-122 message text as signed. */
  message: string;
  /**
   * The signature: eip155 `0x` hex (65-byte ECDSA, or an ERC-1271 / ERC-6492 signature with `client`);
   * solana the 64-byte ed25519 signature in base58, base64 or `0x` hex; bip122 a BIP-322 signature in base64.
   */
  signature: string;
  /** The domain the message must name (RFC 3986 authority, e.g. `app.example.com`); required. */
  domain: string;
  /** The nonce the message must carry (your single-use nonce); omitted = not checked (check it yourself). */
  nonce?: string | undefined;
  /** The instant to check `expirationTime` / `notBefore` against; default now. */
  time?: Date | undefined;
  /**
   * A viem client of the message's chain: with it, eip155 signatures of smart accounts are
   * checked on chain (ERC-1271, and ERC-6492 for undeployed ones, through viem's
   * `verifySiweMessage`); without it only EOA (ECDSA) signatures are valid.
   */
  client?: Client | undefined;
};

/** The outcome of {@link verifySiwxMessage}: the message's fields, or why it is refused. */
export type SiwxVerification =
  | { valid: true; namespace: SiwxNamespace; data: SiwxMessageData }
  | { valid: false; reason: string };

/** The 64 signature bytes of a solana signature in base58, base64 or hex; null when none of them decodes to 64 bytes. */
function solanaSignatureBytes(signature: string): Uint8Array | null {
  const decoders = [
    () => (isHex(signature) ? hexToBytes(signature) : null),
    () => base58.decode(signature),
    () => base64.decode(signature),
  ];
  for (const decode of decoders) {
    try {
      const bytes = decode();
      if (bytes?.length === 64) return bytes;
    } catch {
      /* try the next encoding */
    }
  }
  return null;
}

/**
 * Verifies a sign-in message and its signature (EIP-4361 with `viem/siwe` for eip155,
 * ed25519 over the UTF-8 message for solana, BIP-322 (simple, legacy and full; `bip322-js`,
 * loaded with the first bip122 message) for bip122, CAIP-122): the message parses, names
 * `domain`, carries `nonce` (when given), is within `notBefore` … `expirationTime` at
 * `time`, and the signature is the account's. Never throws: bad input gives
 * `{ valid: false, reason }` ('Not a sign-in message', 'Domain mismatch', 'Nonce mismatch',
 * 'Expired', 'Not yet valid', 'Invalid signature').
 */
export async function verifySiwxMessage(options: VerifySiwxMessageOptions): Promise<SiwxVerification> {
  let parsed: ReturnType<typeof parseSiwxMessage>;
  try {
    parsed = parseSiwxMessage(options.message);
  } catch {
    return { valid: false, reason: 'Not a sign-in message' };
  }
  const { namespace, ...data } = parsed;
  const time = options.time ?? new Date();
  if (data.domain !== options.domain) return { valid: false, reason: 'Domain mismatch' };
  if (options.nonce !== undefined && data.nonce !== options.nonce) return { valid: false, reason: 'Nonce mismatch' };
  if (data.expirationTime && time.getTime() >= Date.parse(data.expirationTime))
    return { valid: false, reason: 'Expired' };
  if (data.notBefore && time.getTime() < Date.parse(data.notBefore)) return { valid: false, reason: 'Not yet valid' };
  let valid = false;
  try {
    if (namespace === 'eip155') {
      if (!isHex(options.signature)) return { valid: false, reason: 'Invalid signature' };
      valid = options.client
        ? await verifySiweMessage(options.client, {
            message: options.message,
            signature: options.signature,
            domain: options.domain,
            time,
          })
        : await verifyMessage({
            address: data.accountAddress as `0x${string}`,
            message: options.message,
            signature: options.signature,
          });
    } else if (namespace === 'bip122') {
      const { Verifier } = await import('bip322-js');
      valid = Verifier.verifySignature(data.accountAddress, options.message, options.signature);
    } else {
      const signature = solanaSignatureBytes(options.signature);
      valid =
        !!signature &&
        ed25519.verify(signature, new TextEncoder().encode(options.message), base58.decode(data.accountAddress));
    }
  } catch {
    valid = false;
  }
  return valid ? { valid: true, namespace, data } : { valid: false, reason: 'Invalid signature' };
}

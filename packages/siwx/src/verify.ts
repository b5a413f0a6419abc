import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base58, base64, bech32 } from '@scure/base';
import { hexToBytes, isHex, ripemd160, sha256, verifyMessage, type Client } from 'viem';
import { verifySiweMessage } from 'viem/siwe';
import { parseSiwxMessage, type SiwxMessageData, type SiwxNamespace } from './message.ts';

/** What {@link verifySiwxMessage} checks besides the signature. */
export type VerifySiwxMessageOptions = {
  /** The EIP-4361 / CAIP-122 message text as signed. */
  message: string;
  /**
   * The signature: eip155 `0x` hex (65-byte ECDSA, or an ERC-1271 / ERC-6492 signature with `client`);
   * solana the 64-byte ed25519 signature in base58, base64 or `0x` hex; bip122 a BIP-322 signature in base64;
   * cosmos the ADR-036 `StdSignature` as JSON (`{"pub_key":{"type","value"},"signature"}`, base64: the
   * public key is needed to check it); polkadot the `signRaw` signature in `0x` hex (sr25519, ed25519 or
   * ecdsa, over the message wrapped in `<Bytes>`, as extensions sign).
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
 * ADR-036 (Keplr's `signArbitrary`): the secp256k1 signature of `signature` over the Amino JSON sign
 * doc of a `sign/MsgSignData` of `message` by `address`, whose key must be the `pub_key` given
 * (the address is ripemd160(sha256(key)), bech32). False for anything malformed.
 */
function verifyAdr036(address: string, message: string, signature: string): boolean {
  const { pub_key, signature: sig } = JSON.parse(signature) as { pub_key?: { value?: unknown }; signature?: unknown };
  if (typeof pub_key?.value !== 'string' || typeof sig !== 'string') return false;
  const key = base64.decode(pub_key.value);
  const { words } = bech32.decode(address as `${string}1${string}`, 90);
  const account = bech32.fromWords(words);
  const derived = hexToBytes(ripemd160(sha256(key)));
  if (account.length !== 20 || !account.every((b, i) => b === derived[i])) return false;
  const data = base64.encode(new TextEncoder().encode(message));
  // The Amino JSON of the sign doc, keys sorted (CosmJS `serializeSignDoc` of the ADR-036 doc).
  const doc = `{"account_number":"0","chain_id":"","fee":{"amount":[],"gas":"0"},"memo":"","msgs":[{"type":"sign/MsgSignData","value":{"data":"${data}","signer":"${address}"}}],"sequence":"0"}`;
  return secp256k1.verify(base64.decode(sig), new TextEncoder().encode(doc), key);
}

/**
 * The signature check of each namespace: whether `options.signature` is `address`'s over
 * `options.message` (`time` for viem's SIWE check). May throw on malformed input (the caller
 * counts that as an invalid signature).
 */
const SIGNATURE_CHECK: Record<
  SiwxNamespace,
  (options: VerifySiwxMessageOptions, address: string, time: Date) => Promise<boolean> | boolean
> = {
  eip155: ({ message, signature, domain, client }, address, time) => {
    if (!isHex(signature)) return false;
    return client
      ? verifySiweMessage(client, { message, signature, domain, time })
      : verifyMessage({ address: address as `0x${string}`, message, signature });
  },
  cosmos: ({ message, signature }, address) => verifyAdr036(address, message, signature),
  polkadot: async ({ message, signature }, address) => {
    if (!isHex(signature)) return false;
    const { cryptoWaitReady, signatureVerify } = await import('@polkadot/util-crypto');
    await cryptoWaitReady();
    return signatureVerify(new TextEncoder().encode(message), signature, address).isValid;
  },
  bip122: async ({ message, signature }, address) => {
    const { Verifier } = await import('bip322-js');
    return Verifier.verifySignature(address, message, signature);
  },
  solana: ({ message, signature }, address) => {
    const bytes = solanaSignatureBytes(signature);
    return !!bytes && ed25519.verify(bytes, new TextEncoder().encode(message), base58.decode(address));
  },
};

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
    valid = await SIGNATURE_CHECK[namespace](options, data.accountAddress, time);
  } catch {
    valid = false;
  }
  return valid ? { valid: true, namespace, data } : { valid: false, reason: 'Invalid signature' };
}

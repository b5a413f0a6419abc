import '../solanaBuffer.ts';
import { base58 } from '@scure/base';
import { VersionedMessage } from '@solana/web3.js';
import { ErrorCode } from '@airlock/protocol';
import { apiFailure } from '../api/client.ts';
import { describeSolanaMessage, hasControlCharacters } from './describe.ts';
import type { ApprovalDetails } from './details.ts';
import { assertSignInForOrigin } from './signInGuard.ts';

/**
 * What `solana_signMessage` may sign (issue 29 items 2 and 6). An ed25519 signature over bytes
 * is a valid transaction signature when those bytes are a transaction message, so, as the
 * major Solana wallets do, the secure frame refuses bytes that parse as a legacy or v0
 * transaction message (`@solana/web3.js` `VersionedMessage.deserialize`). It signs text
 * (printable UTF-8) as it is, and any other bytes only in the Solana off-chain message format,
 * whose signing domain `\xffsolana offchain` no transaction can start with (a message's first
 * byte is its signer count or 0x80 + version). A sign-in message inside either must name the
 * verified dapp origin. Loaded lazily with `@solana/web3.js`.
 */

/** The off-chain message signing domain: 0xff then 'solana offchain' (16 bytes). */
export const OFFCHAIN_SIGNING_DOMAIN = new Uint8Array([0xff, ...new TextEncoder().encode('solana offchain')]);

/** An off-chain message, decoded: header version, application domain (v0), signers (base58), the text. */
export type OffchainMessage = {
  version: number;
  applicationDomain: string | undefined;
  signers: string[];
  text: string;
};

const refuse = (message: string) => apiFailure(ErrorCode.InvalidParams, message);

/** True when `bytes` deserialize as a legacy or v0 Solana transaction message. Never throws. */
export function isSolanaTransactionMessage(bytes: Uint8Array): boolean {
  try {
    VersionedMessage.deserialize(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Printable UTF-8 (tab, newline and carriage return allowed), else undefined. */
export function printableText(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return hasControlCharacters(text) ? undefined : text;
  } catch {
    return undefined;
  }
}

const u16 = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);

/** `count` 32-byte public keys from `at`, base58. */
const keys = (bytes: Uint8Array, at: number, count: number) =>
  Array.from({ length: count }, (_, i) => base58.encode(bytes.subarray(at + 32 * i, at + 32 * (i + 1))));

/**
 * Decodes an off-chain message (the signing domain, then a header by version):
 * - v0 (Anza's off-chain message proposal, `@solana/offchain-messages`): application domain
 *   (32 bytes), format (u8: 0 restricted ASCII, 1 and 2 UTF-8), signer count (u8), signers,
 *   length (u16 LE), the text;
 * - v0 as `solana sign-offchain-message` writes it: format (u8), length (u16 LE), the text;
 * - v1: signer count (u8), signers, the text (the rest).
 * Undefined when `bytes` do not start with the signing domain, the lengths do not add up, or
 * the text is not printable UTF-8.
 */
export function parseOffchainMessage(bytes: Uint8Array): OffchainMessage | undefined {
  const prefix = OFFCHAIN_SIGNING_DOMAIN.length;
  if (bytes.length < prefix + 2 || OFFCHAIN_SIGNING_DOMAIN.some((byte, i) => bytes[i] !== byte)) return undefined;
  const version = bytes[prefix]!;
  const body = (at: number, length: number) =>
    at + length === bytes.length ? printableText(bytes.subarray(at)) : undefined;
  if (version === 0) {
    const count = bytes[prefix + 34] ?? 0;
    const lengthAt = prefix + 35 + 32 * count;
    const text = count > 0 && (bytes[prefix + 33] ?? 9) <= 2 ? body(lengthAt + 2, u16(bytes, lengthAt)) : undefined;
    if (text !== undefined)
      return {
        version,
        applicationDomain: base58.encode(bytes.subarray(prefix + 1, prefix + 33)),
        signers: keys(bytes, prefix + 35, count),
        text,
      };
    const legacy = (bytes[prefix + 1] ?? 9) <= 2 ? body(prefix + 4, u16(bytes, prefix + 2)) : undefined;
    return legacy === undefined ? undefined : { version, applicationDomain: undefined, signers: [], text: legacy };
  }
  if (version === 1) {
    const count = bytes[prefix + 1]!;
    const at = prefix + 2 + 32 * count;
    const text = count > 0 && at <= bytes.length ? printableText(bytes.subarray(at)) : undefined;
    return text === undefined
      ? undefined
      : { version, applicationDomain: undefined, signers: keys(bytes, prefix + 2, count), text };
  }
  return undefined;
}

/**
 * Checks the bytes of a `solana_signMessage` and describes them for the approval: text as text,
 * an off-chain message as its text with its application domain and signers.
 * @throws -32602 when the bytes are a transaction message, neither text nor an off-chain
 *   message, or a sign-in message for another origin than `dappOrigin`
 */
export function checkSolanaMessage(bytes: Uint8Array, dappOrigin: string): ApprovalDetails {
  if (isSolanaTransactionMessage(bytes))
    throw refuse('This message is a Solana transaction. Use signTransaction to sign transactions. It was not signed.');
  const text = printableText(bytes);
  if (text !== undefined) {
    assertSignInForOrigin(text, dappOrigin);
    return describeSolanaMessage(bytes);
  }
  const offchain = parseOffchainMessage(bytes);
  if (!offchain)
    throw refuse(
      'Only text or a Solana off-chain message (signing domain "\\xffsolana offchain") can be signed. These bytes are neither. They were not signed.',
    );
  assertSignInForOrigin(offchain.text, dappOrigin);
  return {
    title: 'Sign an off-chain message',
    fields: [
      ...(offchain.applicationDomain ? [{ label: 'Application domain', value: offchain.applicationDomain }] : []),
      ...(offchain.signers.length ? [{ label: 'Signers', value: offchain.signers.join(', ') }] : []),
    ],
    message: offchain.text,
  };
}

import { hexToBytes, isHex } from 'viem';
import { ErrorCode } from '@airlock/protocol';
import { apiFailure } from '../api/client.ts';

/**
 * Sign-in messages for another site (issue "what the visitor sees is what they sign", item 6).
 * A sign-in message (EIP-4361 "Sign-In with Ethereum", CAIP-122 / Sign In With Solana) names the
 * site that may use the signature to open a session: the header line
 * `[scheme://]domain wants you to sign in with your <chain> account:` and the `URI:` line. A page
 * on one origin must not get such a signature for another site, so the secure frame refuses any
 * message whose header or URI names another origin than the verified dapp origin (the one the
 * secure frame checked on SYNC_DAPP_DATA against `location.ancestorOrigins`). Wallets that follow
 * EIP-4361 do the same. Pure.
 */

/**
 * The header line of EIP-4361 and CAIP-122 (viem's `parseSiweMessage` uses the same shape for
 * Ethereum): optional `scheme://`, the authority, then the fixed words. Matched on every line
 * (trimmed), so a message cannot hide its header behind a first line of its own.
 */
const HEADER = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?(\S*) wants you to sign in with your .* account:$/;

/** What a line of a sign-in message says about the site it is for. */
type Named = { kind: 'domain' | 'uri'; value: string; origin: string | undefined };

/** The origin an EIP-4361 `domain` (an RFC 3986 authority, no path or userinfo) stands for, with the dapp's scheme by default. */
function domainOrigin(scheme: string | undefined, domain: string, dapp: URL): string | undefined {
  if (!domain || /[/?#@\\]/.test(domain)) return undefined;
  try {
    return new URL(`${scheme ?? dapp.protocol.slice(0, -1)}://${domain}`).origin;
  } catch {
    return undefined;
  }
}

/** The origin of a `URI:` value, or undefined when it is not a URL with an origin. */
function uriOrigin(uri: string): string | undefined {
  try {
    const origin = new URL(uri).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * The sites a text names as a sign-in message: each header line's domain and each `URI:` line
 * of a text that has a header. Empty when the text has no sign-in header (any other message).
 */
export function signInNames(text: string, dappOrigin: string): Named[] {
  const dapp = new URL(dappOrigin);
  const lines = text.split(/\r\n|\r|\n/).map((line) => line.trim());
  const named: Named[] = [];
  for (const line of lines) {
    const header = HEADER.exec(line);
    if (header) named.push({ kind: 'domain', value: header[2]!, origin: domainOrigin(header[1], header[2]!, dapp) });
  }
  if (named.length === 0) return named;
  for (const line of lines)
    if (line.startsWith('URI:')) {
      const value = line.slice(4).trim();
      named.push({ kind: 'uri', value, origin: uriOrigin(value) });
    }
  return named;
}

/**
 * Refuses a sign-in message for another site: `text` (the message as UTF-8, decoded leniently)
 * names, in a header line or a `URI:` line, an origin other than `dappOrigin`. Any other text passes.
 * @throws -32602 'This sign-in message is for <domain or URI>, not for <dappOrigin>. It was not signed.'
 */
export function assertSignInForOrigin(text: string, dappOrigin: string): void {
  const origin = new URL(dappOrigin).origin;
  const other = signInNames(text, dappOrigin).find((named) => named.origin !== origin);
  if (other)
    throw apiFailure(
      ErrorCode.InvalidParams,
      `This sign-in message is for ${other.value || 'an unnamed site'}, not for ${origin}. It was not signed.`,
    );
}

/** The bytes as UTF-8 text, invalid sequences replaced (U+FFFD): what a lenient verifier would read. */
export function lenientText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/** A personal_sign message as a verifier would read it: hex as lenient UTF-8, anything else as it is. */
export function personalSignText(data: string): string {
  return isHex(data) ? lenientText(hexToBytes(data)) : data;
}

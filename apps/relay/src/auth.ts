import { decodeJWT, decodeIss, verifyJWT } from '@walletconnect/relay-auth';

/**
 * WebSocket close code the relay uses to refuse a client whose `?auth=` token is missing or invalid.
 *
 * Why 4001 and not 3000: `@walletconnect/jsonrpc-provider` (used by `@walletconnect/core` 2.25)
 * turns a close with code **3000** into a fatal `error` event; the relayer then sets
 * `transportExplicitlyClosed` and never reconnects. Any other code is a plain `disconnect`, after
 * which the relayer reconnects (100 ms later, then with 1–5 s back-off) and signs a **fresh** JWT
 * for the new socket (`crypto.signJWT(relayUrl)` in `createProvider`). 1006 is reserved for
 * abnormal closure and cannot be sent in a close frame. 4001 sits in the private-use range
 * (RFC 6455 §7.4.2), so it cannot clash with a standard code.
 */
export const UNAUTHORIZED_CLOSE_CODE = 4001;

/** Outcome of {@link verifyRelayAuth}: the client's did:key identity, or why the token was refused. */
export type RelayAuthResult =
  | {
      ok: true;
      /** `iss` of the JWT: `did:key:z6Mk…`, the client's ed25519 public key (the SDK's "clientId"). */
      clientId: string;
      /** `exp` of the JWT in ms since the epoch. */
      expiresAt: number;
    }
  | { ok: false; reason: string };

/** Options of {@link verifyRelayAuth}. */
export type VerifyRelayAuthOptions = {
  /**
   * Relay URLs accepted as the JWT `aud` (compared after {@link normalizeRelayUrl}).
   * The SDK signs `aud = relayUrl` exactly as it was configured, e.g. `ws://127.0.0.1:8555`.
   */
  audiences: readonly string[];
  /** Current time in ms since the epoch. */
  now: number;
};

/**
 * Normalises a relay URL for `aud` comparison: drops the query and fragment and trailing slashes,
 * lower-cases scheme and host. `ws://127.0.0.1:8555/?x=1` → `ws://127.0.0.1:8555`.
 * Returns the input trimmed of trailing slashes when it is not a URL.
 */
export function normalizeRelayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname.replace(/\/+$/, '');
    return `${parsed.protocol}//${parsed.host}${path}`.toLowerCase();
  } catch {
    return url.replace(/\/+$/, '');
  }
}

/**
 * Verifies the relay-auth JWT a WalletConnect client sends as `?auth=` when it opens the socket
 * (format of `@walletconnect/relay-auth` 1.x, "Iridium" JWT):
 * header `{ alg: "EdDSA", typ: "JWT" }`, payload `{ iss, sub, aud, iat, exp }` where `iss` is a
 * `did:key` of an ed25519 public key (multicodec `0xed01`, base58btc), signed with that key.
 *
 * Checks, in order: token present and decodable; `alg` EdDSA and `typ` JWT; `iss` is an ed25519
 * did:key; signature valid for that key; `aud` is one of `options.audiences`; `exp` (seconds) is
 * after `options.now`. Never throws: every failure is `{ ok: false, reason }`.
 */
export async function verifyRelayAuth(
  token: string | null | undefined,
  options: VerifyRelayAuthOptions,
): Promise<RelayAuthResult> {
  if (!token) return { ok: false, reason: 'missing auth token' };
  let decoded: ReturnType<typeof decodeJWT>;
  try {
    decoded = decodeJWT(token);
  } catch {
    return { ok: false, reason: 'malformed auth token' };
  }
  const { header, payload } = decoded;
  if (typeof header !== 'object' || header === null || typeof payload !== 'object' || payload === null) {
    return { ok: false, reason: 'malformed auth token' };
  }
  if (header.alg !== 'EdDSA') return { ok: false, reason: `unsupported alg ${String(header.alg)}` };
  if (header.typ !== 'JWT') return { ok: false, reason: `unsupported typ ${String(header.typ)}` };
  if (typeof payload.iss !== 'string') return { ok: false, reason: 'missing iss' };
  try {
    decodeIss(payload.iss);
  } catch (error) {
    return { ok: false, reason: `bad iss: ${(error as Error).message}` };
  }
  let signatureValid = false;
  try {
    signatureValid = await verifyJWT(token);
  } catch {
    signatureValid = false;
  }
  if (!signatureValid) return { ok: false, reason: 'invalid signature' };
  const accepted = options.audiences.map(normalizeRelayUrl);
  if (typeof payload.aud !== 'string' || !accepted.includes(normalizeRelayUrl(payload.aud))) {
    return { ok: false, reason: `wrong audience ${JSON.stringify(payload.aud)}` };
  }
  if (typeof payload.exp !== 'number' || payload.exp * 1000 <= options.now) {
    return { ok: false, reason: 'token expired' };
  }
  return { ok: true, clientId: payload.iss, expiresAt: payload.exp * 1000 };
}

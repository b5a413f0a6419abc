/**
 * WalletConnect one-click sign-in (`wc_sessionAuthenticate`, CAIP-74 CACAO): the connector
 * proposes the session and the sign-in message together, so the wallet asks once. The
 * sign-in module supplies the message fields and receives the wallet's CACAO
 * (docs/siwx.md); this file holds the shapes both sides share and the pure choices.
 */

/**
 * The sign-in fields of a one-click request (the same fields as the personal_sign flow):
 * `domain` / `uri` from the VERIFIED parent origin, the verifier's `nonce`, the dapp's
 * `statement`, `chains` the configured eip155 networks (CAIP-2, the preferred one first),
 * ISO 8601 `exp` (sign-client writes `iat` itself when it sends the request).
 */
export type OneClickRequest = {
  domain: string;
  uri: string;
  nonce: string;
  statement?: string | undefined;
  chains: string[];
  exp?: string | undefined;
};

/** What the wallet answered: one CACAO (the one for the connected chain), the EIP-4361 text it signed, its signature. */
export type OneClickAnswer = {
  /** The CACAO as the wallet sent it (`h`, `p`, `s`). */
  cacao: Record<string, unknown>;
  /** The text the wallet signed (WalletConnect's `formatAuthMessage` of the CACAO payload). */
  message: string;
  /** `cacao.s.s`: the `0x` hex signature. */
  signature: string;
};

/**
 * The sign-in module's part in a WalletConnect connect (ConnectOptions `siwx`):
 * - `request()`: the fields, or null when one-click does not apply (then an ordinary session
 *   proposal, and the sign-in view follows the connection); may reject (the same fallback);
 * - `complete(answer)`: verifies and stores the session before the connection is recorded,
 *   so no second prompt opens. Never rejects (a failure is shown on the sign-in view).
 */
export type OneClickSignIn = {
  request(): Promise<OneClickRequest | null>;
  complete(answer: OneClickAnswer): Promise<void>;
};

/** A CACAO's issuer chain (CAIP-2, `did:pkh:eip155:31337:0x…` → `eip155:31337`), or null when it is not a did:pkh. */
export function cacaoChain(cacao: Record<string, unknown>): string | null {
  const iss = (cacao.p as { iss?: unknown } | undefined)?.iss;
  const match = typeof iss === 'string' ? /^did:pkh:([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):/.exec(iss) : null;
  return match?.[1] ?? null;
}

/** The CACAO to keep among the wallet's (one per chain it signed): the one on `preferred` (CAIP-2), else the first. */
export function pickCacao<T extends Record<string, unknown>>(cacaos: readonly T[], preferred?: string): T | null {
  return cacaos.find((c) => preferred && cacaoChain(c) === preferred) ?? cacaos[0] ?? null;
}

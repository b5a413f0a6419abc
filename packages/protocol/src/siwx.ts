import { z } from 'zod/mini';

/**
 * Sign in with a wallet (SIWX: EIP-4361 for eip155, CAIP-122 / Sign In With Solana for
 * solana), spec §2 SIWXSignMessage, §3 sign-in message and Session, §4 sign-in flow.
 * The message's `domain` and `uri` are never options: the frame takes them from the parent
 * origin it verified at boot (docs/siwx.md).
 */

/** Message when a dapp passes both `siweConfig` and `siwx` (spec §5). */
export const SIWX_BOTH_CONFIGS = 'Cannot set both `siweConfig` and `siwx` options';

/** Default session lifetime: 7 days, in seconds. */
export const SIWX_DEFAULT_EXPIRES_IN_SECONDS = 7 * 24 * 60 * 60;

/** An http(s) URL. */
const HttpUrl = z.url({ protocol: /^https?$/ });

/**
 * The dapp's sign-in options (`createWidget({ siwx })`):
 * - `required`: sign-in is mandatory; the modal cannot be closed on SIWXSignMessage
 *   without a session, and cancelling disconnects (spec §2, §4). Default false.
 * - `statement`: the human-readable line of the message (one line, ≤ 280 characters).
 * - `expiresInSeconds`: session lifetime written as the message's `expirationTime`
 *   (1 s … 30 days; default 7 days).
 * - `custom`: the dapp's own backend instead of the provider API (EIP-4361's relying
 *   party): the frame calls `GET nonceUrl` → `{ nonce }` and `POST verifyUrl` with
 *   `{ message, signature, cacao? }` (JSON) → 2xx `{ token? }` when valid, any other status
 *   when not. Both must answer CORS requests from the widget origin.
 *
 * Any other key (a `domain` or `uri` a page passes) is dropped: the message always
 * names the verified parent origin.
 */
export const SiwxOptionsSchema = z.object({
  required: z.optional(z.boolean()),
  statement: z.optional(
    z
      .string()
      .check(z.maxLength(280))
      .check(z.regex(/^[^\n\r]*$/, { error: 'The statement must be one line' })),
  ),
  expiresInSeconds: z.optional(
    z
      .int()
      .check(z.gte(1))
      .check(z.lte(30 * 24 * 60 * 60)),
  ),
  custom: z.optional(z.object({ nonceUrl: HttpUrl, verifyUrl: HttpUrl })),
});

/** Sign-in options of a dapp. */
export type SiwxOptions = z.infer<typeof SiwxOptionsSchema>;

/**
 * The fields of a sign-in message (spec §3): `accountAddress` (EIP-55 or base58),
 * `chainId` (CAIP-2 id), `domain` (RFC 3986 authority of the verified parent origin),
 * `uri` (that origin), `version` `1`, `nonce`, ISO 8601 `issuedAt` / `expirationTime` /
 * `notBefore`, optional `statement`, `requestId`, `resources`. A `statement` here may be longer
 * than the option's 280 characters: a WalletConnect one-click sign-in appends the ReCap
 * sentence (EIP-5573) naming the methods the wallet authorised.
 */
export const SiwxMessageDataSchema = z.object({
  accountAddress: z.string().check(z.minLength(1)).check(z.maxLength(64)),
  chainId: z.string().check(z.minLength(3)).check(z.maxLength(80)),
  domain: z.string().check(z.minLength(1)).check(z.maxLength(255)),
  uri: z.string().check(z.minLength(1)).check(z.maxLength(2048)),
  version: z.literal('1'),
  nonce: z.string().check(z.minLength(8)).check(z.maxLength(128)),
  issuedAt: z.string(),
  expirationTime: z.optional(z.string()),
  notBefore: z.optional(z.string()),
  statement: z.optional(z.string().check(z.maxLength(1000))),
  requestId: z.optional(z.string().check(z.maxLength(200))),
  resources: z.optional(z.array(z.string().check(z.maxLength(2048))).check(z.maxLength(20))),
});

/** Sign-in message fields. */
export type SiwxMessageData = z.infer<typeof SiwxMessageDataSchema>;

/**
 * A sign-in session (spec §3 Session: data, message, signature, optional cacao) plus what
 * the verifier returned: `token` (the provider API's ES256 JWT, `null` when a custom
 * backend returned none) and `sessionId` (the API's session id, `null` in custom mode).
 * `cacao` is the WalletConnect one-click-auth object (CAIP-74) when the session came from one.
 */
export const SiwxSessionSchema = z.object({
  data: SiwxMessageDataSchema,
  message: z.string().check(z.minLength(1)).check(z.maxLength(4000)),
  signature: z.string().check(z.minLength(1)).check(z.maxLength(20_000)),
  cacao: z.optional(z.record(z.string(), z.unknown())),
  token: z.nullable(z.string().check(z.maxLength(8000))),
  sessionId: z.nullable(z.string().check(z.maxLength(128))),
});

/** A sign-in session. */
export type SiwxSession = z.infer<typeof SiwxSessionSchema>;

/** Sign-in texts of spec §8. */
export const SiwxText = {
  /** SIWXSignMessage after the wallet refused or the verifier rejected the signature. */
  ErrorSigning: 'Error signing message',
  /** Sign-in asked for while the dapp did not turn it on, or the deployment has no verifier. */
  NotEnabled: 'SIWX is not enabled',
  /** Sign-in asked for without a connected account. */
  NoActiveCaipAddress: 'No ActiveCaipAddress found',
} as const;

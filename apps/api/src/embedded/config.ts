import type { FarcasterOptions } from '../farcaster/config.ts';
import type { SocialProviders } from '../social/config.ts';

/**
 * Configuration of the embedded wallet routes (env parsing in `src/env.ts`;
 * docs/embedded-wallet.md "Environment").
 */
export type EmbeddedOptions = {
  /** SMTP URL the codes and approval links are sent to (`AIRLOCK_API_SMTP_URL`), e.g. `smtp://127.0.0.1:2525`. */
  smtpUrl: string;
  /** From address of the mails (`AIRLOCK_API_MAIL_FROM`), default `Airlock <no-reply@airlock.local>`. */
  mailFrom?: string;
  /**
   * 32-byte AES-256-GCM key that encrypts recovery shares (`AIRLOCK_API_RECOVERY_KEY`, base64).
   * Environment only, never in the database: a database dump alone cannot open a recovery share.
   */
  recoveryKey: Uint8Array;
  /** Key of the session JWTs (HS256) and the code HMACs; default derived from `recoveryKey`. */
  sessionSecret?: Uint8Array;
  /** Origins of the secure frame deployment(s) allowed to call these routes from a browser (`AIRLOCK_API_SECURE_FRAME_ORIGINS`). */
  secureFrameOrigins: string[];
  /** Public base URL of the API (approval links, DPoP `htu`); default the request's own URL. */
  publicUrl?: string;
  /** Access token lifetime in ms, default 10 minutes. */
  accessTokenTtlMs?: number;
  /** Refresh token lifetime in ms, default 30 days. */
  refreshTtlMs?: number;
  /**
   * End-to-end tests only (`AIRLOCK_API_TEST_CLOCK=1`, refused with `NODE_ENV=production`): the
   * embedded routes' clock can be moved forward with `POST /v1/test/clock {advanceMs}`.
   */
  testClock?: boolean;
  /** Sign In With Farcaster (`AIRLOCK_API_FARCASTER_*`, docs/embedded-wallet.md "Farcaster"); off when absent. */
  farcaster?: FarcasterOptions;
  /** Social login providers (`AIRLOCK_API_SOCIAL_PROVIDERS`, docs/embedded-wallet.md "Social login"); none by default. */
  socialProviders?: SocialProviders;
};

/** Code and cool-down rules (docs/embedded-wallet.md "Codes"). */
export const CODE_RULES = {
  /** A code is valid this long after it was mailed (ms). */
  ttlMs: 10 * 60_000,
  /** Wrong tries before a code is dead. */
  maxAttempts: 5,
  /** Between two mails of the same kind to one address (ms): 'Please try again after N seconds'. */
  cooldownMs: 30_000,
  /** A device approval link is valid this long (ms). */
  approvalTtlMs: 15 * 60_000,
} as const;

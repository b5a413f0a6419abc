import { z } from 'zod/mini';
import type { SecretStorage } from '../../storage/secrets.ts';

/**
 * The cached email-login data (spec §3 'Local storage keeps … email-login-used flag,
 * email, last email login time'): kept in the widget origin's secret storage (never
 * the dapp-origin blob: an email is personal data), under the verified parent
 * origin's prefix. No key material: the keys live only in the secure frame.
 */

/** The storage key (the secret storage adds the parent-origin prefix). */
export const LOGIN_DATA_KEY = 'embedded:login';

/** The stored shape. */
export const LoginDataSchema = z.strictObject({
  /** The last email used to log in, null when none. */
  email: z.nullable(z.string().check(z.maxLength(254))),
  /** True once an email login succeeded here. */
  emailLoginUsed: z.boolean(),
  /** When the last email code was requested, ms since the epoch, null after a successful login (spec §4). */
  lastEmailLoginTime: z.nullable(z.int().check(z.nonnegative())),
});

/** The cached email-login data. */
export type LoginData = z.infer<typeof LoginDataSchema>;

/** Nothing cached. */
export const EMPTY_LOGIN_DATA: LoginData = { email: null, emailLoginUsed: false, lastEmailLoginTime: null };

/** The cached data, validated; {@link EMPTY_LOGIN_DATA} when absent or malformed. */
export function readLoginData(secrets: SecretStorage): LoginData {
  const raw = secrets.get(LOGIN_DATA_KEY);
  if (!raw) return EMPTY_LOGIN_DATA;
  try {
    const parsed = LoginDataSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_LOGIN_DATA;
  } catch {
    return EMPTY_LOGIN_DATA;
  }
}

/** Stores `data` (merged over what is cached) and returns the result. */
export function writeLoginData(secrets: SecretStorage, data: Partial<LoginData>): LoginData {
  const next = { ...readLoginData(secrets), ...data };
  secrets.set(LOGIN_DATA_KEY, JSON.stringify(next));
  return next;
}

/** Forgets the cached login data (spec §4 'Disconnect clears cached login data'). */
export function clearLoginData(secrets: SecretStorage): void {
  secrets.remove(LOGIN_DATA_KEY);
}

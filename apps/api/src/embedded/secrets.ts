import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** A derived key for one purpose: HMAC-SHA256(master, label). */
export function deriveKey(master: Uint8Array, label: string): Buffer {
  return createHmac('sha256', master).update(label).digest();
}

/** A fresh 6-digit code (CSPRNG, uniform over 000000–999999). */
export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** A random id or token: `bytes` random bytes as base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** HMAC of a code under the code pepper, bound to the code row's id (a table dump alone does not reveal codes by lookup). */
export function hashCode(pepper: Uint8Array, codeId: string, code: string): string {
  return createHmac('sha256', pepper).update(`${codeId}\n${code}`).digest('hex');
}

/** Constant-time check of a typed code against the stored HMAC. */
export function codeMatches(pepper: Uint8Array, codeId: string, code: string, storedHash: string): boolean {
  const typed = Buffer.from(hashCode(pepper, codeId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return typed.length === stored.length && timingSafeEqual(typed, stored);
}

/** SHA-256 of a bearer token (refresh tokens, approval tokens), hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Encrypts a recovery share with AES-256-GCM under the environment recovery key.
 * @returns base64 of `iv (12) || ciphertext || tag (16)`.
 */
export function sealRecoveryShare(key: Uint8Array, share: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(share, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

/**
 * Opens a sealed recovery share.
 * @throws Error when the key is wrong or the ciphertext was altered (GCM tag check).
 */
export function openRecoveryShare(key: Uint8Array, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
}

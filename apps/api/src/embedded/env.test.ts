import { describe, expect, it } from 'vitest';
import { embeddedFromEnv } from '../env.ts';

const KEY = Buffer.alloc(32, 7).toString('base64');
const full = {
  AIRLOCK_API_SMTP_URL: 'smtp://127.0.0.1:2525',
  AIRLOCK_API_RECOVERY_KEY: KEY,
  AIRLOCK_API_SECURE_FRAME_ORIGINS: 'http://127.0.0.3:5178',
};

describe('embedded wallet environment', () => {
  it('is off without its variables and on with all three', () => {
    expect(embeddedFromEnv({})).toBeUndefined();
    const options = embeddedFromEnv(full)!;
    expect(options.secureFrameOrigins).toEqual(['http://127.0.0.3:5178']);
    expect(Buffer.from(options.recoveryKey).toString('base64')).toBe(KEY);
  });

  it('names what is missing or malformed', () => {
    expect(() => embeddedFromEnv({ AIRLOCK_API_SMTP_URL: full.AIRLOCK_API_SMTP_URL })).toThrow(
      'missing AIRLOCK_API_RECOVERY_KEY, AIRLOCK_API_SECURE_FRAME_ORIGINS',
    );
    expect(() => embeddedFromEnv({ ...full, AIRLOCK_API_RECOVERY_KEY: 'c2hvcnQ=' })).toThrow(
      'AIRLOCK_API_RECOVERY_KEY must be 32 bytes',
    );
    expect(() => embeddedFromEnv({ ...full, AIRLOCK_API_SMTP_URL: 'http://x' })).toThrow('AIRLOCK_API_SMTP_URL');
    expect(() => embeddedFromEnv({ ...full, AIRLOCK_API_SECURE_FRAME_ORIGINS: 'http://127.0.0.3:5178/' })).toThrow(
      'is not an origin',
    );
  });
});

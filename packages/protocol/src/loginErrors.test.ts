import { describe, expect, it } from 'vitest';
import { LoginErrorKey, loginError, loginErrorData, loginErrorMessage } from './loginErrors.ts';

describe('LoginErrorData', () => {
  it('accepts a known key, with or without params', () => {
    expect(loginErrorData({ messageKey: 'error.LoginInvalidCode' })).toEqual({ messageKey: LoginErrorKey.InvalidCode });
    expect(loginErrorData({ messageKey: 'error.LoginCooldown', params: { seconds: 12 } })).toEqual({
      messageKey: 'error.LoginCooldown',
      params: { seconds: 12 },
    });
  });

  it('refuses unknown keys and malformed data', () => {
    for (const bad of [
      undefined,
      null,
      'error.LoginInvalidCode',
      { messageKey: 'error.SendInvalidAmount' },
      { messageKey: 'Invalid code' },
      { messageKey: '__proto__' },
      { messageKey: 'error.LoginInvalidCode', extra: 1 },
      { messageKey: 'error.LoginCooldown', params: { seconds: { x: 1 } } },
      { messageKey: 'error.LoginCooldown', params: { 'a.b': 1 } },
      { messageKey: 'error.LoginCooldown', params: { seconds: 'x'.repeat(65) } },
    ])
      expect(loginErrorData(bad), JSON.stringify(bad)).toBeUndefined();
  });

  it('fills the English text of a keyed error', () => {
    expect(loginErrorMessage(loginError('Cooldown', { seconds: 12 }))).toBe('Please try again after 12 seconds');
    expect(loginErrorMessage(loginError('InvalidCode'))).toBe('Invalid code');
  });
});

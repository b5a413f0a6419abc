import { describe, expect, it } from 'vitest';
import { direction, matchShipped, resolveLocale } from './locale.ts';

describe('the modal language (FrameConfig.locale → browser → English)', () => {
  it('takes the configured language, or its base language', () => {
    expect(resolveLocale('es', ['en-US'])).toBe('es');
    expect(resolveLocale('es-MX', ['en-US'])).toBe('es');
    expect(resolveLocale('AR-eg', [])).toBe('ar');
  });

  it("falls back to the browser's first shipped language, then English", () => {
    expect(resolveLocale(undefined, ['fr-FR', 'es-ES', 'en'])).toBe('es');
    expect(resolveLocale('de', ['ar-SA'])).toBe('ar');
    expect(resolveLocale('de', ['fr-FR'])).toBe('en');
    expect(resolveLocale(undefined, [])).toBe('en');
  });

  it('matches whole language subtags only', () => {
    expect(matchShipped('esp')).toBeUndefined();
    expect(matchShipped('')).toBeUndefined();
  });

  it('writes Arabic right to left', () => {
    expect(direction('ar')).toBe('rtl');
    expect(direction('es')).toBe('ltr');
  });
});

import { describe, expect, it } from 'vitest';
import { direction, matchShipped, resolveLocale, SHIPPED_LOCALES } from './locale.ts';

describe('the modal language (FrameConfig.locale → browser → English)', () => {
  it('takes the configured language, or its base language', () => {
    expect(resolveLocale('es', ['en-US'])).toBe('es');
    expect(resolveLocale('es-MX', ['en-US'])).toBe('es');
    expect(resolveLocale('AR-eg', [])).toBe('ar');
  });

  it("falls back to the browser's first shipped language, then English", () => {
    expect(resolveLocale(undefined, ['sw-KE', 'es-ES', 'en'])).toBe('es');
    expect(resolveLocale('sw', ['ar-SA'])).toBe('ar');
    expect(resolveLocale('sw', ['nl-NL'])).toBe('en');
    expect(resolveLocale(undefined, [])).toBe('en');
  });

  it('ships twenty languages, each matched by its own tag and its regional variants', () => {
    expect(SHIPPED_LOCALES).toHaveLength(20);
    for (const locale of SHIPPED_LOCALES) expect(matchShipped(locale)).toBe(locale);
    expect(matchShipped('fr-CA')).toBe('fr');
    expect(matchShipped('de-AT')).toBe('de');
    expect(matchShipped('ja-JP')).toBe('ja');
    expect(matchShipped('ko_KR')).toBe('ko');
    expect(matchShipped('fa-IR')).toBe('fa');
    expect(matchShipped('he-IL')).toBe('he');
  });

  it('takes Brazilian Portuguese for any Portuguese, and the old codes iw (Hebrew) and in (Indonesian)', () => {
    expect(matchShipped('pt')).toBe('pt-BR');
    expect(matchShipped('pt-PT')).toBe('pt-BR');
    expect(matchShipped('pt-br')).toBe('pt-BR');
    expect(matchShipped('iw')).toBe('he');
    expect(matchShipped('in-ID')).toBe('id');
  });

  it('takes Traditional Chinese for zh-Hant, zh-TW, zh-HK and zh-MO, else Simplified', () => {
    for (const tag of ['zh-Hant', 'zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant-TW', 'zh-Hant-CN', 'ZH_tw'])
      expect(matchShipped(tag)).toBe('zh-TW');
    for (const tag of ['zh', 'zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-HK', 'zh-cn'])
      expect(matchShipped(tag)).toBe('zh-CN');
  });

  it('matches whole language subtags only', () => {
    expect(matchShipped('esp')).toBeUndefined();
    expect(matchShipped('')).toBeUndefined();
  });

  it('writes Arabic, Persian and Hebrew right to left, the others left to right', () => {
    expect(SHIPPED_LOCALES.filter((l) => direction(l) === 'rtl')).toEqual(['ar', 'fa', 'he']);
    expect(direction('es')).toBe('ltr');
  });
});

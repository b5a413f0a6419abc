import { describe, expect, it } from 'vitest';
import { SHIPPED_LOCALES } from './locale.ts';
import { createTranslator } from './translator.ts';

describe('the frame translator', () => {
  it('loads the Spanish catalog and interpolates', async () => {
    const i18n = await createTranslator('es');
    expect(i18n.language).toBe('es');
    expect(i18n.t('Connect Wallet')).toBe('Conectar billetera');
    expect(i18n.t('Continue in {{wallet}}', { wallet: 'Dev Wallet' })).toBe('Continúa en Dev Wallet');
  });

  it('loads Arabic', async () => {
    const i18n = await createTranslator('ar');
    expect(i18n.t('Close')).toBe('إغلاق');
  });

  it('loads every shipped catalog by its tag, translated (not the English text)', async () => {
    for (const locale of SHIPPED_LOCALES.filter((l) => l !== 'en')) {
      const i18n = await createTranslator(locale);
      expect(i18n.language).toBe(locale);
      expect(i18n.t('Connect Wallet')).not.toBe('Connect Wallet');
      expect(i18n.t('Balance {{amount}}', { amount: '1.5 ETH' })).toContain('1.5 ETH');
    }
    expect((await createTranslator('pt-BR')).t('Connect Wallet')).toBe('Conectar carteira');
    expect((await createTranslator('zh-TW')).t('Connect Wallet')).toBe('連結錢包');
    expect((await createTranslator('zh-CN')).t('Connect Wallet')).toBe('连接钱包');
  });

  it('shows a text it has no key for as it is (a message kept in state), and dots and colons are text', async () => {
    const i18n = await createTranslator('es');
    expect(i18n.t('Some new message: with a colon.')).toBe('Some new message: with a colon.');
    expect(i18n.t('alert.ServerError.short')).toBe('Error del servidor');
  });
});

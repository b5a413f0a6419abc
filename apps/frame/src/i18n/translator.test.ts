import { describe, expect, it } from 'vitest';
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

  it('shows a text it has no key for as it is (a message kept in state), and dots and colons are text', async () => {
    const i18n = await createTranslator('es');
    expect(i18n.t('Some new message: with a colon.')).toBe('Some new message: with a colon.');
    expect(i18n.t('alert.ServerError.short')).toBe('Error del servidor');
  });
});

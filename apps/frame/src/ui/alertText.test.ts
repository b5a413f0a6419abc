import { Alert } from '@airlock/protocol';
import { describe, expect, it } from 'vitest';
import { ApiAlert, alertForError } from '../api/alerts.ts';
import { ApiError } from '../api/client.ts';
import { createTranslator } from '../i18n/translator.ts';
import { translatedAlert } from './alertText.ts';

describe('alerts are translated by their key, not by their English text', () => {
  it('the catalog answers for the key: an edited English text changes no translation', async () => {
    const es = await createTranslator('es');
    const shown = translatedAlert(es.t, Alert.MultiWalletNotEnabled);
    expect(shown.short).toBe('Multicartera no habilitada');
    // The same identity with other English wording: the visitor reads the same Spanish.
    expect(translatedAlert(es.t, { ...Alert.MultiWalletNotEnabled, short: 'Several wallets are off' })).toEqual(shown);
  });

  it('a key no catalog has shows the English fallback; the cause follows untranslated', async () => {
    const en = await createTranslator('en');
    expect(translatedAlert(en.t, { key: 'alert.notInAnyCatalog', short: 'Title', long: 'Text.' })).toEqual({
      short: 'Title',
      long: 'Text.',
    });
    const es = await createTranslator('es');
    const alert = alertForError(new ApiError(503, 'upstream down'));
    expect(alert).toMatchObject({ key: ApiAlert.ServerError.key, detail: 'status 503: upstream down' });
    expect(translatedAlert(es.t, alert!)).toEqual({
      short: 'Error del servidor',
      long: 'No se pudo obtener la configuración de la app. (status 503: upstream down)',
    });
  });
});

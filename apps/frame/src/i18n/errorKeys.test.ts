import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import de from './locales/de.json';
import { ConnectError, errorText } from './errorKeys.ts';

describe('errors shown in the modal carry a message key, not their English sentence', () => {
  it('translates the connect errors by key, and falls back to the English text where a catalog lacks it', async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'de', resources: { de: { translation: de } }, fallbackLng: false });
    expect(ConnectError.rejected.key).toBe('error.ConnectionRejected');
    expect(errorText(i18n.t, ConnectError.rejected)).toBe(de['error.ConnectionRejected']);
    expect(errorText(i18n.t, ConnectError.failed)).toBe(de['error.FailedToConnect']);
    expect(de['error.ConnectionRejected']).not.toBe(ConnectError.rejected.text);
    const bare = createInstance();
    await bare.init({ lng: 'de', resources: { de: { translation: {} } }, fallbackLng: false });
    expect(errorText(bare.t, ConnectError.failed)).toBe('Failed to connect');
  });
});

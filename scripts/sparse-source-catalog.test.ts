import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { dropIdentityEntries } from './sparse-source-catalog.mjs';

describe('sparse-source-catalog', () => {
  it('drops the entries whose text is their key and keeps the others', () => {
    const { json, removed } = dropIdentityEntries(
      JSON.stringify({ Send: 'Send', '{{count}} items_one': 'One item', 'Sent {{amount}}': 'Sent {{amount}}' }),
    );
    expect(removed).toBe(2);
    expect(JSON.parse(json)).toEqual({ '{{count}} items_one': 'One item' });
  });

  it('the sparse English catalog translates every key of the full one to the same text', async () => {
    const path = fileURLToPath(new URL('../apps/frame/src/i18n/locales/en.json', import.meta.url));
    const full = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
    const sparse = JSON.parse(dropIdentityEntries(JSON.stringify(full)).json) as Record<string, string>;
    const i18n = createInstance();
    await i18n.init({
      lng: 'en',
      fallbackLng: 'en',
      resources: { en: { translation: sparse } },
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    const values = { name: 'Ada', count: 2, amount: '1 ETH', app: 'Demo', network: 'Base', wallet: 'Dev' };
    for (const key of Object.keys(full)) {
      if (/_(zero|one|two|few|many|other)$/.test(key)) continue;
      const expected = full[key]!.replace(/\{\{(\w+)\}\}/g, (m, k: string) =>
        String(values[k as keyof typeof values] ?? m),
      );
      expect(i18n.t(key, values)).toBe(expected);
    }
  });
});

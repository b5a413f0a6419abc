import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

// Vitest setup (vitest.config.ts setupFiles): components rendered without the frame's
// I18nextProvider (app/render.tsx) translate with this English instance.
await i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: en } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
});

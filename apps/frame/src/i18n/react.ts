import { useTranslation } from 'react-i18next';
import { matchShipped, type ShippedLocale } from './locale.ts';

/**
 * The active language of the modal (for `Intl` number, currency and date formats), from the
 * translator the frame renders with (`I18nextProvider` in app/render.tsx).
 */
export function useLocale(): ShippedLocale {
  const { i18n } = useTranslation();
  return matchShipped(i18n.language) ?? 'en';
}

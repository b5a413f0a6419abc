import type { TFunction } from 'i18next';
import type { AlertText } from '../store/state.ts';

/**
 * The texts to show for `alert`, translated by its key (`<key>.short`, `<key>.long`), its English
 * texts when the catalog lacks them; its `detail` (the cause as it came) follows the text in
 * parentheses, untranslated. Pure.
 */
export function translatedAlert(t: TFunction, alert: AlertText): { short: string; long: string } {
  const long = t(`${alert.key}.long`, { defaultValue: alert.long });
  return {
    short: t(`${alert.key}.short`, { defaultValue: alert.short }),
    long: alert.detail ? `${long} (${alert.detail})` : long,
  };
}

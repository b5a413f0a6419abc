import { Alert } from '@airlock/protocol';
import type { TFunction } from 'i18next';
import type { BootProblem } from '../config/parseConfig.ts';
import { useTranslation } from 'react-i18next';
import { translatedAlert } from './alertText.ts';

/** The short and long texts for a boot problem (spec §8 alerts), through the translator `t`. */
export function alertText(problem: BootProblem, t: TFunction): { short: string; long: string } {
  if (problem.kind === 'projectId') {
    return translatedAlert(t, Alert.ProjectIdNotConfigured);
  }
  if (problem.kind === 'origin') {
    return translatedAlert(t, { ...Alert.InvalidAppConfiguration, detail: problem.message });
  }
  return {
    short: t('Invalid Widget Configuration'),
    long: t('The widget configuration is malformed: {{message}}', { message: problem.message }),
  };
}

/** A `role="alert"` panel shown instead of the modal when the frame cannot start. */
export function BootAlert({ problem }: { problem: BootProblem }) {
  const { t } = useTranslation();
  const { short, long } = alertText(problem, t);
  return (
    <div role="alert" className="airlock-alert">
      <strong className="airlock-alert-title">{short}</strong>
      <p className="airlock-alert-text">{long}</p>
    </div>
  );
}

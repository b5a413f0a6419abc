import { Alert } from '@airlock/protocol';
import type { BootProblem } from '../config/parseConfig.ts';

/** The short and long texts for a boot problem (spec §8 alerts). */
export function alertText(problem: BootProblem): { short: string; long: string } {
  if (problem.kind === 'projectId') return Alert.ProjectIdNotConfigured;
  if (problem.kind === 'origin') {
    return {
      short: Alert.InvalidAppConfiguration.short,
      long: `${Alert.InvalidAppConfiguration.long} (${problem.message})`,
    };
  }
  return { short: 'Invalid Widget Configuration', long: `The widget configuration is malformed: ${problem.message}` };
}

/** A `role="alert"` panel shown instead of the modal when the frame cannot start. */
export function BootAlert({ problem }: { problem: BootProblem }) {
  const { short, long } = alertText(problem);
  return (
    <div role="alert" className="airlock-alert">
      <strong className="airlock-alert-title">{short}</strong>
      <p className="airlock-alert-text">{long}</p>
    </div>
  );
}

import type { FrameConfig } from '@airlock/protocol';
import type { TFunction } from 'i18next';
import type { Route } from '../store/routes.ts';
import { viewEntry } from './viewTable.tsx';

/**
 * The title of a view, also the dialog's accessible name (docs/integration.md names), through
 * the translator `t` (the English titles are the keys); from the view table.
 */
export function viewTitle(config: FrameConfig, route: Route, t: TFunction): string {
  return viewEntry(route).title(route, { config, t });
}

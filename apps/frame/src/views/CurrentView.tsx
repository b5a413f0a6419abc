import { Suspense } from 'react';
import { Trans } from 'react-i18next';
import type { Route } from '../store/routes.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { viewEntry } from './viewTable.tsx';

const loading = (
  <p className="airlock-status">
    <Spinner /> <Trans>Loading</Trans>
  </p>
);

/** Renders the view for `route` from the view table (lazy views show 'Loading' while their chunk loads). */
export function CurrentView({ route }: { route: Route }) {
  const entry = viewEntry(route);
  const view = entry.render(route);
  return entry.lazy ? <Suspense fallback={loading}>{view}</Suspense> : view;
}

import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, ViewError } from '../i18n/errorKeys.ts';
import { lazyWithRetry, type LazyModule, type LoadFailedProps } from './lazyRetry.tsx';

/**
 * What a lazy part of a view (the Account view's tabs, account type switch, namespace details) shows
 * when its chunk did not load: one small line, 'This part could not load' and Try again, where the part
 * would be; the rest of the view works as before.
 */
function PartLoadFailed({ retry }: LoadFailedProps) {
  const { t } = useTranslation();
  return (
    <p className="airlock-status" data-testid="part-load-failed">
      <span role="alert" className="airlock-error-text">
        {errorText(t, ViewError.partLoadFailed)}
      </span>{' '}
      <button type="button" className="airlock-link-button" onClick={retry}>
        {t('Try again')}
      </button>
    </p>
  );
}

/**
 * `React.lazy(load)` for a part inside a view, with the part-sized fallback: when the chunk fails to
 * load, {@link PartLoadFailed} shows in its place (the retry logic is lazyView's: {@link lazyWithRetry}).
 * A `Suspense` above shows the part's loading state.
 */
export function lazyPart<P extends object = Record<string, never>>(
  load: () => Promise<LazyModule<P>>,
): ComponentType<P> {
  return lazyWithRetry(load, PartLoadFailed);
}

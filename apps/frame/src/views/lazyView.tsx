import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { leaveView } from '../actions/modal.ts';
import { useFrame } from '../core/react.ts';
import { errorText, ViewError } from '../i18n/errorKeys.ts';
import { lazyWithRetry, type LazyModule, type LoadFailedProps } from './lazyRetry.tsx';

/** A view module as `React.lazy` takes it. */
export type ViewModule<P> = LazyModule<P>;

/**
 * What a lazy view shows when its chunk did not load (network down, a new deployment removed it):
 * 'This view could not load', Try again (loads the chunk again) and Back (the view below, or the
 * modal's first view). The connection and the rest of the modal stay as they are.
 */
function ViewLoadFailed({ retry }: LoadFailedProps) {
  const { t } = useTranslation();
  const frame = useFrame();
  return (
    <div className="airlock-center">
      <p role="alert" className="airlock-status airlock-error-text">
        {errorText(t, ViewError.loadFailed)}
      </p>
      <button type="button" className="airlock-button" onClick={retry}>
        {t('Try again')}
      </button>
      <button type="button" className="airlock-button airlock-secondary" onClick={() => leaveView(frame)}>
        {t('Back')}
      </button>
    </div>
  );
}

/**
 * `React.lazy(load)` for a view of the modal, with the one fallback every lazy view shares: when the
 * chunk fails to load, the view says so and offers Try again and Back instead of blanking the modal
 * (the retry logic: {@link lazyWithRetry}). A `Suspense` above shows 'Loading'.
 */
export function lazyView<P extends object = Record<string, never>>(
  load: () => Promise<ViewModule<P>>,
): ComponentType<P> {
  return lazyWithRetry(load, ViewLoadFailed);
}

import { Component, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { leaveView } from '../actions/modal.ts';
import { useFrame } from '../core/react.ts';
import { errorText, ViewError } from '../i18n/errorKeys.ts';

/** A view module as `React.lazy` takes it. */
export type ViewModule<P> = { default: ComponentType<P> };

/**
 * What a lazy view shows when its chunk did not load (network down, a new deployment removed it):
 * 'This view could not load', Try again (loads the chunk again) and Back (the view below, or the
 * modal's first view). The connection and the rest of the modal stay as they are.
 */
function ViewLoadFailed({ retry }: { retry(): void }) {
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

/** The rejection of a lazy view's import, told apart from an error the view itself throws while rendering. */
class ViewLoadError extends Error {
  constructor(cause: unknown) {
    super('view chunk failed to load', { cause });
    this.name = 'ViewLoadError';
  }
}

/**
 * Catches a {@link ViewLoadError} below it and shows {@link ViewLoadFailed} in its place; any other
 * error goes on up, as without it.
 */
class ViewLoadBoundary extends Component<{ retry(): void; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error instanceof ViewLoadError) return <ViewLoadFailed retry={this.props.retry} />;
    if (error) throw error;
    return this.props.children;
  }
}

/**
 * `React.lazy(load)` for a view of the modal, with the one fallback every lazy view shares: when the
 * chunk fails to load, the view says so and offers Try again and Back instead of blanking the modal.
 * Try again calls `load` anew (React.lazy keeps a rejected import for good, so it makes a fresh
 * one); the boundary is keyed by the attempt, so it starts clean. A `Suspense` above shows 'Loading'.
 */
export function lazyView<P extends object = Record<string, never>>(
  load: () => Promise<ViewModule<P>>,
): ComponentType<P> {
  const loadView = () =>
    load().catch((cause: unknown) => {
      throw new ViewLoadError(cause);
    });
  let View = lazy(loadView);
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per view at module level
  return function LazyView(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      View = lazy(loadView);
      setAttempt((n) => n + 1);
    };
    return (
      <ViewLoadBoundary key={attempt} retry={retry}>
        <View {...props} />
      </ViewLoadBoundary>
    );
  };
}

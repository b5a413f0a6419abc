import { Component, lazy, useState, type ComponentType, type ReactNode } from 'react';

/** A module as `React.lazy` takes it: its component as `default`. */
export type LazyModule<P> = { default: ComponentType<P> };

/** What shows in place of a lazy component whose chunk did not load: `retry` loads the chunk again. */
export type LoadFailedProps = { retry(): void };

/** The rejection of a lazy chunk's import, told apart from an error the component itself throws while rendering. */
class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('chunk failed to load', { cause });
    this.name = 'ChunkLoadError';
  }
}

/**
 * Catches a {@link ChunkLoadError} below it and shows `failed` in its place; any other error goes on
 * up, as without it.
 */
class ChunkLoadBoundary extends Component<
  { retry(): void; failed: ComponentType<LoadFailedProps>; children: ReactNode },
  { error: unknown }
> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render(): ReactNode {
    const { error } = this.state;
    const Failed = this.props.failed;
    if (error instanceof ChunkLoadError) return <Failed retry={this.props.retry} />;
    if (error) throw error;
    return this.props.children;
  }
}

/**
 * `React.lazy(load)` that shows `failed` when the chunk fails to load (network down, a new deployment
 * removed it) instead of blanking or breaking what is around it. Its Try again (`retry`) calls `load`
 * anew (React.lazy keeps a rejected import for good, so it makes a fresh one); the boundary is keyed
 * by the attempt, so it starts clean. A `Suspense` above shows the loading state. The shared core of
 * `lazyView` (a whole view) and `lazyPart` (a part inside a view).
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<LazyModule<P>>,
  failed: ComponentType<LoadFailedProps>,
): ComponentType<P> {
  const loadChunk = () =>
    load().catch((cause: unknown) => {
      throw new ChunkLoadError(cause);
    });
  let Loaded = lazy(loadChunk);
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per component at module level
  return function LazyWithRetry(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Loaded = lazy(loadChunk);
      setAttempt((n) => n + 1);
    };
    return (
      <ChunkLoadBoundary key={attempt} retry={retry} failed={failed}>
        <Loaded {...props} />
      </ChunkLoadBoundary>
    );
  };
}

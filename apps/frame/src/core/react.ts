import {
  createContext,
  createElement,
  useContext,
  useEffect,
  type DependencyList,
  type EffectCallback,
  type ReactNode,
} from 'react';
import { useStore } from 'zustand';
import { afterPaint } from './afterPaint.ts';
import type { Frame } from '../store/frame.ts';
import type { FrameState } from '../store/state.ts';

/** The frame instance for the React tree (null when the frame could not boot). */
const FrameContext = createContext<Frame | null>(null);

/** Provides `frame` to the views. */
export function FrameProvider({ frame, children }: { frame: Frame; children: ReactNode }) {
  return createElement(FrameContext.Provider, { value: frame }, children);
}

/** The frame instance. @throws Error outside a {@link FrameProvider}. */
export function useFrame(): Frame {
  const frame = useContext(FrameContext);
  if (!frame) throw new Error('useFrame outside FrameProvider');
  return frame;
}

/** A slice of the frame's store; the component re-renders when the selected value changes (`Object.is`). */
export function useFrameState<T>(selector: (state: FrameState) => T): T {
  return useStore(useFrame().store, selector);
}

/**
 * Whether the modal is open (`modal.open`); the component re-renders when it changes. The modal
 * stays rendered while closed (hidden, inert) so that opening only reveals it.
 */
export function useModalOpen(): boolean {
  return useFrameState((s) => s.modal.open);
}

/**
 * Runs `effect` while the modal is open, WITHOUT re-rendering the component when it opens or
 * closes: the closed modal keeps its view rendered (hidden), and what a view fetches, polls or
 * asks the secure frame for the visitor waits for the modal to open, as a mount did before.
 * The effect starts after the next paint (core/afterPaint.ts: the reveal is painted first)
 * and its cleanup runs when the modal closes, when `deps` change or on unmount.
 */
export function useWhileOpen(effect: EffectCallback, deps: DependencyList): void {
  const frame = useFrame();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `effect` is the caller's; it changes with `deps`
  useEffect(() => {
    let running = false;
    let cleanup: ReturnType<EffectCallback>;
    let cancel: undefined | (() => void);
    const stop = () => {
      cancel?.();
      if (typeof cleanup === 'function') cleanup();
      cleanup = undefined;
    };
    const sync = (open: boolean) => {
      if (open === running) return;
      running = open;
      if (!open) return stop();
      cancel = afterPaint(() => {
        cleanup = effect();
      });
    };
    sync(frame.store.getState().modal.open);
    const unsubscribe = frame.store.subscribe((s) => sync(s.modal.open));
    return () => {
      unsubscribe();
      stop();
    };
  }, [frame, ...deps]);
}

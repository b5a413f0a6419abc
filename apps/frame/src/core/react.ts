import { createContext, createElement, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { Frame } from './frame.ts';
import type { FrameState } from './state.ts';

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

import type { Widget } from '@airlock/host-sdk';
import { shallowRef, type ShallowRef } from 'vue';

/** The widget state as the dapp sees it (spec §3, §4): what `widget.getState()` returns once the frame has spoken. */
export type WidgetState = NonNullable<ReturnType<Widget['getState']>>;

/**
 * The Vue side of one widget, made by {@link createAirlock} (one per Vue app, never at module
 * level): the widget and its last state as shallow refs, so every composable of the app reads
 * the same two refs and the widget has one subscription whatever the number of components.
 */
export type WidgetStore = {
  /** The widget, or `null` while there is none (server render, before the app is mounted, after unmount). */
  widget: Readonly<ShallowRef<Widget | null>>;
  /** The widget's last state (spec §3), `undefined` without a widget or before the frame's first state. */
  state: Readonly<ShallowRef<WidgetState | undefined>>;
  /** Replaces the widget (or clears it with `null`): follows the new one's states, stops following the old one. */
  setWidget(widget: Widget | null): void;
};

/** Creates a {@link WidgetStore}, optionally holding `widget` from the start. Touches no browser API. */
export const createWidgetStore = (initial: Widget | null = null): WidgetStore => {
  const widget = shallowRef<Widget | null>(null);
  const state = shallowRef<WidgetState | undefined>(undefined);
  let off: (() => void) | undefined;
  const setWidget = (w: Widget | null) => {
    if (w === widget.value) return;
    off?.();
    widget.value = w;
    state.value = w?.getState();
    off = w?.subscribe((s) => {
      state.value = s;
    });
  };
  setWidget(initial);
  return { widget, state, setWidget };
};

import type { Widget } from '@airlock/host-sdk';

/** The widget state as the dapp sees it (spec §3, §4): what `widget.getState()` returns once the frame has spoken. */
export type WidgetState = NonNullable<ReturnType<Widget['getState']>>;

/**
 * The React side of one widget: holds the widget (or `null` before it is created on the client
 * and after unmount) and lets `useSyncExternalStore` follow both the widget and its state.
 * Created per `<AirlockProvider>`, never at module level.
 */
export type WidgetStore = {
  /** The widget, or `null` while there is none (server render, before the provider's effect). */
  getWidget(): Widget | null;
  /** Replaces the widget (or clears it with `null`) and notifies subscribers. */
  setWidget(widget: Widget | null): void;
  /** The widget's last state (spec §3), `undefined` without a widget or before the frame's first state. */
  getState(): WidgetState | undefined;
  /** Calls `listener` when the widget or its state changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
};

/** Creates a {@link WidgetStore}, optionally holding `widget` from the start. Touches no browser API. */
export const createWidgetStore = (initial: Widget | null = null): WidgetStore => {
  let widget = initial;
  let offState: (() => void) | undefined;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) l();
  };
  const follow = () => {
    offState?.();
    offState = widget && listeners.size ? widget.subscribe(notify) : undefined;
  };
  return {
    getWidget: () => widget,
    setWidget: (w) => {
      if (w === widget) return;
      widget = w;
      follow();
      notify();
    },
    getState: () => widget?.getState(),
    subscribe: (l) => {
      listeners.add(l);
      if (listeners.size === 1) follow();
      return () => {
        listeners.delete(l);
        if (!listeners.size) follow();
      };
    },
  };
};

import { createWidget, type Widget, type WidgetOptions } from '@airlock/host-sdk';
import { createContext, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { createWidgetStore, type WidgetStore } from './store.ts';

/** The context `<AirlockProvider>` fills; `null` outside one (the hooks then throw). */
export const AirlockContext = createContext<WidgetStore | null>(null);

/** Props of {@link AirlockProvider}: either a widget you created, or the options to create one. */
export type AirlockProviderProps = { children?: ReactNode } & (
  | {
      /** A widget from `createWidget(...)`, created by you on the client; you destroy it. */
      widget: Widget;
      options?: never;
    }
  | {
      /**
       * Options of `createWidget` (projectId, networks, frameUrl, …). The provider creates the
       * widget in an effect, so only in the browser and after hydration, and destroys it on
       * unmount. Read once at mount: to apply new options, remount with another `key`.
       */
      options: WidgetOptions;
      widget?: never;
    }
);

/**
 * Makes one Airlock widget available to the hooks below it (`useAccount`, `useNetwork`,
 * `useWidgetState`, `useWidget`, `useProvider`). Safe under server rendering: nothing here
 * touches `window` during render or import; on the server and in the first client render the
 * hooks see no widget (state `undefined`), as the markup the server sent.
 *
 * @throws TypeError (from `createWidget`, in the effect) when `options.frameUrl` is not a URL.
 */
export function AirlockProvider(props: AirlockProviderProps): ReactElement {
  const [store] = useState(() => createWidgetStore(props.widget ?? null));
  const { widget, options } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: options are read once at mount (documented above).
  useEffect(() => {
    if (widget) {
      store.setWidget(widget);
      return undefined;
    }
    if (!options) return undefined;
    const created = createWidget(options);
    store.setWidget(created);
    return () => {
      store.setWidget(null);
      created.destroy();
    };
  }, [store, widget]);
  return <AirlockContext.Provider value={store}>{props.children}</AirlockContext.Provider>;
}

import { createWidget, type Widget, type WidgetOptions } from '@airlock/host-sdk';
import type { App, InjectionKey, Plugin } from 'vue';
import { createWidgetStore, type WidgetStore } from './store.ts';

/** The key under which {@link createAirlock}'s plugin provides its {@link WidgetStore} (read by the composables). */
export const AirlockKey: InjectionKey<WidgetStore> = Symbol('airlock');

/** What {@link createAirlock} takes: either a widget you created, or the options to create one. */
export type AirlockPluginOptions =
  | {
      /** A widget from `createWidget(...)`, created by you in the browser; you destroy it. */
      widget: Widget;
      options?: never;
    }
  | {
      /**
       * Options of `createWidget` (projectId, networks, frameUrl, …). The plugin creates the widget
       * when the app is mounted in a browser (never on the server, so Nuxt and `renderToString`
       * render the disconnected state) and destroys it when the app is unmounted.
       */
      options: WidgetOptions;
      widget?: never;
    };

/** The Vue plugin of one widget, with its store (`app.use(airlock)`). */
export type AirlockPlugin = Plugin & {
  /** The widget and its state, as the composables read them. */
  store: WidgetStore;
};

/**
 * Makes one Airlock widget available to the composables of a Vue app (`useAccount`, `useNetwork`,
 * `useWidgetState`, `useWidget`, `useProvider`): `app.use(createAirlock({ options }))`.
 * Safe under server rendering: nothing here touches `window` during install or render; with
 * `options` the widget is created on the client when `app.mount()` runs, after hydration has read
 * the server's markup (the composables see no widget, state `undefined`, until then).
 *
 * @throws TypeError (from `createWidget`, at mount) when `options.frameUrl` is not a URL.
 */
export const createAirlock = (config: AirlockPluginOptions): AirlockPlugin => {
  const store = createWidgetStore(config.widget ?? null);
  const install = (app: App) => {
    app.provide(AirlockKey, store);
    const { options } = config;
    if (!options || typeof window === 'undefined') return;
    // Created at mount, not at install: `app.use` may run during server rendering or before the
    // app is ever mounted. `app.mount` is wrapped rather than using a root component's hook so the
    // plugin works with any root component.
    const mount = app.mount;
    app.mount = (...args: Parameters<App['mount']>) => {
      const vm = mount(...args);
      if (!store.widget.value) store.setWidget(createWidget(options));
      return vm;
    };
    app.onUnmount(() => {
      const created = store.widget.value;
      store.setWidget(null);
      created?.destroy();
    });
  };
  return { install, store };
};

/**
 * @airlock/vue: Vue 3 bindings for the Airlock widget. Install the plugin,
 * `app.use(createAirlock({ options }))` (or `{ widget }`), then read the widget in any component's
 * `setup` with `useAccount`, `useNetwork`, `useWidgetState`, `useWidget` and `useProvider`.
 * Safe under server rendering (Nuxt). See docs/sdk.md.
 */
export { AirlockKey, createAirlock, type AirlockPlugin, type AirlockPluginOptions } from './plugin.ts';
export {
  useAccount,
  useNetwork,
  useProvider,
  useWidget,
  useWidgetState,
  type AccountState,
  type NetworkState,
  type WidgetActions,
} from './composables.ts';
export { createWidgetStore, type WidgetState, type WidgetStore } from './store.ts';

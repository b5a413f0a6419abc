/**
 * @airlock/vue: Vue 3 bindings for the Airlock widget. Install the plugin,
 * `app.use(createAirlock({ options }))` (or `{ widget }`), then read the widget in any component's
 * `setup` with `useAccount`, `useNetwork`, `useWidgetState`, `useWidget`, `useProvider` and the multi-wallet
 * `useConnections` (with `switchConnection` / `deleteConnection` in `useWidget`).
 * Safe under server rendering (Nuxt). See docs/sdk.md.
 */
export { AirlockKey, createAirlock, type AirlockPlugin, type AirlockPluginOptions } from './plugin.ts';
export {
  useAccount,
  useConnections,
  useNetwork,
  useProvider,
  useWidget,
  useWidgetState,
  type AccountState,
  type NetworkState,
  type WidgetActions,
} from './composables.ts';
export type { Connection } from '@airlock/host-sdk';
export { createWidgetStore, type WidgetState, type WidgetStore } from './store.ts';

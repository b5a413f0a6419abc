/**
 * @airlock/react: React bindings for the Airlock widget. Wrap the app in `<AirlockProvider>`
 * (a widget, or the options of `createWidget`), then read the widget with `useAccount`,
 * `useNetwork`, `useWidgetState`, `useWidget` and `useProvider`. See docs/sdk.md.
 */
export { AirlockContext, AirlockProvider, type AirlockProviderProps } from './provider.tsx';
export {
  useAccount,
  useNetwork,
  useProvider,
  useWidget,
  useWidgetState,
  type AccountState,
  type NetworkState,
  type WidgetActions,
} from './hooks.ts';
export { createWidgetStore, type WidgetState, type WidgetStore } from './store.ts';

/**
 * @airlock/react: React bindings for the Airlock widget. Wrap the app in `<AirlockProvider>`
 * (a widget, or the options of `createWidget`), then read the widget with `useAccount`,
 * `useNetwork`, `useWidgetState`, `useWidget`, `useProvider`, and the multi-wallet
 * `useConnections` / `useSwitchConnection`. See docs/sdk.md.
 */
export { AirlockContext, AirlockProvider, type AirlockProviderProps } from './provider.tsx';
export {
  useAccount,
  useConnections,
  useNetwork,
  useProvider,
  useSwitchConnection,
  useWidget,
  useWidgetState,
  type AccountState,
  type NetworkState,
  type SwitchConnectionActions,
  type WidgetActions,
} from './hooks.ts';
export type { Connection } from '@airlock/host-sdk';
export { createWidgetStore, type WidgetState, type WidgetStore } from './store.ts';

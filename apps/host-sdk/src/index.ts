/**
 * @airlock/host-sdk: the only code a dapp loads. `createWidget(...)` mounts the widget
 * iframe, connects to it, and hands out EIP-1193 providers. The modal, the connectors and the
 * widget's state live in the frame, on its own origin; see PROTOCOL.md for the contract.
 */
export { createWidget } from './createWidget.ts';
export type { ExtensionContext, OpenOptions, Widget, WidgetExtension, WidgetOptions } from './widgetTypes.ts';
export type { AnnounceOptions } from './announce.ts';
/** Multi-wallet shapes (PROTOCOL.md): a connection, its accounts, the `subscribeConnections` event, the switch and delete arguments. */
export type {
  Connection,
  ConnectionAccount,
  ConnectionsEvent,
  DeleteConnectionArgs,
  SwitchConnectionArgs,
} from '@airlock/protocol';
export { ProviderRpcError } from './ProviderRpcError.ts';
export type { EIP1193Provider, ProviderEvents, RequestArguments } from './provider.ts';
export type { EIP6963ProviderDetail, EIP6963ProviderInfo, WalletProvider } from './discovery.ts';
